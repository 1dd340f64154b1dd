/**
 * How far each of a movement's confirming signals (the hip and trunk of a squat) moves during
 * the rep under way, for the rep tracker (reps.ts): each one's lowest and highest value since
 * the rep left rest, NaN samples (unseen) left out.
 */
export class ConfirmRanges {
  private readonly low: Float64Array;
  private readonly high: Float64Array;
  private readonly now: Float64Array;
  /** The values at the lowest point since the rep's peak: where it turned if it rises again. */
  private readonly atTrough: Float64Array;

  constructor(count: number) {
    this.low = new Float64Array(count);
    this.high = new Float64Array(count);
    this.now = new Float64Array(count).fill(Number.NaN);
    this.atTrough = new Float64Array(count).fill(Number.NaN);
    this.restart();
  }

  /** Takes the signals' values at one sample (NaN where unseen). */
  push(confirm: ArrayLike<number>): void {
    for (let j = 0; j < this.now.length; j += 1) {
      const v = confirm[j] ?? Number.NaN;
      this.now[j] = v;
      if (v < this.low[j]!) this.low[j] = v;
      if (v > this.high[j]!) this.high[j] = v;
    }
  }

  /** Starts following the signals afresh from the current sample. */
  restart(): void {
    for (let j = 0; j < this.now.length; j += 1) {
      const v = this.now[j]!;
      this.low[j] = Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
      this.high[j] = Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
    }
  }

  /** The current sample is the rep's lowest since its peak. */
  markTrough(): void {
    this.atTrough.set(this.now);
  }

  /** The next rep's signals are followed from where this one turned (its trough) to now. */
  restartFromTrough(): void {
    for (let j = 0; j < this.now.length; j += 1) {
      const [turn, now] = [this.atTrough[j]!, this.now[j]!];
      const seen = [turn, now].filter((v) => !Number.isNaN(v));
      this.low[j] = Math.min(...seen);
      this.high[j] = Math.max(...seen);
    }
  }

  /** How far each signal moved (NaN: not seen during the rep), then starts afresh. */
  take(): number[] {
    const ranges = Array.from(this.low, (low, j) => (this.high[j]! >= low ? this.high[j]! - low : Number.NaN));
    this.restart();
    return ranges;
  }
}
