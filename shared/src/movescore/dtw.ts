/**
 * Time normalisation and dynamic time warping over feature vectors. A rep is first resampled
 * to a fixed number of samples (so a slow rep and a fast one compare: tempo is reported, not
 * scored), then DTW lines up its phases with the template's (a longer pause at the bottom
 * does not shift the whole way up), within a band so it cannot warp away a missing phase.
 */

/**
 * Resamples `column[start..end]` (inclusive) at `count` evenly spaced times, interpolating
 * linearly and skipping NaN samples. Returns all NaN when fewer than half the samples are known.
 */
export function resample(
  t: ArrayLike<number>,
  column: ArrayLike<number>,
  start: number,
  end: number,
  count: number,
): Float64Array {
  const out = new Float64Array(count).fill(Number.NaN);
  const times: number[] = [];
  const values: number[] = [];
  for (let i = start; i <= end; i += 1) {
    if (Number.isNaN(column[i]!)) continue;
    times.push(t[i]!);
    values.push(column[i]!);
  }
  if (times.length < 2 || times.length * 2 < end - start + 1) return out;
  const t0 = t[start]!;
  const span = t[end]! - t0;
  let j = 0;
  for (let s = 0; s < count; s += 1) {
    const at = t0 + (span * s) / (count - 1);
    while (j < times.length - 2 && times[j + 1]! < at) j += 1;
    const ta = times[j]!;
    const tb = times[j + 1]!;
    const ratio = Math.min(1, Math.max(0, (at - ta) / (tb - ta)));
    out[s] = values[j]! + ratio * (values[j + 1]! - values[j]!);
  }
  return out;
}

/**
 * Weighted distance (degrees) between sample i of `a` and sample j of `b`: the root of the
 * weighted mean squared difference over the features both know.
 */
function distance(
  a: readonly Float64Array[],
  i: number,
  b: readonly Float64Array[],
  j: number,
  weights: readonly number[],
): number {
  let sum = 0;
  let weight = 0;
  for (let f = 0; f < a.length; f += 1) {
    const delta = a[f]![i]! - b[f]![j]!;
    if (Number.isNaN(delta)) continue;
    sum += weights[f]! * delta * delta;
    weight += weights[f]!;
  }
  return weight > 0 ? Math.sqrt(sum / weight) : Number.NaN;
}

export type TDtwResult = {
  /** Mean distance along the warping path, in degrees. */
  cost: number;
  /** Aligned pairs [i in a, j in b], from the start to the end. */
  path: Array<[number, number]>;
};

/**
 * DTW between two multi-feature sequences (features x samples) with a Sakoe-Chiba band of
 * `band` samples. Unknown distances (no shared feature) cost as much as the largest known one.
 */
export function dtw(
  a: readonly Float64Array[],
  b: readonly Float64Array[],
  weights: readonly number[],
  band: number,
): TDtwResult {
  const n = a[0]?.length ?? 0;
  const m = b[0]?.length ?? 0;
  if (n === 0 || m === 0) return { cost: Number.NaN, path: [] };
  const radius = Math.max(band, Math.abs(n - m));
  const local = new Float64Array(n * m).fill(Number.NaN);
  let fallback = 0;
  for (let i = 0; i < n; i += 1) {
    for (
      let j = Math.max(0, i - radius);
      j < Math.min(m, i + radius + 1);
      j += 1
    ) {
      const d = distance(a, i, b, j, weights);
      local[i * m + j] = d;
      if (d > fallback) fallback = d;
    }
  }
  // Classic DTW: accumulated cost with steps diagonal / down / right; `from` remembers the
  // step taken (1 diagonal, 2 from i-1, 3 from j-1) for the way back.
  const total = new Float64Array(n * m).fill(Number.POSITIVE_INFINITY);
  const from = new Uint8Array(n * m);
  for (let i = 0; i < n; i += 1) {
    for (
      let j = Math.max(0, i - radius);
      j < Math.min(m, i + radius + 1);
      j += 1
    ) {
      const cell = i * m + j;
      const raw = local[cell]!;
      const d = Number.isNaN(raw) ? fallback : raw;
      if (i === 0 && j === 0) {
        total[cell] = d;
        continue;
      }
      const diagonal =
        i > 0 && j > 0 ? total[cell - m - 1]! : Number.POSITIVE_INFINITY;
      const up = i > 0 ? total[cell - m]! : Number.POSITIVE_INFINITY;
      const left = j > 0 ? total[cell - 1]! : Number.POSITIVE_INFINITY;
      if (diagonal <= up && diagonal <= left) {
        total[cell] = diagonal + d;
        from[cell] = 1;
      } else if (up <= left) {
        total[cell] = up + d;
        from[cell] = 2;
      } else {
        total[cell] = left + d;
        from[cell] = 3;
      }
    }
  }
  const path: Array<[number, number]> = [];
  let i = n - 1;
  let j = m - 1;
  path.push([i, j]);
  while (i > 0 || j > 0) {
    const step = from[i * m + j];
    if (step !== 3) i -= 1;
    if (step !== 2) j -= 1;
    path.push([i, j]);
  }
  path.reverse();
  return { cost: total[n * m - 1]! / path.length, path };
}
