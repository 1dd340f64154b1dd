/**
 * The real-motion benchmark: how movescore counts and scores recordings of real people.
 *
 *   npm run eval:real -- [folder] [--verbose] [--fps=N]
 *
 * The folder (default: $MOVELAB_REAL_MOTION, else ../shared/data/real-motion from the project
 * root) holds labels.json and takes/ (see its README). Prints, per movement: exact count rate,
 * within-one rate (OBO) and mean absolute error; for takes labelled good/bad form (Pose Trainer
 * in labels.json, PushFit in takes/pushfit/labels.csv) the AUC of good over bad, leave one person
 * out (each take scored against references built from other people's good takes), pooled and
 * per single reference (only references the admin's capture accepts for the takes' labelled
 * view); the score and count of good reps against a reference from another real person filmed
 * from the same side (and against every one); the drop for a wrong movement or variant of the catalogue; the score of real reps
 * against the demo catalogue's references, and of half-depth versions of the same takes (every
 * frame's keypoints moved halfway towards the take's rest frame), and of the takes labelled for
 * form against the catalogue reference of their kind (good and bad means, AUC); and
 * timings. It prints figures, it is not a test. With --fps=N every take is first thinned to at
 * most N frames a second (a frame kept when N's next tick is due), as the app analyses a file:
 * compare the figures with and without it to see what a lower analysis rate changes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildReference,
  countReps,
  LiveRepCounter,
  MOVEMENT_KINDS,
  movementDefinition,
  parseTake,
  referenceDifferences,
  referencePostureError,
  referenceViewError,
  scoreTake,
  type TMovementKind,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { finiteSorted, median, quantile } from '@movelab/shared/movescore/numbers';
import type { TPerspectiveView } from '@movelab/shared/remote-session';
import { takeCameraView, type TCameraView } from '@movelab/shared/movescore/camera-view';
import { keepAtRate } from '@movelab/shared/pose/frame-rate';
import { demoPerspectives, demoReference } from '../seed.js';
import { shallower } from './half-depth.js';

type TLabel = {
  take: string;
  movement: string;
  view?: string;
  reps: number;
  form?: 'good' | 'bad';
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export function realMotionFolder(argument?: string): string {
  return resolve(argument ?? process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
}

/** Names sources give a kind under another word (every kind's own name is known too). */
const ALIASES: Readonly<Record<string, TMovementKind>> = {
  bicep: 'curl',
  bicepcurl: 'curl',
  bicepscurl: 'curl',
  overheadpress: 'shoulder-press',
  militarypress: 'shoulder-press',
  ohp: 'shoulder-press',
  pressup: 'push-up',
  kneelingpushup: 'knee-push-up',
  splitsquat: 'lunge',
  starjump: 'jumping-jack',
};
/** A name without case, separators or a plural ending: "Push_Ups" and "push-up" are one. */
const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const KIND_BY_NAME = new Map<string, TMovementKind>([...MOVEMENT_KINDS.map((kind) => [letters(kind), kind] as const), ...Object.entries(ALIASES)]);
/** The known names, longest first, so "kneelingpushup" ends in its own alias before in "pushup". */
const ENDINGS = [...KIND_BY_NAME.keys()].sort((a, b) => b.length - a.length);

/** A name as spelled and less a plural ending. */
const stems = (name: string) => [name, name.replace(/s$/, ''), name.replace(/es$/, '')];

/** The kind a name is exactly (as spelled, or less a plural ending), or null. */
const exactKind = (name: string): TMovementKind | null => stems(name).flatMap((stem) => KIND_BY_NAME.get(stem) ?? [])[0] ?? null;

/**
 * The kind a name is by its ending, a variant of it ("Barbell back squats", "hammer curl",
 * "dumbbell shoulder press", "Bulgarian split squat"), or null.
 */
function kindByEnding(name: string): TMovementKind | null {
  for (const stem of stems(name)) {
    const ending = ENDINGS.find((known) => stem.length > known.length && stem.endsWith(known));
    if (ending) return KIND_BY_NAME.get(ending)!;
  }
  return null;
}

/**
 * The movement kind a label names, however the source spells it ("Shoulder_Press", "pushups",
 * "jumping jack"), or a variant of it by its name's ending ("back squat" is a squat); a
 * movement the engine has no definition for is judged as Other (`custom`).
 */
function kindOf(movement: string): TMovementKind {
  const name = letters(movement);
  return exactKind(name) ?? kindByEnding(name) ?? 'custom';
}

