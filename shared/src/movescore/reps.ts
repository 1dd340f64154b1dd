/**
 * Rep counting on the counting signal (e.g. the knee angle of a squat), one sample at a time:
 * the same tracker runs offline over a whole take and live, frame by frame, so both count alike.
 *
 * The signal is oriented so that it grows towards the far end of a rep (the bottom of a squat).
 * A rep starts when the signal rises `enter` x the expected excursion above the lowest point
 * since the last rep, and is counted once it has come back `exit` of the way from its peak
 * (hysteresis: jitter cannot count twice), or where it turned if it turns into the next one.
 * The expected excursion learns the person's own reps, and a candidate must be like them and
 * move the movement's confirming signals as they did (learned-reps.ts, confirm-ranges.ts). The
 * first rep is provisional. The rules in full, and how they were arrived at, are in
 * docs/movescore-tuning.md.
 */
import { ConfirmRanges } from './confirm-ranges.js';
import { LearnedReps, MIN_EXCURSION_DEG, RELEARN_AFTER } from './learned-reps.js';
import { RecentRange } from './recent-range.js';

export type TRepPhase = 'setup' | 'top' | 'down' | 'bottom' | 'up';

export type TRepConfig = {
  /** Counting signal at rest and at the far end of the reference's reps, degrees. */
  rest: number;
  extreme: number;
  /** Fraction of the expected excursion above the rest candidate that starts a rep. */
  enter: number;
  /** Fraction of the way back from the peak to the rep's start that completes it. */
  exit: number;
  /** Level (fraction of the excursion) from which a rep is "at the bottom". */
  bottom: number;
  minRepMs: number;
  resetGapMs: number;
  /**
   * Where set, the expected excursion is at most the range the signal covered over `windowMs`
   * before (and MIN_EXCURSION_DEG): a reference from another person and camera gives the way, the
   * person's own movement how far it goes in this picture. A rep shallower than the reference's
   * would start one, found so, lasts at least `minRepMs`: jitter at rest is quicker than a rep.
   */
  recentRange?: { windowMs: number; minRepMs: number };
};

/** Default levels: a rep must go a third of the expected way, and come back three quarters of it. */
export const REP_LEVELS = { enter: 0.35, exit: 0.75, bottom: 0.8 } as const;
/** Within this fraction of the expected excursion from the rest candidate, the body is still at rest. */
const NEAR_REST = 0.1;
/** A first rep followed by more than this many rep lengths of pause was a lone movement before the set. */
const SET_GAP = 5;
/** A rep that comes back at least this fraction of the way and turns into the next one has ended. */
const REBOUND_BACK = 0.4;

export type TRep = {
  startMs: number;
  endMs: number;
  /** Frame indices (inclusive) in the series the tracker was fed. */
  startIndex: number;
  endIndex: number;
  /** Furthest point: as a fraction of the reference's rest->extreme (1 = as far), in degrees, and when. */
  peak: number;
  peakValue: number;
  peakMs: number;
  /** Signal at rest before the rep (the lowest point of the rest before it), degrees. */
  startValue: number;
  /**
   * This rep takes the place of the one counted before it (the count does not grow): the first
   * rep of a take is provisional, and withdrawn when the second shows it was a twitch.
   */
  replacesPrevious?: boolean;
  /**
   * Reps counted with this one, just before it: candidates unlike the learned reps, back to back
   * and like one another, which this one shows were the person's reps at a new pace or depth.
   */
  countsBefore?: TRep[];
};

type TPoint = { t: number; index: number; u: number; value: number };

