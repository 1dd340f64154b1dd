/**
 * Collection and sub-collection names, exactly as the original product's Firestore data
 * has them (spec §3), so Movelab can be pointed at that data.
 */
export const COLLECTIONS = {
  users: 'users',
  videoAnalysis: 'video_analysis',
  activities: 'activities',
  activityCategories: 'activity_categories',
  movements: 'movements',
  routines: 'routines',
  routineCompletion: 'routine_completion',
  userStatSessions: 'user_stat_sessions',
  movescoreGroups: 'movescore-groups',
  /** Sub-collection of a movescore group. */
  groupMovements: 'movements',
  /** Sub-collection of a movescore movement. */
  perspectives: 'perspectives',
  /** Firebase mode: what the Firestore rules check for every request of an account (ZAccountGuard); the gateway's only. */
  accountGuards: 'account_guards',
  /** Firebase mode: one document per movescore group name in use (`nameKeyId`), so the rules keep names unique. */
  movescoreGroupNames: 'movescore-group-names',
} as const;

/** File storage paths. */
export const STORAGE_PATHS = {
  avatar: (userId: string) => `avatars/${userId}`,
  groupCover: (groupId: string) => `covers/movescore-groups/${groupId}`,
  activityImage: (activityId: string) => `covers/activities/${activityId}`,
} as const;
