/**
 * Rep segmentation on the primary signal (e.g. the knee angle of a squat).
 *
 * The signal is normalised against the reference: 0 is the rest position (standing), 1 the
 * reference's extreme (the bottom of its squats). A rep starts when the signal goes past the
 * `enter` level and is counted when it comes back under the `exit` level: the gap between
 * the two (hysteresis) keeps jitter from counting twice. A rep shorter than `minRepMs` is
 * dropped (a twitch), and nothing counts until the signal has held the rest position for
 * `settleMs`, so getting into position is not a rep. The same tracker runs offline over a
 * whole take and live, one frame at a time.
 */

export type TRepPhase = 'setup' | 'top' | 'down' | 'bottom' | 'up';

export type TRepConfig = {
  /** Primary signal at rest and at the reference's extreme, in degrees. */
  rest: number;
  extreme: number;
  /** Hysteresis levels as fractions of rest->extreme. */
  enter: number;
  exit: number;
  /** Level from which a rep is "at the bottom", as a fraction. */
  bottom: number;
  minRepMs: number;
  settleMs: number;
  /** A gap in the signal longer than this (person out of view) abandons the rep under way. */
  resetGapMs: number;
};

/** Fractions of the reference's range used for the hysteresis. */
export const REP_LEVELS = { enter: 0.35, exit: 0.15, bottom: 0.8 } as const;

export type TRep = {
  startMs: number;
  endMs: number;
  /** Frame indices (inclusive) in the series the tracker was fed, when it was given them. */
  startIndex: number;
  endIndex: number;
  /** Deepest point: normalised (1 = the reference's extreme) and in degrees, and when. */
  peak: number;
  peakValue: number;
  peakMs: number;
};

type TMark = { t: number; index: number };

export class RepTracker {
  private readonly config: TRepConfig;
  private phaseNow: TRepPhase = 'setup';
  private settleSince = Number.NaN;
  private lastT = Number.NaN;
  private start: TMark = { t: 0, index: 0 };
  private current: TRep | null = null;
  private reps = 0;

  constructor(config: TRepConfig) {
    this.config = config;
  }

  get phase(): TRepPhase {
    return this.phaseNow;
  }

  get count(): number {
    return this.reps;
  }

  /** Signal value (degrees) as a fraction of the reference's rest->extreme range. */
  normalise(value: number): number {
    return (value - this.config.rest) / (this.config.extreme - this.config.rest);
  }

  /** Feeds one sample; returns the rep it completes, if any. NaN samples are skipped. */
  push(t: number, value: number, index = -1): TRep | null {
    if (Number.isNaN(value)) return null;
    const isAfterLongGap = t - this.lastT > this.config.resetGapMs;
    this.lastT = t;
    if (isAfterLongGap) this.toSetup();
    const level = this.normalise(value);
    const { enter, exit, bottom } = this.config;
    if (this.phaseNow === 'setup') {
      this.settle(t, level, index);
      return null;
    }
    if (this.phaseNow === 'top') {
      if (level <= exit) this.start = { t, index };
      if (level > enter) {
        this.current = {
          startMs: this.start.t,
          startIndex: this.start.index,
          endMs: t,
          endIndex: index,
          peak: level,
          peakValue: value,
          peakMs: t,
        };
        this.phaseNow = level >= bottom ? 'bottom' : 'down';
      }
      return null;
    }
    const rep = this.current!;
    if (level > rep.peak) Object.assign(rep, { peak: level, peakValue: value, peakMs: t });
    if (level < exit) return this.finish(rep, t, index);
    const hasTurned = rep.peak - level > 0.1;
    if (hasTurned) this.phaseNow = 'up';
    else if (level >= bottom) this.phaseNow = 'bottom';
    else if (this.phaseNow !== 'up') this.phaseNow = 'down';
    return null;
  }

  private settle(t: number, level: number, index: number): void {
    if (level >= this.config.exit) {
      this.settleSince = Number.NaN;
      return;
    }
    if (Number.isNaN(this.settleSince)) this.settleSince = t;
    if (t - this.settleSince < this.config.settleMs) return;
    this.phaseNow = 'top';
    this.start = { t, index };
  }

  private finish(rep: TRep, t: number, index: number): TRep | null {
    this.current = null;
    this.phaseNow = 'top';
    this.start = { t, index };
    rep.endMs = t;
    rep.endIndex = index;
    if (t - rep.startMs < this.config.minRepMs) return null;
    this.reps += 1;
    return rep;
  }

  private toSetup(): void {
    this.phaseNow = 'setup';
    this.settleSince = Number.NaN;
    this.current = null;
  }
}

/** Every rep of a whole signal (offline). */
export function segmentReps(t: ArrayLike<number>, signal: ArrayLike<number>, config: TRepConfig): TRep[] {
  const tracker = new RepTracker(config);
  const reps: TRep[] = [];
  for (let i = 0; i < signal.length; i += 1) {
    const rep = tracker.push(t[i]!, signal[i]!, i);
    if (rep) reps.push(rep);
  }
  return reps;
}
