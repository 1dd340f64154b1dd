import type { TMovescoreGroup, TRecentSession, TVideoAnalysis } from '@movelab/shared';

/** Shown for an analysis whose group has since been deleted: the session still counts. */
export const DELETED_GROUP_NAME = 'Deleted group';

/** The unique group ids of some analyses, in first-seen order. */
export function groupIdsOf(analyses: readonly TVideoAnalysis[]): string[] {
  return [...new Set(analyses.map((analysis) => analysis.groupId))];
}

/** Joins analyses (newest first) with their group's name and cover (spec §7 recent sessions). */
export function joinRecentSessions(
  analyses: readonly TVideoAnalysis[],
  groups: readonly TMovescoreGroup[],
): TRecentSession[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  return analyses.map((analysis) => {
    const group = byId.get(analysis.groupId);
    return {
      id: analysis.id,
      groupId: analysis.groupId,
      movementId: analysis.movementId,
      score: analysis.score,
      createdAt: analysis.createdAt,
      groupName: group?.name ?? DELETED_GROUP_NAME,
      coverUrl: group?.coverUrl ?? '',
    };
  });
}