export class RepTracker {
  private readonly config: TRepConfig;
  private readonly direction: number;
  private readonly span: number;
  private phaseNow: TRepPhase = 'setup';
  private lastT = Number.NaN;
  private valley: TPoint | null = null;
  private peak: TPoint | null = null;
  /** The last sample still near the rest candidate: where the rep under way started moving. */
  private leaving: TPoint | null = null;
  /** The lowest point since the peak of the rep under way (where it turned if it rises again). */
  private trough: TPoint | null = null;
  /** The excursion a rep is measured against now: `expected`, or less where the signal moved less of late (`recent`). */
  private excursion: number;
  /** The person's usual excursion: the reference's, then their counted reps' (learned-reps.ts). */
  private expected: number;
  private readonly recent: RecentRange | null;
  private readonly learned: LearnedReps;
  private readonly confirm: ConfirmRanges;
  /** The rep under way began where the last one turned, before the person was back at rest. */
  private isFromTurn = false;
  private lastCountedMs = Number.NEGATIVE_INFINITY;
  private reps = 0;
  /** The last candidates not counted for being unlike the learned reps (see TRep's countsBefore). */
  private unlikeReps: TRep[] = [];

  /** `confirming`: how many confirming signals `push` receives with each sample (see the header). */
  constructor(config: TRepConfig, confirming = 0) {
    this.config = config;
    this.learned = new LearnedReps(confirming);
    this.confirm = new ConfirmRanges(confirming);
    this.direction = config.extreme >= config.rest ? 1 : -1;
    this.span = Math.max(MIN_EXCURSION_DEG, Math.abs(config.extreme - config.rest));
    this.expected = this.span;
    this.excursion = this.span;
    this.recent = config.recentRange ? new RecentRange(config.recentRange.windowMs) : null;
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

  /**
   * Feeds one sample (with the confirming signals' values at the same instant, NaN where
   * unseen); returns the rep it completes, if any. NaN samples of the counting signal are skipped.
   */
  push(t: number, value: number, index = -1, confirm: ArrayLike<number> = []): TRep | null {
    if (Number.isNaN(value)) return null;
    this.confirm.push(confirm);
    if (t - this.lastT > this.config.resetGapMs) {
      this.valley = null;
      this.peak = null;
      this.leaving = null;
      this.trough = null;
      this.isFromTurn = false;
      this.confirm.restart();
      this.recent?.clear();
    }
    this.lastT = t;
    const point: TPoint = { t, index, u: this.direction * value, value };
    if (this.recent) this.excursion = Math.max(MIN_EXCURSION_DEG, Math.min(this.expected, this.recent.push(t, value)));
    if (!this.valley) {
      this.valley = point;
      this.phaseNow = 'top';
      return null;
    }
    if (!this.peak) {
      if (point.u <= this.valley.u) this.valley = point;
      // At rest as the usual reps are: a take moving less in this picture starts its reps sooner, from the same rest.
      if (point.u - this.valley.u <= NEAR_REST * this.expected) {
        this.leaving = point;
        this.confirm.restart();
      } else if (point.u - this.valley.u >= this.config.enter * this.excursion) this.peak = point;
      this.phaseNow = this.peak ? 'down' : 'top';
      return null;
    }
    if (point.u >= this.peak.u) {
      this.peak = point;
      this.trough = point;
      this.confirm.markTrough();
    } else if (!this.trough || point.u < this.trough.u) {
      this.trough = point;
      this.confirm.markTrough();
    }
    const depth = this.peak.u - this.valley.u;
    const back = this.peak.u - point.u;
    if (back >= this.config.exit * depth) return this.finish(point);
    // Fast reps may not come all the way back: a good part of the way back and then well into
    // the next one ends this rep where it turned.
    const trough = this.trough!;
    if (this.peak.u - trough.u >= REBOUND_BACK * depth && point.u - trough.u >= this.config.enter * this.excursion) {
      const rep = this.finish(trough);
      // The next rep's confirming signals are followed from where this one turned.
      this.confirm.restartFromTrough();
      this.isFromTurn = true;
      this.peak = point;
      this.trough = point;
      this.phaseNow = 'down';
      return rep;
    }
    if (back > 0.1 * depth) this.phaseNow = 'up';
    else if (depth >= this.config.bottom * this.excursion) this.phaseNow = 'bottom';
    else this.phaseNow = 'down';
    return null;
  }

  private finish(end: TPoint): TRep | null {
    // How far each confirming signal moved (NaN: not seen during the rep).
    const confirm = this.confirm.take();
    const rest = this.valley!;
    const start = this.leaving ?? rest;
    const peak = this.peak!;
    this.valley = end;
    this.leaving = end;
    this.peak = null;
    this.trough = null;
    this.phaseNow = 'top';
    const durationMs = end.t - start.t;
    const depth = peak.u - rest.u;
    // A rep that began where the last one turned is measured from the person's usual rest.
    const isFromTurn = this.isFromTurn;
    this.isFromTurn = false;
    const usualRest = isFromTurn ? this.learned.typicalRest() : undefined;
    const extent = usualRest === undefined ? depth : Math.max(depth, peak.u - usualRest);
    if (durationMs < this.config.minRepMs) return null;
    if (this.config.recentRange && depth < this.config.enter * this.expected && durationMs < this.config.recentRange.minRepMs) return null;
    const rep: TRep = {
      startMs: start.t,
      startIndex: start.index,
      startValue: rest.value,
      endMs: end.t,
      endIndex: end.index,
      peak: this.normalise(peak.value),
      peakValue: peak.value,
      peakMs: peak.t,
    };
    const isRelearnt = !this.learned.isLikeLearned(extent, durationMs, depth, confirm);
    // Unlike the learned reps (shallower, or much faster): not counted, unless several back to
    // back show the person changed; then their reps are learned again and this one counts, and
    // the ones before it too where they are like one another (not a burst of misread frames).
    if (isRelearnt && !this.learned.relearnsFrom({ depth, durationMs, confirm }, start.t, end.t)) {
      this.unlikeReps = [...this.unlikeReps, rep].slice(1 - RELEARN_AFTER);
      return null;
    }
    const countsBefore = isRelearnt && this.learned.isChangeSteady() ? this.unlikeReps : [];
    this.unlikeReps = [];
    this.learned.clearUnlike();
    // Nothing was known when the first rep was counted: if it is unlike the second, it was a
    // twitch; if the second came long after it, it was a lone movement before the set.
    const isLoneFirst = start.t - this.lastCountedMs > SET_GAP * durationMs;
    const replacesPrevious = this.reps === 1 && !isRelearnt && (isLoneFirst || !this.learned.isLikeFirst(depth, durationMs));
    if (replacesPrevious) {
      this.learned.forget();
      this.learned.forgetRests();
    } else {
      this.reps += 1 + countsBefore.length;
    }
    this.lastCountedMs = end.t;
    this.learned.learn({ depth, durationMs, confirm });
    if (!isFromTurn) this.learned.rememberRest(rest.u);
    this.expected = this.learned.excursion(this.span);
    this.excursion = this.expected;
    return { ...rep, ...(replacesPrevious ? { replacesPrevious } : {}), ...(countsBefore.length > 0 ? { countsBefore } : {}) };
  }
}

/** Every rep of a whole signal (offline), with its confirming signals (each as long as `signal`). */
export function segmentReps(t: ArrayLike<number>, signal: ArrayLike<number>, config: TRepConfig, confirming: readonly ArrayLike<number>[] = []): TRep[] {
  const tracker = new RepTracker(config, confirming.length);
  const reps: TRep[] = [];
  const confirm = new Float64Array(confirming.length);
  for (let i = 0; i < signal.length; i += 1) {
    for (let j = 0; j < confirming.length; j += 1) confirm[j] = confirming[j]![i]!;
    const rep = tracker.push(t[i]!, signal[i]!, i, confirm);
    if (rep?.replacesPrevious) reps.pop();
    if (rep) reps.push(...(rep.countsBefore ?? []), rep);
  }
  return reps;
}
