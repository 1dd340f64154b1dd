/**
 * How regularly a signal repeats: the height of its autocorrelation's first hump after the dip
 * that follows lag 0 (1 for a signal that repeats exactly, near 0 for one that drifts or only
 * jitters). Used to choose what an "Other" movement is counted on (own-reps.ts).
 */

/** Lags up to this long are tried: a rep slower than this is not told by its repeats. */
const LONGEST_LAG_MS = 10_000;
/** Lags are tried this far apart at most (15 a second: enough for reps of half a second or more). */
const LAG_STEP_MS = 1000 / 15;

/** The signal with gaps (NaN) held at the last value seen (the first seen before it), less its mean; null when nothing is seen. */
function centred(signal: ArrayLike<number>): Float64Array | null {
  const out = new Float64Array(signal.length);
  let last = Number.NaN;
  let sum = 0;
  let seen = 0;
  for (let i = 0; i < signal.length; i += 1) {
    if (Number.isFinite(signal[i]!)) {
      last = signal[i]!;
      sum += last;
      seen += 1;
    }
    out[i] = last;
  }
  if (seen === 0) return null;
  const first = out.find(Number.isFinite)!;
  const mean = sum / seen;
  for (let i = 0; i < out.length; i += 1) out[i] = (Number.isFinite(out[i]!) ? out[i]! : first) - mean;
  return out;
}

/**
 * The signal's periodicity (see the header), sampled at times `t` (ms; about evenly): the
 * largest autocorrelation, each lag's over the samples it pairs, past the first local minimum
 * and up to LONGEST_LAG_MS or half the take. 0 for a take too short or a signal that never moves.
 */
export function periodicity(t: ArrayLike<number>, signal: ArrayLike<number>): number {
  const x = centred(signal);
  const n = signal.length;
  if (!x || n < 4) return 0;
  const frameMs = (t[n - 1]! - t[0]!) / (n - 1);
  if (!(frameMs > 0)) return 0;
  const step = Math.max(1, Math.round(LAG_STEP_MS / frameMs));
  const longest = Math.min(Math.floor(n / 2), Math.round(LONGEST_LAG_MS / frameMs));
  let energy = 0;
  for (let i = 0; i < n; i += 1) energy += x[i]! * x[i]!;
  if (!(energy > 0)) return 0;
  let previous = 1;
  let isPastDip = false;
  let best = 0;
  for (let lag = step; lag <= longest; lag += step) {
    let sum = 0;
    for (let i = 0; i + lag < n; i += 1) sum += x[i]! * x[i + lag]!;
    const r = ((sum / energy) * n) / (n - lag);
    // Past the first local minimum: where the signal starts to look like itself again.
    isPastDip ||= r > previous;
    if (isPastDip) best = Math.max(best, r);
    previous = r;
  }
  return best;
}