const spelled = (movement: string) =>
  movement
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/**
 * What a label's movement is grouped under: its kind where the name is the kind's own, else
 * its own name (a variant known by its ending is judged as its kind, but apart from the kind's
 * takes and from other variants), so two movements are never judged by each other's takes.
 */
const movementOf = (movement: string): string => exactKind(letters(movement)) ?? spelled(movement);

/**
 * The catalogue perspective a person filming this take would pick: the front one where the
 * take is labelled or seen from the front, else the side one.
 */
const filmedFrom = (take: TTake, view: string | undefined): 'front' | 'side' =>
  view === 'front' || (view !== 'side' && takeCameraView(take) === 'facing') ? 'front' : 'side';

/** The demo catalogue's movement a real take of a kind is scored against (none for kinds the catalogue lacks). */
const CATALOGUE_MOVEMENT: Partial<Record<TMovementKind, string>> = { squat: 'bodyweight-squat', 'push-up': 'standard-push-up' };

/** The catalogue reference a real take of this kind is scored against, in the perspective it is filmed from (catalogueMovement). */
function catalogueReference(kind: TMovementKind, take: TTake, view: string | undefined): TReference | null {
  const id = CATALOGUE_MOVEMENT[kind];
  return id ? catalogueMovement(id, take, view) : null;
}

/** Probability that a random good take scores above a random bad one (ties count half). */
function auc(good: number[], bad: number[]): number {
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  return wins / (good.length * bad.length);
}

