import type { TMovement, TPerspective } from '@movelab/shared';
import type { TBackend } from '@/lib/backend/port';

/**
 * The movescore perspective a movement of an activity is linked to (the one it names, else its
 * movement's first), or null when it has no link or no perspective.
 */
export async function linkedPerspective(backend: TBackend, movement: TMovement): Promise<TPerspective | null> {
  const link = movement.movescore;
  if (!link) return null;
  const perspectiveId = link.perspectiveId ?? (await backend.movescore.listPerspectives(link.groupId, link.movementId))[0]?.id;
  if (!perspectiveId) return null;
  return backend.movescore.getPerspective(link.groupId, link.movementId, perspectiveId);
}
