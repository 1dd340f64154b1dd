/**
 * What the rep tracker (reps.ts) knows of the person's own reps: the last few counted reps'
 * excursion, duration, rest and how far each confirming signal moved with them. A candidate
 * must be like them; candidates unlike them back to back mean the person changed, and their
 * reps are learned again.
 */

// Lower medians throughout: the values are few, and of two the smaller errs towards counting.
import { lowerMedian } from './numbers.js';

/** The learned excursion stays within these multiples of the reference's (and above MIN_EXCURSION_DEG). */
const LEARN_BOUNDS = { low: 0.5, high: 1.5 } as const;
export const MIN_EXCURSION_DEG = 15;
/** Reps whose excursions and durations are remembered for learning. */
const LEARN_WINDOW = 5;
/**
 * Once the person's own reps are known, a candidate is a rep only if it is like them: it goes
 * at least this fraction of their typical excursion (prominence relative to the learned
 * range, so a half-hearted dip after the set does not count) and lasts at least this fraction
 * of their typical rep (a pose-model glitch or a twitch is much faster than a real rep).
 */
const LIKE_LEARNED = { excursion: 0.6, duration: 0.5 } as const;
/** This many candidates back to back unlike the learned reps: the person changed, not the pose model. */
export const RELEARN_AFTER = 3;

/** A candidate rep as learned: how far the counting signal and each confirming signal moved, and how long it took. */
export type TCandidate = { depth: number; durationMs: number; confirm: number[] };

export class LearnedReps {
  private readonly recent: number[] = [];
  private readonly recentMs: number[] = [];
  /** Per confirming signal, how far it moved in the counted reps per degree of the counting signal. */
  private readonly recentConfirm: number[][];
  /** Where the counted reps started (oriented signal): the person's rest. */
  private readonly recentRest: number[] = [];
  /** Candidates dropped back to back as unlike the learned reps, and when the last one ended. */
  private readonly unlike: TCandidate[] = [];
  private lastUnlikeMs = Number.NEGATIVE_INFINITY;

  /** `confirming`: how many confirming signals a candidate carries. */
  constructor(confirming: number) {
    this.recentConfirm = Array.from({ length: confirming }, () => []);
  }

  learn(candidate: TCandidate): void {
    remember(this.recent, candidate.depth);
    remember(this.recentMs, candidate.durationMs);
    candidate.confirm.forEach((range, j) => {
      if (!Number.isNaN(range) && candidate.depth > 0) remember(this.recentConfirm[j]!, range / candidate.depth);
    });
  }

  /** Forgets the reps, not their rests (see forgetRests). */
  forget(): void {
    this.recent.length = 0;
    this.recentMs.length = 0;
    for (const values of this.recentConfirm) values.length = 0;
  }

  rememberRest(rest: number): void {
    remember(this.recentRest, rest);
  }

  forgetRests(): void {
    this.recentRest.length = 0;
  }

  /** The person's usual rest (oriented signal), undefined before any is known. */
  typicalRest(): number | undefined {
    return this.recentRest.length > 0 ? lowerMedian(this.recentRest) : undefined;
  }

  /** The expected excursion: the counted reps' typical one, within LEARN_BOUNDS of the reference's `span`. */
  excursion(span: number): number {
    return Math.max(MIN_EXCURSION_DEG, Math.min(LEARN_BOUNDS.high * span, Math.max(LEARN_BOUNDS.low * span, lowerMedian(this.recent))));
  }

  /** Whether a rep of this depth and duration is like the first counted one (see isLike). */
  isLikeFirst(depth: number, durationMs: number): boolean {
    return isLike(this.recent[0]!, this.recentMs[0]!, depth, durationMs);
  }

  /** Whether a candidate rep is like the person's counted ones (always, before any is counted). */
  isLikeLearned(extent: number, durationMs: number, candidateDepth: number, confirm: readonly number[]): boolean {
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

  /**
   * Notes a candidate unlike the learned reps, from `startMs` to `endMs`. Several back to back
   * mean the person changed (tired, sped up): true on the RELEARN_AFTER-th, their reps learned
   * again from the ones before it. Broken frames come in scattered bursts; a changed set does not pause.
   */
  relearnsFrom(candidate: TCandidate, startMs: number, endMs: number): boolean {
    const isBackToBack = startMs - this.lastUnlikeMs <= lowerMedian(this.recentMs);
    if (!isBackToBack) this.unlike.length = 0;
    this.unlike.push(candidate);
    this.lastUnlikeMs = endMs;
    if (this.unlike.length < RELEARN_AFTER) return false;
    this.forget();
    for (const earlier of this.unlike.slice(0, -1)) this.learn(earlier);
    return true;
  }

  /**
   * Once relearnsFrom said the person changed: whether the candidates it learned from are like one
   * another (each at least LIKE_LEARNED of the largest's excursion and duration), as reps at a new
   * pace or depth are, unlike a burst of misread frames: they were reps too (reps.ts counts them).
   */
  isChangeSteady(): boolean {
    const depth = Math.max(...this.unlike.map((candidate) => candidate.depth));
    const durationMs = Math.max(...this.unlike.map((candidate) => candidate.durationMs));
    return this.unlike.every((candidate) => isLike(candidate.depth, candidate.durationMs, depth, durationMs));
  }

  /** A candidate was counted: it ends any run of unlike ones. */
  clearUnlike(): void {
    this.unlike.length = 0;
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