/** The take analysed at `fps` at most, as the app analyses a file. */
function thinTake(take: TTake, fps: number): TTake {
  const keep = keepAtRate(fps, take.fps);
  return { ...take, fps: Math.min(take.fps, fps), frames: take.frames.filter((frame) => keep(frame.t)) };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

/** A take labelled good or bad form, with who does it (the take itself where the source does not say). */
type TFormTake = {
  take: string;
  /** The movement it is grouped under (movementOf), and the kind its references are built as. */
  movement: string;
  kind: TMovementKind;
  form: 'good' | 'bad';
  person: string;
  view: TPerspectiveView | null;
  data: TTake;
};

/** The perspective view a source's view label names ('side/varied': side at varied angles); null: none or either. */
const perspectiveView = (label: string | undefined): TPerspectiveView | null =>
  label === 'front' ? 'front' : label === 'side' || label?.startsWith('side/') ? 'side' : null;

/**
 * The labelled form takes: labels.json's (Pose Trainer: people not told apart) and those of
 * every `takes/<set>/labels.csv` (PushFit's, and any set laid out like it: a header naming at
 * least `take`, `movement` and `form`, and `person` and `view` where the source tells them).
 */
function formLabels(folder: string, labels: TLabel[], takes: Map<string, TTake>, read: (take: string) => TTake | null): TFormTake[] {
  const out: TFormTake[] = labels
    .filter((label) => label.form)
    .map((label) => ({
      take: label.take,
      movement: movementOf(label.movement),
      kind: kindOf(label.movement),
      form: label.form!,
      person: label.take,
      view: perspectiveView(label.view),
      data: takes.get(label.take)!,
    }));
  const sets = existsSync(join(folder, 'takes'))
    ? readdirSync(join(folder, 'takes'), { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  for (const set of sets.map((entry) => entry.name).sort()) {
    const csv = join(folder, 'takes', set, 'labels.csv');
    if (!existsSync(csv)) continue;
    const [header, ...lines] = readFileSync(csv, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    const columns = header!.split(',').map((column) => column.trim());
    for (const line of lines) {
      const row = Object.fromEntries(line.split(',').map((value, index) => [columns[index], value.trim()]));
      if ((row.form !== 'good' && row.form !== 'bad') || !row.take || !row.movement) continue;
      const take = `takes/${set}/${row.take}`;
      const data = read(take);
      if (!data) continue;
      out.push({
        take,
        movement: movementOf(row.movement),
        kind: kindOf(row.movement),
        form: row.form,
        person: row.person || take,
        view: perspectiveView(row.view),
        data,
      });
    }
  }
  return out;
}

/** The movements the labelled takes are grouped under, in the order they first come. */
const movements = (formTakes: readonly TFormTake[]) => [...new Set(formTakes.map((entry) => entry.movement))];

/** The least of some values as a percentage, or "none" when there are none. */
const leastPct = (values: number[]) => (values.length > 0 ? pct(Math.min(...values)) : 'none');

/** A reference built from a real take, with the side the camera saw the person from. */
type TBuilt = { take: string; person: string; reference: TReference; seen: TCameraView | null };

/** The reference of a take, or null when it yields none (no full rep). */
function referenceFrom(take: string, person: string, data: TTake, kind: TMovementKind): TBuilt | null {
  try {
    return { take, person, reference: buildReference(data, { kind }), seen: takeCameraView(data) };
  } catch {
    return null;
  }
}

/** Whether the admin's reference capture refuses the take for its labelled view (filmed from the other side). */
const refusedForView = (entry: TFormTake) => entry.view !== null && referenceViewError(entry.view, entry.data) !== null;

/**
 * A reference from each good take of `kind` that the app takes as one: a take with no full rep
 * yields none, and the admin's reference capture refuses a take filmed from the other side than
 * its perspective's view (referenceViewError), as these are labelled (`asLabelled`; else each
 * serves a perspective of the view it was filmed from).
 */
function goodReferences(formTakes: readonly TFormTake[], movement: string, asLabelled = true): TBuilt[] {
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
const sameSide = (reference: TBuilt, seen: TCameraView | null) => reference.seen === null || seen === null || reference.seen === seen;

/** How many good takes of `kind` the reference capture refuses for being filmed from the other side. */
const viewRefused = (formTakes: readonly TFormTake[], movement: string) =>
  formTakes.filter((entry) => entry.movement === movement && entry.form === 'good' && refusedForView(entry)).length;

/** How many of the other good takes of `kind` the reference capture refuses for their posture (referencePostureError). */
const postureRefused = (formTakes: readonly TFormTake[], movement: string) =>
  builtFromGood(formTakes, movement).filter((built) => referencePostureError(built.reference) !== null).length;

/** Mean score of a take against the references of other people (NaN: none). */
function otherPeopleScore(references: readonly TBuilt[], entry: Pick<TFormTake, 'person' | 'data'>): number {
  const scores = references.filter((built) => built.person !== entry.person).map((built) => scoreTake(built.reference, entry.data).score);
  return scores.length > 0 ? mean(scores) : Number.NaN;
}

/**
 * Each labelled take scored against every reference from another person: its mean over them
 * (`pooled`, and split into good and bad), and per reference the AUC it gives on the others.
 */
function leaveOnePersonOut(labelled: readonly TFormTake[], references: readonly TBuilt[]) {
  const matrix = labelled.map((entry) =>
    references.map((built) => (built.person === entry.person ? Number.NaN : scoreTake(built.reference, entry.data).score)),
  );
  // A take no other person's reference judges (its person gave the only ones) is left out.
  const pooled = matrix.map((row) => {
    const scores = row.filter((value) => !Number.isNaN(value));
    return scores.length > 0 ? mean(scores) : Number.NaN;
  });
  const good = pooled.filter((score, i) => labelled[i]!.form === 'good' && !Number.isNaN(score));
  const bad = pooled.filter((score, i) => labelled[i]!.form === 'bad' && !Number.isNaN(score));
  const single = references.map((_, r) => {
    const side = (form: string) => matrix.flatMap((row, i) => (labelled[i]!.form === form && !Number.isNaN(row[r]!) ? [row[r]!] : []));
    return auc(side('good'), side('bad'));
  });
  return { pooled, good, bad, single };
}

/** The one-reference AUCs in words: their median and least, over the references that judged both good and bad takes. */
function oneReference(single: readonly number[]): string {
  const judged = single.filter((value) => !Number.isNaN(value));
  return judged.length > 0 ? `median ${median(judged).toFixed(2)}, min ${Math.min(...judged).toFixed(3)}` : 'none judged both good and bad takes';
}

/** Why a movement's form cannot be ranked, or null when it can: good and bad takes both judged by another person's reference. */
const unranked = (good: readonly number[], bad: readonly number[]) =>
  good.length === 0 || bad.length === 0
    ? `no ${good.length === 0 ? 'good' : 'bad'} take judged by another person's reference: nothing to rank`
    : null;

/** Exact, within-one and mean absolute error of the counts, per movement and for all (of the labels that give a count). */
function printCounts(all: readonly TLabel[], count: (label: TLabel) => number, verbose: boolean): void {
  console.log('movement       takes  exact   OBO    MAE');
  const labels = all.filter((label) => Number.isFinite(label.reps));
  const row = (name: string, errors: number[]) =>
    console.log(
      [
        name.padEnd(14),
        String(errors.length).padStart(5),
        pct(mean(errors.map((e) => +(e === 0)))).padStart(6),
        pct(mean(errors.map((e) => +(Math.abs(e) <= 1)))).padStart(6),
        mean(errors.map(Math.abs)).toFixed(2).padStart(6),
      ].join(' '),
    );
  const errorsOfAll: number[] = [];
  for (const movement of [...new Set(labels.map((label) => movementOf(label.movement)))]) {
    const errors = labels
      .filter((label) => movementOf(label.movement) === movement)
      .map((label) => {
        const found = count(label);
        if (verbose) console.log(`  ${label.take}: ${found} of ${label.reps}`);
        return found - label.reps;
      });
    errorsOfAll.push(...errors);
    row(movement, errors);
  }
  row('all', errorsOfAll);
}

/**
 * Form, leave one person out: every take scored against references built from the good takes
 * of other people (never the person judged). The pooled AUC scores each take by its mean over
 * those references; per reference, the AUC one real good demonstration gives on the other people's takes.
 */
function printForm(formTakes: readonly TFormTake[], verbose: boolean): void {
  console.log('\nForm, leave one person out: AUC of good over bad, references from good takes of other people');
  console.log('(Pose Trainer does not tell people apart: there each take is left out on its own)');
  for (const movement of movements(formTakes)) {
    const labelled = formTakes.filter((entry) => entry.movement === movement);
    const references = goodReferences(formTakes, movement);
    if (references.length === 0) {
      console.log(
        `${movement.padEnd(14)} ${labelled.length} takes: no good take gives a reference (none labelled good, or none with a full rep): nothing to judge them by`,
      );
      continue;
    }
    const { pooled, good, bad, single } = leaveOnePersonOut(labelled, references);
    const people = new Set(labelled.map((entry) => entry.person)).size;
    const why = unranked(good, bad);
    if (why) {
      console.log(`${movement.padEnd(14)} ${labelled.length} takes, ${people} people, ${references.length} references: ${why}`);
      continue;
    }
    console.log(
      `${movement.padEnd(14)} good ${good.length} (mean ${pct(mean(good))}), bad ${bad.length} (mean ${pct(mean(bad))}), ${people} people, ${references.length} references (refused: ${viewRefused(formTakes, movement)} for their camera view, ${postureRefused(formTakes, movement)} for their posture): AUC ${auc(good, bad).toFixed(2)} pooled, one reference: ${oneReference(single)} (target >= 0.85)`,
    );
    if (verbose) labelled.forEach((entry, i) => console.log(`  ${entry.form} ${entry.take} (${entry.person}): ${pct(pooled[i]!)}`));
    if (verbose)
      references.forEach((built, r) => console.log(`  reference ${built.take} (${built.person}): AUC ${single[r]!.toFixed(2)} on the others`));
  }
}

/**
 * The same labelled takes as an exercise the catalogue has no definition for: references built
 * as "Other" (`custom`: the counting joint chosen from the video, each joint judged by what it
 * does in the reference, reference.ts customMode), leave one person out. What an admin gets for a movement of a kind the engine does not know.
 */
function printCustom(formTakes: readonly TFormTake[], verbose: boolean): void {
  console.log('\nThe same takes as "Other" (custom kind): references of other people built without a movement definition');
  for (const movement of movements(formTakes)) {
    const labelled = formTakes.filter((entry) => entry.movement === movement);
    const references = formTakes
      .filter((entry) => entry.movement === movement && entry.form === 'good' && !refusedForView(entry))
      .flatMap((entry) => referenceFrom(entry.take, entry.person, entry.data, 'custom') ?? []);
    if (references.length === 0) continue;
    const { good, bad, single } = leaveOnePersonOut(labelled, references);
    if (unranked(good, bad)) continue;
    console.log(
      `${movement.padEnd(14)} as Other: good mean ${pct(mean(good))}, bad mean ${pct(mean(bad))}, ${references.length} references: AUC ${auc(good, bad).toFixed(2)} pooled, one reference: ${oneReference(single)}`,
    );
    if (verbose)
      references.forEach((built, r) =>
        console.log(`  reference ${built.take} as Other (${built.reference.primary}): AUC ${single[r]!.toFixed(2)} on the others`),
      );
  }
}

/** Share of pairs of good people a learned tolerance band lets through. */
const BAND_QUANTILE = 0.9;

const quantileOf = (values: number[], q: number) => quantile(finiteSorted(values), q);

/**
 * Tolerance bands learned from real people: for each `posture` and `limit` joint of the
 * movement, the BAND_QUANTILE of how far good takes differ from good references of other people
 * (a posture's mean absolute difference at the aligned moments, a limit joint's range of motion
 * beyond the reference's: jointDifferences; one figure per person pair so a person with many
 * takes does not outweigh the others). Learned leave one person out: the person judged is in
 * neither the references nor the takes the bands are learned from. Prints the bands learned
 * from everyone and the AUC with bands learned without each person.
 */
function printLearnedForm(formTakes: readonly TFormTake[], verbose: boolean): void {
  for (const movement of movements(formTakes)) {
    // Other's joints take their modes from each reference: there is no fixed band to learn.
    if (kindOf(movement) === 'custom') continue;
    const postures = movementDefinition(kindOf(movement))
      .form.filter((joint) => joint.mode === 'posture' || joint.mode === 'limit')
      .map((joint) => joint.feature);
    if (postures.length === 0) continue;
    const references = goodReferences(formTakes, movement);
    if (references.length === 0) continue;
    const goodTakes = formTakes.filter((entry) => entry.movement === movement && entry.form === 'good');
    const pairs = references.flatMap((built) =>
      goodTakes
        .filter((entry) => entry.person !== built.person)
        .map((entry) => {
          const differences = referenceDifferences(built.reference, entry.data);
          return {
            refPerson: built.person,
            takePerson: entry.person,
            byFeature: new Map(built.reference.features.map((feature, f) => [feature, differences[f]!])),
          };
        }),
    );
    const bands = (without: string | null) =>
      new Map(
        postures.map((feature) => {
          const perPeople = new Map<string, number[]>();
          for (const pair of pairs) {
            if (pair.refPerson === without || pair.takePerson === without) continue;
            const value = pair.byFeature.get(feature) ?? Number.NaN;
            if (!Number.isFinite(value)) continue;
            const key = `${pair.refPerson}/${pair.takePerson}`;
            perPeople.set(key, [...(perPeople.get(key) ?? []), value]);
          }
          // A limit joint's difference is signed (moving less than the reference is no fault): no band below 0.
          return [
            feature,
            Math.max(
              0,
              quantileOf(
                [...perPeople.values()].map((values) => median(values)),
                BAND_QUANTILE,
              ),
            ),
          ];
        }),
      );
    const withBands = (reference: TReference, learned: Map<string, number>): TReference => ({
      ...reference,
      tolerances: reference.features.map((feature, f) => {
        const band = learned.get(feature);
        return band !== undefined && Number.isFinite(band) ? Math.round(band * 10) / 10 : reference.tolerances![f]!;
      }),
    });
    const labelled = formTakes.filter((entry) => entry.movement === movement);
    const folds = new Map([...new Set(labelled.map((entry) => entry.person))].map((person) => [person, bands(person)]));
    if (verbose)
      for (const [person, learned] of folds) console.log(`  without ${person}: ${[...learned].map(([f, b]) => `${f} ${b.toFixed(1)}`).join(', ')}`);
    const pooled = labelled.map((entry) => {
      const others = references.filter((built) => built.person !== entry.person);
      return others.length > 0
        ? mean(others.map((built) => scoreTake(withBands(built.reference, folds.get(entry.person)!), entry.data).score))
        : Number.NaN;
    });
    const good = pooled.filter((score, i) => labelled[i]!.form === 'good' && !Number.isNaN(score));
    const bad = pooled.filter((score, i) => labelled[i]!.form === 'bad' && !Number.isNaN(score));
    if (pairs.length === 0 || unranked(good, bad)) continue;
    const everyone = [...bands(null)].map(([feature, band]) => `${feature} ${band.toFixed(1)}°`).join(', ');
    console.log(
      `${movement.padEnd(14)} bands learned from real people (${BAND_QUANTILE * 100}th percentile over pairs of people): ${everyone}; leave one person out: good mean ${pct(mean(good))}, bad mean ${pct(mean(bad))}, AUC ${auc(good, bad).toFixed(2)}`,
    );
  }
}

/**
 * Good real reps against a reference recorded from another real person, and the counts they
 * get that way next to the counts against the catalogue's references.
 */
function printOtherPerson(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log("\nGood real reps against a reference from another real person (target: mean >= 70%, counts as good as the catalogue's)");
  for (const movement of movements(formTakes)) {
    const references = goodReferences(formTakes, movement);
    const scores = formTakes
      .filter((entry) => entry.movement === movement && entry.form === 'good')
      .map((entry) => otherPeopleScore(references, entry))
      .filter((score) => !Number.isNaN(score));
    if (scores.length === 0) continue;
    console.log(`${movement.padEnd(14)} good takes ${scores.length}: mean ${pct(mean(scores))} (min ${leastPct(scores)})`);
  }
  // Counted takes: each a different person; a reference from each of the others, and from the labelled good takes.
  for (const movement of [...new Set(counted.map((label) => movementOf(label.movement)))]) {
    const kind = kindOf(movement);
    const own = counted.filter((label) => movementOf(label.movement) === movement);
    const references: TBuilt[] = [
      ...own.flatMap((label) => referenceFrom(label.take, label.take, takes.get(label.take)!, kind) ?? []),
      ...goodReferences(formTakes, movement, false),
    ];
    const rows = own.flatMap((label) => {
      const take = takes.get(label.take)!;
      const seen = takeCameraView(take);
      const others = references.filter((reference) => reference.person !== label.take);
      const results = others.map((reference) => ({ same: sameSide(reference, seen), result: scoreTake(reference.reference, take) }));
      const same = results.filter((row) => row.same).map((row) => row.result);
      const all = results.map((row) => row.result);
      const catalogue = catalogueReference(kind, take, label.view);
      const catalogueExact = catalogue ? +(scoreTake(catalogue, take).repCount === label.reps) : Number.NaN;
      if (verbose)
        console.log(
          `  ${label.take} (seen ${seen ?? 'at an angle'}): ${pct(mean(same.map((result) => result.score)))} against ${same.length} references filmed from the same side (${pct(mean(all.map((result) => result.score)))} against all ${all.length}), counts ${same.map((r) => r.repCount).join(' ')} of ${label.reps}`,
        );
      // A take no other person's reference filmed from its side judges is left out of the means.
      if (same.length === 0) return [];
      return [
        {
          score: mean(same.map((result) => result.score)),
          scoreAll: mean(all.map((result) => result.score)),
          exact: same.filter((result) => result.repCount === label.reps).length / same.length,
          catalogueExact,
        },
      ];
    });
    const catalogueRows = rows.filter((row) => !Number.isNaN(row.catalogueExact));
    if (rows.length === 0) {
      console.log(`${movement.padEnd(14)} counted takes ${own.length}: none has a reference from another person filmed from its side`);
      continue;
    }
    console.log(
      `${movement.padEnd(14)} counted takes ${rows.length}, references ${references.length}: mean ${pct(mean(rows.map((row) => row.score)))} against those filmed from the same side (${pct(mean(rows.map((row) => row.scoreAll)))} against all), counts exact ${pct(mean(rows.map((row) => row.exact)))}${catalogueRows.length > 0 ? ` (catalogue references: ${pct(mean(catalogueRows.map((row) => row.catalogueExact)))})` : ''}`,
    );
  }
}

/** The catalogue's reference of a movement (its id in the demo catalogue) in the view the take is filmed from, or its first. */
function catalogueMovement(id: string, take: TTake, view?: string): TReference {
  const demos = demoPerspectives().filter((perspective) => perspective.parent.endsWith(`/${id}`));
  const demo = demos.find((perspective) => perspective.view === filmedFrom(take, view)) ?? demos[0];
  if (!demo) throw new Error(`no demo movement ${id}`);
  return demoReference(demo.motion, demo.view);
}

/**
 * The drop for a wrong movement or variant: good takes scored under their own movement and
 * under another of the catalogue (a squat under the lunge, a push-up under the knee push-up, a
 * curl under a front raise and back), each from references of other people.
 */
function printVariants(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log('\nWrong movement or variant: good takes under their own and under another (target: at least 30 points lower)');
  // Each pair also carries what the take's own result says is out of view: a take that drops
  // less than 30 points where the camera missed what tells the two apart is told so.
  type TPair = { take: string; own: number; wrong: number; outOfView?: readonly string[] };
  const row = (what: string, pairs: TPair[]) => {
    if (pairs.length === 0) return;
    const unseen = (pair: TPair) => (pair.outOfView?.length ? ` (told: ${pair.outOfView.join(' and ')} out of view)` : '');
    if (verbose) for (const pair of pairs) console.log(`  ${pair.take}: ${pct(pair.own)} -> ${pct(pair.wrong)}${unseen(pair)}`);
    const own = mean(pairs.map((pair) => pair.own));
    const wrong = mean(pairs.map((pair) => pair.wrong));
    const least = Math.min(...pairs.map((pair) => pair.own - pair.wrong));
    const short = pairs.filter((pair) => pair.own - pair.wrong < 0.3);
    const told = short.filter((pair) => pair.outOfView?.length).length;
    console.log(
      `${what.padEnd(44)} takes ${String(pairs.length).padStart(2)}: own ${pct(own)}, wrong ${pct(wrong)}, drop ${((own - wrong) * 100).toFixed(0)} points (least ${(least * 100).toFixed(0)}; ${short.length} under 30${short.length > 0 ? `, ${told} of them told a body part is out of view` : ''})`,
    );
  };
  // A real take of one catalogue movement under its own demo reference and another's, in the view it is filmed from.
  type TEntry = { take: string; data: TTake; view?: string };
  const underCatalogue = (entries: TEntry[], own: string, wrong: string): TPair[] =>
    entries.map((entry) => {
      const result = scoreTake(catalogueMovement(own, entry.data, entry.view), entry.data);
      return {
        take: entry.take,
        own: result.score,
        wrong: scoreTake(catalogueMovement(wrong, entry.data, entry.view), entry.data).score,
        outOfView: result.outOfView,
      };
    });
  // Good takes of a kind: those labelled good form and those labelled with a count only.
  const ofKind = (kind: TMovementKind): TEntry[] => [
    ...formTakes.filter((entry) => entry.movement === kind && entry.form === 'good').map((entry) => ({ take: entry.take, data: entry.data })),
    ...counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => ({ take: label.take, data: takes.get(label.take)!, view: label.view })),
  ];
  row('squat under the catalogue lunge', underCatalogue(ofKind('squat'), 'bodyweight-squat', 'forward-lunge'));
  row('lunge under the catalogue squat', underCatalogue(ofKind('lunge'), 'forward-lunge', 'bodyweight-squat'));
  row('push-up under the catalogue knee push-up', underCatalogue(ofKind('push-up'), 'standard-push-up', 'knee-push-up'));
  // Every other labelled movement with good takes: each good take under references of other
  // people doing its own movement and doing the other one (curls under raises, a held-back
  // set's presses under either). Push-ups have the catalogue's knee push-up above.
  const labelled = [...new Set(formTakes.filter((entry) => entry.form === 'good' && entry.movement !== 'push-up').map((entry) => entry.movement))];
  const references = new Map(labelled.map((movement) => [movement, goodReferences(formTakes, movement)]));
  for (const movement of labelled) {
    for (const other of labelled) {
      const [own, wrong] = [references.get(movement)!, references.get(other)!];
      if (other === movement || own.length === 0 || wrong.length === 0) continue;
      // Only takes with a reference of another person for both (a movement one person shows has none of its own).
      row(
        `${movement} under ${other} references`,
        formTakes
          .filter((entry) => entry.movement === movement && entry.form === 'good')
          .map((entry) => ({ take: entry.take, own: otherPeopleScore(own, entry), wrong: otherPeopleScore(wrong, entry) }))
          .filter((pair) => Number.isFinite(pair.own) && Number.isFinite(pair.wrong)),
      );
    }
  }
}

function main(): void {
  const folder = realMotionFolder(process.argv.slice(2).find((arg) => !arg.startsWith('-')));
  if (!existsSync(join(folder, 'labels.json'))) {
    console.error(`No labels.json in ${folder}: pass the real-motion folder or set MOVELAB_REAL_MOTION`);
    process.exit(2);
  }
  const listed = JSON.parse(readFileSync(join(folder, 'labels.json'), 'utf8')) as TLabel[];
  const fpsArgument = process.argv.find((arg) => arg.startsWith('--fps='));
  const fps = fpsArgument ? Number(fpsArgument.slice('--fps='.length)) : null;
  if (fps !== null && !(fps >= 1 && fps <= 60)) {
    console.error('--fps=N takes a number of frames a second between 1 and 60');
    process.exit(2);
  }
  // A take that is missing or not a take is left out, said once, and the rest is evaluated.
  const leftOut = new Map<string, string>();
  const read = (take: string): TTake | null => {
    try {
      const parsed = parseTake(JSON.parse(readFileSync(join(folder, take), 'utf8')));
      return fps === null ? parsed : thinTake(parsed, fps);
    } catch (error) {
      leftOut.set(take, error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error));
      return null;
    }
  };
  const takes = new Map<string, TTake>();
  for (const { take } of listed) {
    const data = takes.has(take) || leftOut.has(take) ? null : read(take);
    if (data) takes.set(take, data);
  }
  const labels = listed.filter((label) => takes.has(label.take));
  const verbose = process.argv.includes('--verbose');

  console.log(`Real-motion benchmark: ${folder}${fps === null ? '' : `, every take thinned to ${fps} frames/s`}\n`);
  const formTakes = formLabels(folder, labels, takes, read);
  for (const [take, why] of leftOut) console.log(`Left out, not read as a take: ${take} (${why})`);
  if (leftOut.size > 0) console.log('');
  const names = [...new Set([...labels.map((label) => label.movement), ...formTakes.map((entry) => entry.movement)])];
  const variants = [...new Set(names.map(movementOf))].filter((movement) => movement !== kindOf(movement) && kindOf(movement) !== 'custom');
  if (variants.length > 0)
    console.log(`Judged as the kind their name ends in: ${variants.map((movement) => `${movement} as ${kindOf(movement)}`).join(', ')}\n`);
  console.log("Rep counts (catalogue reference where the demo catalogue has one, else the take's own range)");
  const counted = labels.filter((label) => label.form === undefined);
  printCounts(
    counted,
    (label) => {
      const take = takes.get(label.take)!;
      const reference = catalogueReference(kindOf(label.movement), take, label.view);
      return reference ? scoreTake(reference, take).repCount : countReps(take, kindOf(label.movement)).length;
    },
    verbose,
  );
  console.log(
    '\nThe same and the form-labelled takes counted as "Other" (custom: no definition, the joint the take moves most counts, as for a movement the catalogue lacks)',
  );
  printCounts(labels, (label) => countReps(takes.get(label.take)!, 'custom').length, verbose);

  printForm(formTakes, verbose);
  printCustom(formTakes, verbose);
  printLearnedForm(formTakes, verbose);
  printOtherPerson(formTakes, counted, takes, verbose);
  printVariants(formTakes, counted, takes, verbose);

  console.log('\nReal reps against the demo catalogue references, and the same takes at half depth');
  for (const kind of ['squat', 'push-up'] as const) {
    const rows = counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => {
        const take = takes.get(label.take)!;
        const reference = catalogueReference(kind, take, label.view)!;
        const full = scoreTake(reference, take);
        const half = scoreTake(reference, shallower(take, kind, 0.5));
        if (verbose)
          console.log(`  ${label.take}: ${pct(full.score)} (${full.repCount} reps), half ${pct(half.score)}: ${full.feedback.join(' | ')}`);
        return { full: full.score, half: half.score };
      });
    if (rows.length === 0) continue;
    console.log(
      `${kind.padEnd(14)} takes ${rows.length}: full depth mean ${pct(mean(rows.map((r) => r.full)))} (min ${pct(Math.min(...rows.map((r) => r.full)))}), half depth mean ${pct(mean(rows.map((r) => r.half)))}, drop ${((mean(rows.map((r) => r.full)) - mean(rows.map((r) => r.half))) * 100).toFixed(0)} points`,
    );
  }

  for (const kind of ['squat', 'push-up'] as const) {
    const labelled = formTakes.filter((entry) => entry.movement === kind);
    if (labelled.length === 0) continue;
    const scored = labelled.map((entry) => ({ form: entry.form, score: scoreTake(catalogueReference(kind, entry.data, 'side')!, entry.data).score }));
    const good = scored.filter((entry) => entry.form === 'good').map((entry) => entry.score);
    const bad = scored.filter((entry) => entry.form === 'bad').map((entry) => entry.score);
    console.log(
      `${kind.padEnd(14)} takes labelled for form: good ${good.length} mean ${pct(mean(good))} (min ${leastPct(good)}), bad ${bad.length} mean ${pct(mean(bad))}, ${good.length > 0 && bad.length > 0 ? `AUC ${auc(good, bad).toFixed(2)}` : `no ${good.length === 0 ? 'good' : 'bad'} take: nothing to rank`}`,
    );
  }

  console.log('\nTimings');
  // Timed on the MIT squat where the set has it, else on its first take with frames.
  const withFrames = labels.map((label) => ({ name: label.take, take: takes.get(label.take)! })).filter(({ take }) => take.frames.length > 0);
  const base = (withFrames.find(({ name }) => name.includes('squat_side')) ?? withFrames[0])?.take;
  if (!base) {
    console.log('no take with frames to time');
    return;
  }
  const step = 1000 / base.fps;
  const frames = Array.from({ length: Math.round(60_000 / step) }, (_, i) => ({
    ...base.frames[i % base.frames.length]!,
    t: i * step,
  }));
  const minute = { ...base, frames };
  const reference = demoReference('squat', 'side');
  const runs = Array.from({ length: 7 }, () => {
    const started = performance.now();
    scoreTake(reference, minute);
    return performance.now() - started;
  });
  console.log(`scoreTake on a 60 s take (${frames.length} frames): median ${median(runs).toFixed(1)} ms of 7 runs (target < 50 ms)`);
  const counter = new LiveRepCounter(reference, {
    width: minute.width,
    height: minute.height,
  });
  const started = performance.now();
  for (const frame of frames) counter.push(frame);
  console.log(`LiveRepCounter: ${((performance.now() - started) / frames.length).toFixed(4)} ms a frame (target < 0.1 ms)`);
}

main();
