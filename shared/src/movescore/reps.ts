/**
 * Rep counting on the counting signal (e.g. the knee angle of a squat), one sample at a time:
 * the same tracker runs offline over a whole take and live, frame by frame, so both count alike.
 *
 * No still start is needed and a take may begin mid-rep. The signal is oriented so that it
 * grows towards the far end of a rep (the bottom of a squat). The tracker follows the lowest
 * point since the last rep (the rest candidate, `valley`); a rep starts when the signal rises
 * `enter` x the expected excursion above it, and is counted once it has come back `exit` of
 * the way from its peak to where it started (hysteresis: jitter cannot count twice). The
 * expected excursion starts at the reference's and then learns the person's own from the
 * median of their counted reps, within bounds, so shallow movers and camera angles that shrink
 * the angle still count. Once reps are learned, a candidate must be like them (a share of their
 * excursion and of their duration): a half dip after the set or a pose-model glitch is not a
 * rep; RELEARN_AFTER such candidates back to back mean the person changed (tired, sped up),
 * and their reps are learned again. The first rep is provisional: the second replaces it when
 * it was a twitch or a lone movement long before the set (walking into place). The movement's
 * confirming signals (e.g. the hip and trunk of a squat) must move with it as they did in the
 * counted reps: a knee bend that is not a squat (bending to pick something up, stepping away
 * after the set) moves the knee alike but the rest of the body differently. A confirming
 * signal confirms a candidate when it moves, for each degree of the counting signal, at least
 * LIKE_LEARNED.excursion of what it did in the counted reps (a ratio, so fast reps that turn
 * before the top still count). One confirming is enough (a person who squats more upright in
 * one rep leans the trunk less but still bends the hip); a signal is only asked once the
 * person's reps move it at least MIN_EXCURSION_DEG (a front view hides the trunk's lean), and
 * one out of view is not asked at all: with none asked, the counting signal decides alone.
 * A rep shorter than `minRepMs` is a twitch and is dropped; a gap in the signal longer than
 * `resetGapMs` (out of view) abandons the rep under way. Coming back three quarters of the way
 * completes a rep, so a take cut off on the way up does not count the unfinished one; fast reps
 * that turn into the next one before that (back at least REBOUND_BACK of the way, then down
 * again by `enter`) end where they turned, and the next is measured from the person's rest.
 */

// Lower medians throughout: the values are few, and of two the smaller errs towards counting.
import { lowerMedian } from './numbers.js';

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
};

/** Default levels: a rep must go a third of the expected way, and come back three quarters of it. */
export const REP_LEVELS = { enter: 0.35, exit: 0.75, bottom: 0.8 } as const;
/** The learned excursion stays within these multiples of the reference's (and above MIN_EXCURSION_DEG). */
const LEARN_BOUNDS = { low: 0.5, high: 1.5 } as const;
const MIN_EXCURSION_DEG = 15;
/** Within this fraction of the expected excursion from the rest candidate, the body is still at rest. */
const NEAR_REST = 0.1;
/** Reps whose excursions and durations are remembered for learning. */
const LEARN_WINDOW = 5;
/**
 * Once the person's own reps are known, a candidate is a rep only if it is like them: it goes
 * at least this fraction of their typical excursion (prominence relative to the learned
 * range, so a half-hearted dip after the set does not count) and lasts at least this fraction
 * of their typical rep (a pose-model glitch or a twitch is much faster than a real rep).
 */
const LIKE_LEARNED = { excursion: 0.6, duration: 0.5 } as const;
/** A first rep followed by more than this many rep lengths of pause was a lone movement before the set. */
const SET_GAP = 5;
/** This many candidates back to back unlike the learned reps: the person changed, not the pose model. */
const RELEARN_AFTER = 3;
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
};

