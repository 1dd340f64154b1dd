/** The one query-key scheme of the app: [collection, ...ids, view]. */
export const queryKeys = {
  users: {
    all: ['users'] as const,
    detail: (uid: string) => ['users', uid] as const,
    recentSessions: (uid: string, count: number) => ['users', uid, 'recent-sessions', count] as const,
    videoAnalyses: (uid: string, count: number) => ['users', uid, 'video_analysis', count] as const,
    statSessions: (uid: string, count: number) => ['users', uid, 'user_stat_sessions', count] as const,
    history: (uid: string, filter: object) => ['users', uid, 'history', filter] as const,
    historyItem: (uid: string, kind: string, id: string) => ['users', uid, 'history-item', kind, id] as const,
  },
  categories: {
    all: ['activity_categories'] as const,
  },
  activities: {
    all: ['activities'] as const,
    byIds: (ids: readonly string[]) => ['activities', 'by-ids', [...ids].sort()] as const,
    list: () => ['activities', 'list'] as const,
    detail: (activityId: string) => ['activities', activityId] as const,
    movements: (activityId: string) => ['activities', activityId, 'movements'] as const,
    routines: (activityId: string) => ['activities', activityId, 'routines'] as const,
    linkedPerspective: (activityId: string, movementId: string) => ['activities', activityId, 'movements', movementId, 'linked-perspective'] as const,
  },
  routines: {
    all: ['routines'] as const,
    byIds: (ids: readonly string[]) => ['routines', 'by-ids', [...ids].sort()] as const,
  },
  movescoreGroups: {
    all: ['movescore-groups'] as const,
    /** Every list of groups, whatever its name prefix. */
    lists: ['movescore-groups', 'list'] as const,
    list: (prefix: string) => ['movescore-groups', 'list', prefix] as const,
    detail: (groupId: string) => ['movescore-groups', groupId] as const,
    movements: (groupId: string) => ['movescore-groups', groupId, 'movements'] as const,
    movement: (groupId: string, movementId: string) => ['movescore-groups', groupId, 'movements', movementId] as const,
    perspectives: (groupId: string, movementId: string) =>
      ['movescore-groups', groupId, 'movements', movementId, 'perspectives'] as const,
    perspective: (groupId: string, movementId: string, perspectiveId: string) =>
      ['movescore-groups', groupId, 'movements', movementId, 'perspectives', perspectiveId] as const,
  },
} as const;
