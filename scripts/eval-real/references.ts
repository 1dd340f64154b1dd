/**
 * References built from real takes as the app takes them (the admin's capture refuses a take
 * filmed from the other side, or one showing a fault), the demo catalogue's, and scores against
 * the references of other people, leave one person out.
 */
import {
  buildReference,
  referencePostureError,
  referenceViewError,
  scoreTake,
  type TMovementKind,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { takeCameraView, type TCameraView } from '@movelab/shared/movescore/camera-view';
import { demoPerspectives, demoReference } from '../../gateway/src/seed.js';
import type { TFormTake } from './labels.js';
import { auc, judgedScore, meanJudged } from './report.js';

/** A reference built from a real take, with the side the camera saw the person from. */
export type TBuilt = { take: string; person: string; reference: TReference; seen: TCameraView | null };

/** The reference of a take, or null when it yields none (no full rep). */
export function referenceFrom(take: string, person: string, data: TTake, kind: TMovementKind): TBuilt | null {
  try {
    return { take, person, reference: buildReference(data, { kind }), seen: takeCameraView(data) };
  } catch {
    return null;
  }
}

/** Whether the admin's reference capture refuses the take for its labelled view (filmed from the other side). */
export const refusedForView = (entry: TFormTake) => entry.view !== null && referenceViewError(entry.view, entry.data) !== null;

/**
 * A reference from each good take of `kind` that the app takes as one: a take with no full rep
 * yields none, and the admin's reference capture refuses a take filmed from the other side than
 * its perspective's view (referenceViewError), as these are labelled (`asLabelled`; else each
 * serves a perspective of the view it was filmed from).
 */
export function goodReferences(formTakes: readonly TFormTake[], movement: string, asLabelled = true): TBuilt[] {
  return builtFromGood(formTakes, movement, asLabelled).filter((built) => referencePostureError(built.reference) === null);
}

/** A reference built from each good take of `kind` the capture does not refuse for its view (before the posture check). */
function builtFromGood(formTakes: readonly TFormTake[], movement: string, asLabelled = true): TBuilt[] {
  return formTakes
    .filter((entry) => entry.movement === movement && entry.form === 'good')
    .filter((entry) => !asLabelled || !refusedForView(entry))
    .flatMap((entry) => referenceFrom(entry.take, entry.person, entry.data, entry.kind) ?? []);
}

/** Whether a reference can judge a take: filmed from the same side (or either side unknown), as a perspective's takes and reference are. */
export const sameSide = (reference: TBuilt, seen: TCameraView | null) => reference.seen === null || seen === null || reference.seen === seen;

/** How many good takes of `kind` the reference capture refuses for being filmed from the other side. */
export const viewRefused = (formTakes: readonly TFormTake[], movement: string) =>
  formTakes.filter((entry) => entry.movement === movement && entry.form === 'good' && refusedForView(entry)).length;

/** How many of the other good takes of `kind` the reference capture refuses for their posture (referencePostureError). */
export const postureRefused = (formTakes: readonly TFormTake[], movement: string) =>
  builtFromGood(formTakes, movement).filter((built) => referencePostureError(built.reference) !== null).length;

/** Mean score of a take against the references of other people that judge its form (NaN: none). */
export function otherPeopleScore(references: readonly TBuilt[], entry: Pick<TFormTake, 'person' | 'data'>): number {
  return meanJudged(references.filter((built) => built.person !== entry.person).map((built) => judgedScore(scoreTake(built.reference, entry.data))));
}

/**
 * Each labelled take scored against every reference from another person: its mean over them
 * (`pooled`, and split into good and bad), and per reference the AUC it gives on the others.
 */
export function leaveOnePersonOut(labelled: readonly TFormTake[], references: readonly TBuilt[]) {
  const matrix = labelled.map((entry) =>
    references.map((built) => (built.person === entry.person ? Number.NaN : judgedScore(scoreTake(built.reference, entry.data)))),
  );
  // A take no other person's reference judges (its person gave the only ones, or its form was not judged) is left out.
  const pooled = matrix.map(meanJudged);
  const good = pooled.filter((score, i) => labelled[i]!.form === 'good' && !Number.isNaN(score));
  const bad = pooled.filter((score, i) => labelled[i]!.form === 'bad' && !Number.isNaN(score));
  const single = references.map((_, r) => {
    const side = (form: string) => matrix.flatMap((row, i) => (labelled[i]!.form === form && !Number.isNaN(row[r]!) ? [row[r]!] : []));
    return auc(side('good'), side('bad'));
  });
  return { pooled, good, bad, single };
}

/**
 * The catalogue perspective a person filming this take would pick: the front one where the
 * take is labelled or seen from the front, else the side one.
 */
const filmedFrom = (take: TTake, view: string | undefined): 'front' | 'side' =>
  view === 'front' || (view !== 'side' && takeCameraView(take) === 'facing') ? 'front' : 'side';

/** The demo catalogue's movement a real take of a kind is scored against (none for kinds the catalogue lacks). */
const CATALOGUE_MOVEMENT: Partial<Record<TMovementKind, string>> = { squat: 'bodyweight-squat', 'push-up': 'standard-push-up' };

/** The catalogue's reference of a movement (its id in the demo catalogue) in the view the take is filmed from, or its first. */
export function catalogueMovement(id: string, take: TTake, view?: string): TReference {
  const demos = demoPerspectives().filter((perspective) => perspective.parent.endsWith(`/${id}`));
  const demo = demos.find((perspective) => perspective.view === filmedFrom(take, view)) ?? demos[0];
  if (!demo) throw new Error(`no demo movement ${id}`);
  return demoReference(demo.motion, demo.view);
}

/** The catalogue reference a real take of this kind is scored against, in the perspective it is filmed from (catalogueMovement). */
export function catalogueReference(kind: TMovementKind, take: TTake, view: string | undefined): TReference | null {
  const id = CATALOGUE_MOVEMENT[kind];
  return id ? catalogueMovement(id, take, view) : null;
}
