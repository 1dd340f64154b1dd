/** Rounding shared by the analysis stages (not part of the movescore API: index.ts does not export it). */
export const round1 = (value: number) => Math.round(value * 10) / 10;
export const round3 = (value: number) => Math.round(value * 1000) / 1000;
