/**
 * The real-motion benchmark: how movescore counts and scores recordings of real people.
 *
 *   npm run eval:real -- [folder] [--verbose] [--fps=N]
 *
 * The folder (default: $MOVELAB_REAL_MOTION, else ../shared/data/real-motion from the project
 * root) holds labels.json and takes/ (see its README). Prints, per movement: exact count rate,
 * within-one rate (OBO) and mean absolute error, and the same for movements the catalogue lacks
 * (labels-any-movement.json) counted against a reference built as "Other" from one other take
 * of theirs, as an admin adds such a movement; for takes labelled good/bad form (Pose Trainer
 * in labels.json, PushFit in takes/pushfit/labels.csv) the AUC of good over bad, leave one person
 * out (each take scored against references built from other people's good takes), pooled and
 * per single reference (only references the admin's capture accepts for the takes' labelled
 * view); the score and count of good reps against a reference from another real person filmed
 * from the same side (and against every one); the drop for a wrong movement or variant of the catalogue; the score of real reps
 * against the demo catalogue's references, and of half-depth versions of the same takes (every
 * frame's keypoints moved halfway towards the take's rest frame), and of the takes labelled for
 * form against the catalogue reference of their kind (good and bad means, AUC); how many takes
 * are not judged for form (the joints deciding it out of view in most reps), that none shows a
 * full score with one out of view, and the AUC over the takes judged; and timings. A set that splits its people into `tune` and `validate` (PushFit) has each of its
 * figures printed for the validate people first, then the tune people, then all (splits.ts).
 * It prints figures, it is not a test. With --fps=N every take is first thinned to at
 * most N frames a second (a frame kept when N's next tick is due), as the app analyses a file:
 * compare the figures with and without it to see what a lower analysis rate changes. Last, each
 * counting take and PushFit push-up filmed, in effect, by other cameras (tilted, far away,
 * mirrored, at 15 frames/s: camera-figures.ts) against itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { countReps, scoreTake } from '@movelab/shared/movescore/index';
import { printAnyMovement } from './any-movement.js';
import { printCameras } from './camera-figures.js';
import { printHalfDepth, printTimings } from './catalogue.js';
import { printCounts } from './counting.js';
import { printCropped } from './cropped-figures.js';
import { printCatalogueForm, printCustom, printForm } from './form-auc.js';
import { ANY_MOVEMENT_FILE, formLabels, movements, readLabels, readTakes, realMotionFolder, takeReader } from './labels.js';
import { printLearnedForm } from './learned-bands.js';
import { printNotJudged } from './not-judged.js';
import { kindOf, movementOf } from './names.js';
import { printOtherPerson } from './other-person.js';
import { catalogueReference } from './references.js';
import { printSplits } from './splits.js';
import { printVariants } from './variants.js';

/** The --fps=N argument, or null without one; exits saying what it takes when N is out of range. */
function fpsArgument(): number | null {
  const argument = process.argv.find((arg) => arg.startsWith('--fps='));
  const fps = argument ? Number(argument.slice('--fps='.length)) : null;
  if (fps !== null && !(fps >= 1 && fps <= 60)) {
    console.error('--fps=N takes a number of frames a second between 1 and 60');
    process.exit(2);
  }
  return fps;
}

function main(): void {
  const folder = realMotionFolder(process.argv.slice(2).find((arg) => !arg.startsWith('-')));
  if (!existsSync(join(folder, 'labels.json'))) {
    console.error(`No labels.json in ${folder}: pass the real-motion folder or set MOVELAB_REAL_MOTION`);
    process.exit(2);
  }
  const listed = readLabels(folder, 'labels.json')!;
  const fps = fpsArgument();
  const { read, leftOut } = takeReader(folder, fps);
  const takes = readTakes(listed, read, leftOut);
  const labels = listed.filter((label) => takes.has(label.take));
  const verbose = process.argv.includes('--verbose');

  console.log(`Real-motion benchmark: ${folder}${fps === null ? '' : `, every take thinned to ${fps} frames/s`}\n`);
  const formTakes = formLabels(folder, labels, takes, read);
  const anyMovement = readLabels(folder, ANY_MOVEMENT_FILE);
  const anyMovementTakes = readTakes(anyMovement ?? [], read, leftOut);
  for (const [take, why] of leftOut) console.log(`Left out, not read as a take: ${take} (${why})`);
  if (leftOut.size > 0) console.log('');
  const names = [...new Set([...labels.map((label) => label.movement), ...formTakes.map((entry) => entry.movement)])];
  const variants = [...new Set(names.map(movementOf))].filter((movement) => movement !== kindOf(movement) && kindOf(movement) !== 'custom');
  if (variants.length > 0)
    console.log(`Judged as the kind their name ends in: ${variants.map((movement) => `${movement} as ${kindOf(movement)}`).join(', ')}\n`);
  printSplits(formTakes, movements(formTakes));
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
  printAnyMovement(anyMovement, anyMovementTakes, verbose);

  printForm(formTakes, verbose);
  printCustom(formTakes, verbose);
  printLearnedForm(formTakes, verbose);
  printOtherPerson(formTakes, counted, takes, verbose);
  printVariants(formTakes, counted, takes, verbose);
  printNotJudged(formTakes, counted, takes, verbose);

  console.log('\nReal reps against the demo catalogue references, and the same takes at half depth');
  printHalfDepth(counted, takes, verbose);
  printCatalogueForm(formTakes);
  printCameras(formTakes, counted, takes, verbose);
  printCropped(formTakes, counted, takes, { labels: anyMovement, takes: anyMovementTakes }, verbose);
  printTimings(labels, takes);
}

main();
