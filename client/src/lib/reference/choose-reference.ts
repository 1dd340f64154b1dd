/**
 * The reference motion a movement of an activity is compared with, in practice and in its
 * picture: its linked perspective's reference when that is valid, else one generated for the
 * kind its name describes, else none (reps counted by hand, a placeholder for a picture).
 */
import type { TMovement } from '@movelab/shared';
import { buildReference, generateTake, MOTION_KINDS, ZReference, type TMovement as TMotion, type TReference } from '@movelab/shared/movescore/index';

/** The kind of movement a name describes, for a generated reference; null when unknown. */
export function motionKind(movement: Pick<TMovement, 'id' | 'name'>): TMotion | null {
  const text = `${movement.id} ${movement.name}`.toLowerCase();
  if (/squat/.test(text) && !/hold/.test(text)) return 'squat';
  if (/lunge/.test(text)) return 'lunge';
  const isPushUp = /push[- ]?up|press[- ]?up/.test(text);
  if (isPushUp && /knee|kneeling/.test(text)) return 'knee-pushup';
  if (isPushUp) return 'pushup';
  if (/(shoulder|overhead|military) press/.test(text)) return 'press';
  if (/shrug/.test(text)) return 'shrug';
  return /front raise/.test(text) ? 'raise' : null;
}

const generated = new Map<TMotion, TReference>();

/**
 * A reference built from a generated take of this motion, as its movement kind (the kind's
 * counting joint and form joints, as the demo catalogue's are built); cached: building takes ~100 ms.
 */
export function generatedReference(motion: TMotion): TReference {
  let reference = generated.get(motion);
  if (!reference) {
    // A raise filmed facing the camera is counted on the arm's height (see `countingFacing`),
    // which reads alike from whichever side the person practising films.
    const take = generateTake({ movement: motion, reps: 4, seed: 7, ...(motion === 'raise' ? { yaw: Math.PI / 2 } : {}) });
    reference = buildReference(take, { kind: MOTION_KINDS[motion] });
    generated.set(motion, reference);
  }
  return reference;
}

/** A stored reference when it is a valid one, else null (none, or not one this version reads). */
export function validReference(stored: unknown): TReference | null {
  const parsed = ZReference.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The perspective's reference when it has a valid one, else one generated for the kind, else null (counted by hand). */
export function chooseReference(perspectiveReference: unknown, movement: Pick<TMovement, 'id' | 'name'>): TReference | null {
  const valid = validReference(perspectiveReference);
  if (valid) return valid;
  const kind = motionKind(movement);
  return kind ? generatedReference(kind) : null;
}
