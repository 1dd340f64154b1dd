/** How the replay writes its figures: a score as a percentage ("not judged" without one), a time in seconds. */
export const percent = (fraction: number | null) => (fraction === null ? 'not judged' : `${Math.round(fraction * 100)}%`);
export const seconds = (value: number) => `${value.toFixed(1)} s`;
