/**
 * Live rep counting for practice: frames go in one at a time (from the pose model in a Web
 * Worker, say), and each answer says the count, the phase and, when a rep has just ended, its
 * score. The same pipeline as the saved result's count: the keypoint stage (which holds a short
 * gap's last value, as it cannot look ahead), angles, tracker.
 */
import { FEATURE_INDEX, FEATURE_NAMES } from './feature-names.js';
import { frameFeatures } from './frame-features.js';
import { BODY_PARTS, featureParts, outOfViewHint, partsOutOfView, type TBodyPart } from './in-view.js';
import { KeypointStage, SIGNAL_DEFAULTS, type TSignalOptions } from './keypoint-stage.js';
import { confirmingSignals } from './definitions.js';
import { scoredRepMatrix } from './align.js';
import { repConfig } from './reference-config.js';
import { parseReference, type TReference } from './reference-schema.js';
import { RepTracker, type TRep, type TRepPhase } from './reps.js';
import { scoringContext, type TScoringContext } from './form.js';
import { scoreRepMatrix, type TRepScore } from './score.js';
import { KEYPOINT_NAMES, type TFrame } from './take.js';
import { unrolled } from './camera-roll.js';
import { FallbackCounter, fallbackOf, type TCountedOn } from './fallback-count.js';

export type TLiveUpdate = {
  count: number;
  phase: TRepPhase;
  /** Primary signal as a fraction of the reference's range (0 rest, 1 as deep), NaN if unseen. */
  level: number;
  /** The rep this frame completed, scored; null otherwise. */
  rep: TRepScore | null;
  outOfView: TBodyPart[];
  /** "Step back so your knees and ankles are visible" (only parts the count needs), or null. */
  hint: string | null;
  /** The part counted on while the counting joint is mostly out of view (fallback-count.ts), or null. */
  countedOn: TCountedOn | null;
};

/** Feature history kept for scoring the rep under way: longer than any sane rep. */
const HISTORY_MS = 30_000;

export class LiveRepCounter {
  private readonly reference: TReference;
  private readonly size: { width: number; height: number };
  private readonly options: TSignalOptions;
  private readonly tracker: RepTracker;
  /** The count on the shoulders or hips where the counting joint is mostly unseen (null: the kind has none). */
  private readonly fallback: FallbackCounter | null;
  /** Feature indices of the fallback's confirming signals. */
  private readonly fallbackConfirming: number[];
  private readonly context: TScoringContext;
  private readonly keypoints: KeypointStage;
  private readonly current = new Float64Array(FEATURE_NAMES.length);
  /** The held keypoints turned back by the camera's roll, as the saved result reads them. */
  private readonly uprightX = new Float64Array(KEYPOINT_NAMES.length);
  private readonly uprightY = new Float64Array(KEYPOINT_NAMES.length);
  /** Feature indices of the signals that confirm a rep, and their values this frame. */
  private readonly confirming: number[];
  private readonly confirm: Float64Array;
  /** The body parts counting reads (the counting and confirming signals): the only ones the hint asks for. */
  private readonly countingParts: readonly TBodyPart[];
  /** Frame history: times, feature rows and the body parts out of view (BODY_PARTS bits), `base` being the global index of element 0. */
  private times: number[] = [];
  private rows: number[][];
  private hidden: number[] = [];
  private base = 0;
  private frameIndex = 0;

  constructor(referenceInput: unknown, size: { width: number; height: number }, options: TSignalOptions = SIGNAL_DEFAULTS) {
    this.reference = parseReference(referenceInput);
    this.size = size;
    this.options = options;
    this.confirming = confirmingSignals(this.reference.kind ?? 'custom', this.reference.primary).map((feature) => FEATURE_INDEX[feature]);
    this.confirm = new Float64Array(this.confirming.length);
    this.countingParts = featureParts([this.reference.primary, ...this.confirming.map((index) => FEATURE_NAMES[index]!)]);
    this.tracker = new RepTracker(repConfig(this.reference), this.confirming.length);
    const fallback = fallbackOf(this.reference);
    this.fallback = fallback ? new FallbackCounter(fallback, repConfig(this.reference)) : null;
    this.fallbackConfirming = (fallback?.confirming ?? []).map((feature) => FEATURE_INDEX[feature]);
    this.context = scoringContext(this.reference);
    this.keypoints = new KeypointStage(size, options);
    this.rows = this.reference.features.map(() => []);
  }

