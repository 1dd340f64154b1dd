/**
 * The range a signal covered over its last few seconds (highest less lowest), one sample at a
 * time: what the person is doing now, for a rep tracker whose expected excursion comes from
 * someone else's take (reps.ts). Monotonic queues: O(1) a sample on average, live and offline alike.
 */
export class RecentRange {
  private readonly windowMs: number;
  private readonly lows: { t: number; v: number }[] = [];
  private readonly highs: { t: number; v: number }[] = [];

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  /** Takes a sample and returns the range over the window ending at it. */
  push(t: number, v: number): number {
    while (this.lows.length > 0 && this.lows.at(-1)!.v >= v) this.lows.pop();
    while (this.highs.length > 0 && this.highs.at(-1)!.v <= v) this.highs.pop();
    this.lows.push({ t, v });
    this.highs.push({ t, v });
    while (this.lows[0]!.t < t - this.windowMs) this.lows.shift();
    while (this.highs[0]!.t < t - this.windowMs) this.highs.shift();
    return this.highs[0]!.v - this.lows[0]!.v;
  }

  /** Forgets what was seen (the signal went out of view). */
  clear(): void {
    this.lows.length = 0;
    this.highs.length = 0;
  }
}
