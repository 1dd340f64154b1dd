/** The one query-key scheme of the app: [collection, ...ids, view]. */
export const queryKeys = {
  users: {
    all: ['users'] as const,
    detail: (uid: string) => ['users', uid] as const,
    recentSessions: (uid: string, count: number) => ['users', uid, 'recent-sessions', count] as const,
  },
  activities: {
    all: ['activities'] as const,
    byIds: (ids: readonly string[]) => ['activities', 'by-ids', [...ids].sort()] as const,
  },
  routines: {
    all: ['routines'] as const,
    byIds: (ids: readonly string[]) => ['routines', 'by-ids', [...ids].sort()] as const,
  },
} as const;
