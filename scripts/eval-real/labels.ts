/**
 * The label files of a real-motion folder (see its README): labels.json, and every
 * `takes/<set>/labels.csv` laid out as PushFit's; and the takes they name, read once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTake, type TMovementKind, type TTake } from '@movelab/shared/movescore/index';
import type { TPerspectiveView } from '@movelab/shared/remote-session';
import { keepAtRate } from '@movelab/shared/pose/frame-rate';
import { kindOf, movementOf } from './names.js';

export type TLabel = {
  take: string;
  movement: string;
  view?: string;
  reps: number;
  form?: 'good' | 'bad';
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The real-motion folder: the one named, else $MOVELAB_REAL_MOTION, else ../shared/data/real-motion from the project root. */
export function realMotionFolder(argument?: string): string {
  return resolve(argument ?? process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
}

/** The file listing takes of movements the catalogue does not define, laid out as labels.json. */
export const ANY_MOVEMENT_FILE = 'labels-any-movement.json';

/** The labels of a JSON label file of the folder (labels.json's layout), or null where the folder has none. */
export function readLabels(folder: string, file: string): TLabel[] | null {
  const path = join(folder, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as TLabel[]) : null;
}

/** The take analysed at `fps` at most, as the app analyses a file. */
export function thinTake(take: TTake, fps: number): TTake {
  const keep = keepAtRate(fps, take.fps);
  return { ...take, fps: Math.min(take.fps, fps), frames: take.frames.filter((frame) => keep(frame.t)) };
}

/**
 * Reads a take of the folder (thinned to `fps` when given), or null for one missing or not a
 * take, which is then in `leftOut` with why: it is left out, said once, and the rest evaluated.
 */
export function takeReader(folder: string, fps: number | null) {
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
  return { read, leftOut };
}

/** The takes of some labels, each read once (those missing or broken left out). */
export function readTakes(listed: readonly TLabel[], read: (take: string) => TTake | null, leftOut: ReadonlyMap<string, string>): Map<string, TTake> {
  const takes = new Map<string, TTake>();
  for (const { take } of listed) {
    const data = takes.has(take) || leftOut.has(take) ? null : read(take);
    if (data) takes.set(take, data);
  }
  return takes;
}

/** A take labelled good or bad form, with who does it (the take itself where the source does not say). */
export type TFormTake = {
  take: string;
  /** The movement it is grouped under (movementOf), and the kind its references are built as. */
  movement: string;
  kind: TMovementKind;
  form: 'good' | 'bad';
  person: string;
  view: TPerspectiveView | null;
  /** The source's `split` of its people (`tune` to tune on, `validate` to check on), or null where it gives none. */
  split: string | null;
  data: TTake;
};

/** The perspective view a source's view label names ('side/varied': side at varied angles); null: none or either. */
const perspectiveView = (label: string | undefined): TPerspectiveView | null =>
  label === 'front' ? 'front' : label === 'side' || label?.startsWith('side/') ? 'side' : null;

/** The rows of a set's labels.csv, each by its columns' names. */
function csvRows(csv: string): Record<string, string | undefined>[] {
  const [header, ...lines] = readFileSync(csv, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const columns = header!.split(',').map((column) => column.trim());
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index], value.trim()])));
}

/** The labelled form takes of every `takes/<set>/labels.csv`. */
function setLabels(folder: string, read: (take: string) => TTake | null): TFormTake[] {
  const out: TFormTake[] = [];
  const sets = existsSync(join(folder, 'takes'))
    ? readdirSync(join(folder, 'takes'), { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  for (const set of sets.map((entry) => entry.name).sort()) {
    const csv = join(folder, 'takes', set, 'labels.csv');
    if (!existsSync(csv)) continue;
    for (const row of csvRows(csv)) {
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
        split: row.split || null,
        data,
      });
    }
  }
  return out;
}

/**
 * The labelled form takes: labels.json's (Pose Trainer: people not told apart) and those of
 * every `takes/<set>/labels.csv` (PushFit's, and any set laid out like it: a header naming at
 * least `take`, `movement` and `form`, and `person`, `view` and `split` where the source tells them).
 */
export function formLabels(folder: string, labels: TLabel[], takes: Map<string, TTake>, read: (take: string) => TTake | null): TFormTake[] {
  const listed: TFormTake[] = labels
    .filter((label) => label.form)
    .map((label) => ({
      take: label.take,
      movement: movementOf(label.movement),
      kind: kindOf(label.movement),
      form: label.form!,
      person: label.take,
      view: perspectiveView(label.view),
      split: null,
      data: takes.get(label.take)!,
    }));
  return [...listed, ...setLabels(folder, read)];
}

/** The movements the labelled takes are grouped under, in the order they first come. */
export const movements = (formTakes: readonly TFormTake[]) => [...new Set(formTakes.map((entry) => entry.movement))];
