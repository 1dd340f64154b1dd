import { referenceKind, type TPerspective } from '@movelab/shared';
import { MOVEMENT_KINDS, type TMovementKind } from '@movelab/shared/movescore/definitions';

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The movement kind a new perspective starts with: the kind its movement's perspectives already
 * have (the most common, a recorded reference's kind first), else the kind named by its group
 * (a "Squat" group, a "Push-up" group), then by its movement; "custom" (Other) only when nothing
 * names one. The admin can still pick another.
 */
export function followedKind(perspectives: ReadonlyArray<TPerspective>, names: { group?: string; movement?: string }): TMovementKind {
  const counts = new Map<TMovementKind, number>();
  for (const perspective of perspectives) {
    const kind = referenceKind(perspective.reference) ?? perspective.kind;
    if (kind && kind !== 'custom') counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const [mostUsed] = [...counts].sort((a, b) => b[1] - a[1]);
  if (mostUsed) return mostUsed[0];
  for (const name of [names.group, names.movement]) {
    const named = MOVEMENT_KINDS.find((kind) => kind !== 'custom' && letters(name ?? '').includes(letters(kind)));
    if (named) return named;
  }
  return 'custom';
}