type TPoint = { t: number; index: number; u: number; value: number };
/** A candidate rep as learned: how far the counting signal and each confirming signal moved, and how long it took. */
type TCandidate = { depth: number; durationMs: number; confirm: number[] };

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
  private excursion: number;
  private readonly recent: number[] = [];
  /** Per confirming signal, how far it moved in the counted reps per degree of the counting signal. */
  private readonly recentConfirm: number[][];
  /** Per confirming signal, its lowest and highest value since the rep under way left rest, and at its trough. */
  private readonly confirmLow: Float64Array;
  private readonly confirmHigh: Float64Array;
  private readonly confirmNow: Float64Array;
  private readonly confirmAtTrough: Float64Array;
  private readonly recentMs: number[] = [];
  /** Where the counted reps started (oriented signal): the person's rest. */
  private readonly recentRest: number[] = [];
  /** The rep under way began where the last one turned, before the person was back at rest. */
  private isFromTurn = false;
  /** Candidates dropped back to back as unlike the learned reps, and when the last one ended. */
  private readonly unlike: TCandidate[] = [];
  private lastUnlikeMs = Number.NEGATIVE_INFINITY;
  private lastCountedMs = Number.NEGATIVE_INFINITY;
  private reps = 0;

  /** `confirming`: how many confirming signals `push` receives with each sample (see the header). */
  constructor(config: TRepConfig, confirming = 0) {
    this.config = config;
    this.recentConfirm = Array.from({ length: confirming }, () => []);
    this.confirmLow = new Float64Array(confirming);
    this.confirmHigh = new Float64Array(confirming);
    this.confirmNow = new Float64Array(confirming).fill(Number.NaN);
    this.confirmAtTrough = new Float64Array(confirming).fill(Number.NaN);
    this.restartConfirm();
    this.direction = config.extreme >= config.rest ? 1 : -1;
    this.span = Math.max(MIN_EXCURSION_DEG, Math.abs(config.extreme - config.rest));
    this.excursion = this.span;
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
    for (let j = 0; j < this.confirmNow.length; j += 1) {
      const v = confirm[j] ?? Number.NaN;
      this.confirmNow[j] = v;
      if (v < this.confirmLow[j]!) this.confirmLow[j] = v;
      if (v > this.confirmHigh[j]!) this.confirmHigh[j] = v;
    }
    if (t - this.lastT > this.config.resetGapMs) {
      this.valley = null;
      this.peak = null;
      this.leaving = null;
      this.trough = null;
      this.isFromTurn = false;
      this.restartConfirm();
    }
    this.lastT = t;
    const point: TPoint = { t, index, u: this.direction * value, value };
    if (!this.valley) {
      this.valley = point;
      this.phaseNow = 'top';
      return null;
    }
    if (!this.peak) {
      if (point.u <= this.valley.u) this.valley = point;
      if (point.u - this.valley.u <= NEAR_REST * this.excursion) {
        this.leaving = point;
        this.restartConfirm();
      } else if (point.u - this.valley.u >= this.config.enter * this.excursion) this.peak = point;
      this.phaseNow = this.peak ? 'down' : 'top';
      return null;
    }
    if (point.u >= this.peak.u) {
      this.peak = point;
      this.trough = point;
      this.confirmAtTrough.set(this.confirmNow);
    } else if (!this.trough || point.u < this.trough.u) {
      this.trough = point;
      this.confirmAtTrough.set(this.confirmNow);
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
      for (let j = 0; j < this.confirmNow.length; j += 1) {
        const [turn, now] = [this.confirmAtTrough[j]!, this.confirmNow[j]!];
        const seen = [turn, now].filter((v) => !Number.isNaN(v));
        this.confirmLow[j] = Math.min(...seen);
        this.confirmHigh[j] = Math.max(...seen);
      }
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

  /** Starts following the confirming signals afresh from the current sample. */
  private restartConfirm(): void {
    for (let j = 0; j < this.confirmNow.length; j += 1) {
      const v = this.confirmNow[j]!;
      this.confirmLow[j] = Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
      this.confirmHigh[j] = Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
    }
  }

  private finish(end: TPoint): TRep | null {
    // How far each confirming signal moved (NaN: not seen during the rep).
    const confirm = Array.from(this.confirmLow, (low, j) => (this.confirmHigh[j]! >= low ? this.confirmHigh[j]! - low : Number.NaN));
    this.restartConfirm();
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
    const extent = isFromTurn && this.recentRest.length > 0 ? Math.max(depth, peak.u - lowerMedian(this.recentRest)) : depth;
    if (durationMs < this.config.minRepMs) return null;
    const isRelearnt = !this.isLikeLearned(extent, durationMs, depth, confirm);
    if (isRelearnt) {
      // Unlike the learned reps (shallower, or much faster): not counted. Several back to back
      // mean the person changed (tired, sped up): their reps are learned again from these, and
      // this one counts. Broken frames come in scattered bursts; a changed set does not pause.
      const isBackToBack = start.t - this.lastUnlikeMs <= lowerMedian(this.recentMs);
      if (!isBackToBack) this.unlike.length = 0;
      this.unlike.push({ depth, durationMs, confirm });
      this.lastUnlikeMs = end.t;
      if (this.unlike.length < RELEARN_AFTER) return null;
      this.forget();
      for (const candidate of this.unlike.slice(0, -1)) this.learn(candidate);
    }
    this.unlike.length = 0;
    // Nothing was known when the first rep was counted: if it is unlike the second, it was a
    // twitch; if the second came long after it, it was a lone movement before the set.
    const isLoneFirst = start.t - this.lastCountedMs > SET_GAP * durationMs;
    const replacesPrevious = this.reps === 1 && !isRelearnt && (isLoneFirst || !isLike(this.recent[0]!, this.recentMs[0]!, depth, durationMs));
    if (replacesPrevious) {
      this.forget();
      this.recentRest.length = 0;
    } else {
      this.reps += 1;
    }
    this.lastCountedMs = end.t;
    this.learn({ depth, durationMs, confirm });
    if (!isFromTurn) remember(this.recentRest, rest.u);
    this.excursion = Math.max(
      MIN_EXCURSION_DEG,
      Math.min(LEARN_BOUNDS.high * this.span, Math.max(LEARN_BOUNDS.low * this.span, lowerMedian(this.recent))),
    );
    return {
      startMs: start.t,
      startIndex: start.index,
      startValue: rest.value,
      endMs: end.t,
      endIndex: end.index,
      peak: this.normalise(peak.value),
      peakValue: peak.value,
      peakMs: peak.t,
      ...(replacesPrevious ? { replacesPrevious } : {}),
    };
  }

  private learn(candidate: TCandidate): void {
    remember(this.recent, candidate.depth);
    remember(this.recentMs, candidate.durationMs);
    candidate.confirm.forEach((range, j) => {
      if (!Number.isNaN(range) && candidate.depth > 0) remember(this.recentConfirm[j]!, range / candidate.depth);
    });
  }

  private forget(): void {
    this.recent.length = 0;
    this.recentMs.length = 0;
    for (const values of this.recentConfirm) values.length = 0;
  }

  /** Whether a candidate rep is like the person's counted ones (always, before any is counted). */
  private isLikeLearned(extent: number, durationMs: number, candidateDepth: number, confirm: readonly number[]): boolean {
    // The duration needs two reps: the first one often includes a slow start from standing.
    if (this.recent.length === 0) return true;
    if (!isLike(extent, this.recentMs.length < 2 ? Number.POSITIVE_INFINITY : durationMs, lowerMedian(this.recent), lowerMedian(this.recentMs))) return false;
    // One of the confirming signals the person's reps move, and that is seen, must move with this one.
    const depth = lowerMedian(this.recent);
    let isAsked = false;
    const isConfirmed = confirm.some((range, j) => {
      const learned = this.recentConfirm[j]!;
      if (Number.isNaN(range) || learned.length === 0 || lowerMedian(learned) * depth < MIN_EXCURSION_DEG) return false;
      isAsked = true;
      return range >= LIKE_LEARNED.excursion * lowerMedian(learned) * candidateDepth;
    });
    return isConfirmed || !isAsked;
  }
}

/** Whether a rep of this depth and duration is like a typical one (at least LIKE_LEARNED of it). */
function isLike(depth: number, durationMs: number, typicalDepth: number, typicalMs: number): boolean {
  return depth >= LIKE_LEARNED.excursion * typicalDepth && durationMs >= LIKE_LEARNED.duration * typicalMs;
}

/** Keeps the last LEARN_WINDOW values. */
function remember(values: number[], value: number): void {
  values.push(value);
  if (values.length > LEARN_WINDOW) values.shift();
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
    if (rep) reps.push(rep);
  }
  return reps;
}