  /** The tracker the count comes from: the fallback's while the counting joint is mostly unseen. */
  private get counting(): RepTracker {
    return this.fallback?.isActive ? this.fallback.tracker : this.tracker;
  }

  get count(): number {
    return this.counting.count;
  }

  /** Feeds one frame (times must increase); returns what the UI shows. */
  push(frame: TFrame): TLiveUpdate {
    this.keypoints.push(frame);
    const { x, y, score } = this.keypoints.held;
    unrolled(x, y, this.keypoints.roll, this.uprightX, this.uprightY);
    frameFeatures(this.uprightX, this.uprightY, score, this.current);
    const outOfView = partsOutOfView(frame, this.size, this.options.minScore);
    const index = this.remember(frame.t, outOfView);
    const primary = this.current[FEATURE_INDEX[this.reference.primary]]!;
    for (let j = 0; j < this.confirming.length; j += 1) this.confirm[j] = this.current[this.confirming[j]!]!;
    const onPrimary = this.tracker.push(frame.t, primary, index, this.confirm);
    const onFallback = this.fallback?.push(frame.t, this.uprightX, this.uprightY, primary, index, this.fallbackConfirm()) ?? null;
    const isFallback = this.fallback?.isActive ?? false;
    const finished = isFallback ? onFallback : onPrimary;
    return {
      count: this.counting.count,
      phase: this.counting.phase,
      level: isFallback ? Number.NaN : this.tracker.normalise(primary),
      rep: finished ? this.scoreFinished(finished) : null,
      outOfView,
      hint: outOfViewHint(outOfView.filter((part) => this.countingParts.includes(part))),
      countedOn: isFallback ? this.fallback!.part : null,
    };
  }

  /** This frame's values of the fallback's confirming signals (fallbackOf). */
  private fallbackConfirm(): number[] {
    return this.fallbackConfirming.map((feature) => this.current[feature]!);
  }

  /** Stores this frame's features; drops history older than HISTORY_MS. Returns the frame's index. */
  private remember(t: number, outOfView: readonly TBodyPart[]): number {
    this.times.push(t);
    this.hidden.push(outOfView.reduce((bits, part) => bits | (1 << BODY_PARTS.indexOf(part)), 0));
    this.reference.features.forEach((feature, row) => this.rows[row]!.push(this.current[FEATURE_INDEX[feature]]!));
    const index = this.frameIndex;
    this.frameIndex += 1;
    // Trimmed in batches, not every frame: slicing is O(history).
    if (t - this.times[0]! > HISTORY_MS * 1.5) {
      const stale = this.times.findIndex((time) => t - time <= HISTORY_MS);
      this.times = this.times.slice(stale);
      this.rows = this.rows.map((row) => row.slice(stale));
      this.hidden = this.hidden.slice(stale);
      this.base += stale;
    }
    return index;
  }

  private scoreFinished(rep: TRep): TRepScore | null {
    const start = rep.startIndex - this.base;
    const end = rep.endIndex - this.base;
    if (start < 0) return null;
    const matrix = scoredRepMatrix(this.times, this.rows, { startIndex: start, endIndex: end }, this.reference.features, this.reference.primary);
    return scoreRepMatrix(this.context, matrix, rep, this.hiddenIn(start, end));
  }

  /** The body parts out of view in at least half of the history's frames `start`..`end`, as the saved result reads a rep's. */
  private hiddenIn(start: number, end: number): TBodyPart[] {
    const frames = this.hidden.slice(start, end + 1);
    return BODY_PARTS.filter((_, bit) => frames.filter((mask) => mask & (1 << bit)).length >= 0.5 * Math.max(1, frames.length));
  }
}
