/** Small numeric helpers shared by the analysis stages (not part of the movescore API: index.ts does not export it). */
/** To one decimal; never -0 (a reference stored as JSON reads back 0, and must equal itself). */
export const round1 = (value: number) => Math.round(value * 10) / 10 + 0;
export const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The q-quantile (0..1) of sorted values, interpolated between neighbours; NaN when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The median (of an even count, the mean of the middle two); NaN when there are none. */
export const median = (values: readonly number[]): number => quantile([...values].sort((a, b) => a - b), 0.5);

/** The lower median: of an even count, the smaller of the middle two (an actual value, never a mean); NaN when there are none. */
export function lowerMedian(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
}

/** The finite values, sorted. */
export function finiteSorted(values: ArrayLike<number>): number[] {
  return Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
}

/**
 * Robust range: 10th to 90th percentile of the finite values (NaN when there are none), so a
 * few wild frames of a noisy joint, a pose-model glitch, are no movement, while a fault held for
 * a tenth of the time or longer still shows.
 */
export function robustRange(values: ArrayLike<number>): number {
  const known = finiteSorted(values);
  return quantile(known, 0.9) - quantile(known, 0.1);
}
