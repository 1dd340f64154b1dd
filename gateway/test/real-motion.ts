/**
 * The real takes the real-motion tests score: the MIT goblet-squat clip that ships with the
 * gateway, and the labelled takes read from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION),
 * whose tests skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTake, type TTake } from '@movelab/shared/movescore/index';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));
export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** A result's score where its form was judged (none of these real squats and good push-ups is left unjudged but where said). */
export const judged = (result: { score: number | null; feedback: string[] }): number => {
  if (result.score === null) throw new Error(`not judged: ${result.feedback[0]}`);
  return result.score;
};

export const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
export const hasFolder = existsSync(join(FOLDER, 'labels.json'));

export type TLabel = { take: string; movement: string; view?: string; form?: string };

/** The labelled takes (labels.json), none without the folder. */
export const realLabels = (): TLabel[] => (hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : []);

/** PushFit's labelled takes (takes/pushfit/labels.csv), a row each, its columns by name. */
export function pushFitRows(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])));
}
