/**
 * The drop for a wrong movement or variant: good takes scored under their own movement and
 * under another of the catalogue (a squat under the lunge, a push-up under the knee push-up, a
 * curl under a front raise and back), each from references of other people.
 */
import { scoreTake, type TMovementKind, type TTake } from '@movelab/shared/movescore/index';
import type { TFormTake, TLabel } from './labels.js';
import { kindOf } from './names.js';
import { catalogueMovement, goodReferences, otherPeopleScore } from './references.js';
import { judgedScore, mean, pct } from './report.js';
import { splitGroups } from './splits.js';

// Each pair also carries what the take's own result says is out of view: a take that drops
// less than 30 points where the camera missed what tells the two apart is told so.
type TPair = { take: string; own: number; wrong: number; outOfView?: readonly string[] };

function printRow(what: string, pairs: TPair[], verbose: boolean): void {
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
}

/** The pairs judged under both movements: a take whose form either does not judge is left out. */
const judgedPairs = (pairs: TPair[]) => pairs.filter((pair) => Number.isFinite(pair.own) && Number.isFinite(pair.wrong));

// A real take of one catalogue movement under its own demo reference and another's, in the view it is filmed from.
type TEntry = { take: string; data: TTake; view?: string };
const underCatalogue = (entries: TEntry[], own: string, wrong: string): TPair[] =>
  entries.map((entry) => {
    const result = scoreTake(catalogueMovement(own, entry.data, entry.view), entry.data);
    return {
      take: entry.take,
      own: judgedScore(result),
      wrong: judgedScore(scoreTake(catalogueMovement(wrong, entry.data, entry.view), entry.data)),
      outOfView: result.outOfView,
    };
  });

export function printVariants(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log('\nWrong movement or variant: good takes under their own and under another (target: at least 30 points lower)');
  // Good takes of a kind: those labelled good form and those labelled with a count only.
  const ofKind = (kind: TMovementKind): TEntry[] => [
    ...formTakes.filter((entry) => entry.movement === kind && entry.form === 'good').map((entry) => ({ take: entry.take, data: entry.data })),
    ...counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => ({ take: label.take, data: takes.get(label.take)!, view: label.view })),
  ];
  // A split's rows hold its own good takes; the row of all, those and the counted takes as before.
  const catalogueRows = (kind: TMovementKind, what: string, own: string, wrong: string) => {
    for (const group of splitGroups(formTakes, kind, what)) {
      const entries =
        group.split === null
          ? ofKind(kind)
          : group.formTakes.filter((entry) => entry.form === 'good').map((entry) => ({ take: entry.take, data: entry.data }));
      printRow(group.label, judgedPairs(underCatalogue(entries, own, wrong)), verbose);
    }
  };
  catalogueRows('squat', 'squat under the catalogue lunge', 'bodyweight-squat', 'forward-lunge');
  catalogueRows('lunge', 'lunge under the catalogue squat', 'forward-lunge', 'bodyweight-squat');
  catalogueRows('push-up', 'push-up under the catalogue knee push-up', 'standard-push-up', 'knee-push-up');
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
      printRow(
        `${movement} under ${other} references`,
        formTakes
          .filter((entry) => entry.movement === movement && entry.form === 'good')
          .map((entry) => ({ take: entry.take, own: otherPeopleScore(own, entry), wrong: otherPeopleScore(wrong, entry) }))
          .filter((pair) => judgedPairs([pair]).length > 0),
        verbose,
      );
    }
  }
}
