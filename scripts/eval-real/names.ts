/**
 * Movement names as sources spell them: the kind a label names ("Shoulder_Press", "pushups",
 * "Barbell back squats") and the movement its takes are grouped under.
 */
import { MOVEMENT_KINDS, type TMovementKind } from '@movelab/shared/movescore/index';

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
export function kindOf(movement: string): TMovementKind {
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
export const movementOf = (movement: string): string => exactKind(letters(movement)) ?? spelled(movement);
