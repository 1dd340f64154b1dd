/**
 * The backend port: every operation of spec §7 the client needs, behind one interface.
 * Two implementations: `embedded` (REST to the Movelab gateway) and `firebase` (the Firebase
 * SDK: Auth, Firestore, Storage). Which one runs is chosen at start-up from the gateway's
 * runtime configuration (GET /api/config), so one build serves both.
 *
 * Every method rejects with a `MovelabError` (from @movelab/shared) whose `code` is a Firebase
 * identity code (`auth/...`), a storage code (`storage/...`) or an app code (`app/...`).
 * Components never call the port directly: they go through TanStack Query hooks in
 * `features/<name>/api/`.
 */
import type {
  TAdminAnalysis,
  TActivity,
  TActivityCategory,
  TActivityCategoryInput,
  TActivityInput,
  THistoryDetails,
  THistoryItemKind,
  THistoryPage,
  THistoryQuery,
  TAuthUser,
  TDeleteChildren,
  TMovement,
  TMovementInput,
  TMovescoreGroup,
  TMovescoreGroupInput,
  TMovescoreMovement,
  TMovescoreMovementInput,
  TPerspective,
  TPerspectiveInput,
  TProfileUpdate,
  TRecentSession,
  TRoutine,
  TRoutineCompletion,
  TRoutineCompletionInput,
  TRoutineInput,
  TUser,
  TUserFilterQuery,
  TUserPage,
  TUserStatSession,
  TVideoAnalysis,
  TVideoAnalysisInput,
} from '@movelab/shared';
import type {
  ZActivityCategoryInput,
  ZActivityInput,
  ZMovementInput,
  ZMovescoreGroupInput,
  ZMovescoreMovementInput,
  ZPerspectiveInput,
  ZRoutineInput,
  ZUserStatSessionInput,
} from '@movelab/shared';
import type { z } from 'zod';

/**
 * What a create accepts: the input schema's input type, so fields with defaults may be left
 * out (both backends fill them from the same schema).
 */
type TCreate<S extends z.ZodType> = z.input<S>;

export type TUnsubscribe = () => void;

/** Progress of an upload, 0..1. */
export type TUploadProgress = (fraction: number) => void;

/** What to do with the children when deleting a parent. */
export type { TDeleteChildren };

export type TIdentityPort = {
  signUp(email: string, password: string, displayName?: string): Promise<TAuthUser>;
  signIn(email: string, password: string): Promise<TAuthUser>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /**
   * Checks a reset link (`oobCode` from the URL) without spending it: the account's e-mail, or
   * auth/invalid-action-code (unknown or used) or auth/expired-action-code.
   */
  verifyPasswordResetCode(oobCode: string): Promise<string>;
  /** Completes a reset from the link (`oobCode` from the URL). */
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  /** Sends the signed-in user a link proving their e-mail (embedded: written to the gateway log). */
  sendEmailVerification(): Promise<void>;
  /**
   * Completes a verification from the link (`oobCode` from the URL); the current user then shows
   * it. `alreadyVerified`: the link was opened again after its address was proven.
   */
  confirmEmailVerification(oobCode: string): Promise<{ alreadyVerified: boolean }>;
  /**
   * Calls back with the signed-in user or null: once with the current state as soon as it is
   * known, then on every change (sign-in, sign-out, automatic sign-out when the account is
   * disabled or the session expired).
   */
  onAuthStateChanged(callback: (user: TAuthUser | null) => void): TUnsubscribe;
  currentUser(): TAuthUser | null;
  /** A fresh ID token for the gateway (sockets, admin REST), refreshed when near expiry. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  /**
   * Checks with the server that the sign-in still holds, before the outbox writes: one ended
   * meanwhile (password changed elsewhere, account disabled, tokens revoked) signs out. Firebase:
   * the user is reloaded (an ID token still within its hour would otherwise be accepted by
   * Firestore); embedded: an expired token is refreshed, and the gateway refuses a stale one.
   */
  verifySignIn(): Promise<void>;
  updateDisplayName(displayName: string): Promise<void>;
  updateEmail(email: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
  deleteAccount(): Promise<void>;
};

export type TUserPort = {
  /** null when the record does not exist. */
  getUser(uid: string): Promise<TUser | null>;
  /** Creates users/{uid} with displayName, email and empty roles. */
  createUser(uid: string, data: { displayName: string; email: string }): Promise<TUser>;
  /**
   * users/{uid}, created as `createUser` does when it does not exist yet: the start-up's "load,
   * or create" without asking first for a record a new sign-up does not have (embedded: one PUT).
   */
  loadOrCreateUser(uid: string, data: { displayName: string; email: string }): Promise<TUser>;
  countUsers(): Promise<number>;
  updateProfile(uid: string, update: TProfileUpdate): Promise<TUser>;
  /** Admin: by display-name prefix (lowercase), or by e-mail prefix when given; cursor pages. */
  filterUsers(query: TUserFilterQuery): Promise<TUserPage>;
  setRoles(uid: string, roles: string[]): Promise<TUser>;
  setDisabled(uid: string, disabled: boolean): Promise<TUser>;
  addActivity(uid: string, activityId: string): Promise<TUser>;
  removeActivity(uid: string, activityId: string): Promise<TUser>;
  /** Uploads to avatars/{uid}; resolves with the download URL. */
  uploadAvatar(uid: string, file: Blob, onProgress?: TUploadProgress): Promise<string>;
  /** '' when there is no avatar (storage/object-not-found); other errors are thrown. */
  getAvatarUrl(uid: string): Promise<string>;
  addRoutineSubscription(uid: string, routineId: string): Promise<TUser>;
  saveConversationId(uid: string, conversationId: string | null): Promise<TUser>;
  createVideoAnalysis(uid: string, entry: TVideoAnalysisInput): Promise<TVideoAnalysis>;
  /** The last `count` analyses, newest first (ordered by createdAt descending). */
  loadVideoAnalyses(uid: string, count: number): Promise<TVideoAnalysis[]>;
  /** Admin: how many video analyses exist across every user. */
  countAllVideoAnalyses(): Promise<number>;
  /** Admin: the latest `count` analyses across every user, newest first, each with its owner. */
  latestVideoAnalyses(count: number): Promise<TLatestAnalyses>;
};

/**
 * The latest analyses, and how many stored rows among them could not be read (their schema
 * refuses them): those are said, not silently dropped, and further rows fill their places.
 */
export type TLatestAnalyses = { items: TAdminAnalysis[]; unreadable: number };

export type TMovescorePort = {
  /** Ordered by name; `prefix` keeps names in the range [prefix, prefix + high character]. */
  listGroups(options?: { prefix?: string; limit?: number }): Promise<TMovescoreGroup[]>;
  countGroups(): Promise<number>;
  /** null when missing. */
  getGroup(groupId: string): Promise<TMovescoreGroup | null>;
  getGroupsByIds(ids: string[]): Promise<TMovescoreGroup[]>;
  createGroup(input: TCreate<typeof ZMovescoreGroupInput>): Promise<TMovescoreGroup>;
  updateGroup(groupId: string, update: Partial<TMovescoreGroupInput>): Promise<TMovescoreGroup>;
  deleteGroup(groupId: string, children?: TDeleteChildren): Promise<void>;
  uploadGroupCover(groupId: string, file: Blob, onProgress?: TUploadProgress): Promise<TMovescoreGroup>;
  recountGroup(groupId: string): Promise<TMovescoreGroup>;

  listMovements(groupId: string): Promise<TMovescoreMovement[]>;
  getMovement(groupId: string, movementId: string): Promise<TMovescoreMovement | null>;
  createMovement(groupId: string, input: TCreate<typeof ZMovescoreMovementInput>): Promise<TMovescoreMovement>;
  updateMovement(groupId: string, movementId: string, update: Partial<TMovescoreMovementInput>): Promise<TMovescoreMovement>;
  deleteMovement(groupId: string, movementId: string, children?: TDeleteChildren): Promise<void>;
  recountMovement(groupId: string, movementId: string): Promise<TMovescoreMovement>;

  listPerspectives(groupId: string, movementId: string): Promise<TPerspective[]>;
  getPerspective(groupId: string, movementId: string, perspectiveId: string): Promise<TPerspective | null>;
  createPerspective(groupId: string, movementId: string, input: TCreate<typeof ZPerspectiveInput>): Promise<TPerspective>;
  updatePerspective(groupId: string, movementId: string, perspectiveId: string, update: Partial<TPerspectiveInput>): Promise<TPerspective>;
  deletePerspective(groupId: string, movementId: string, perspectiveId: string): Promise<void>;

  /** The user's last 3 analyses joined with their group's name and cover. */
  recentSessions(uid: string, count?: number): Promise<TRecentSession[]>;
};

export type TCatalogPort = {
  listCategories(): Promise<TActivityCategory[]>;
  createCategory(input: TCreate<typeof ZActivityCategoryInput>): Promise<TActivityCategory>;
  updateCategory(categoryId: string, update: Partial<TActivityCategoryInput>): Promise<TActivityCategory>;
  deleteCategory(categoryId: string): Promise<void>;
  listActivities(options?: { categoryId?: string; prefix?: string }): Promise<TActivity[]>;
  countActivities(): Promise<number>;
  getActivity(activityId: string): Promise<TActivity | null>;
  createActivity(input: TCreate<typeof ZActivityInput>): Promise<TActivity>;
  updateActivity(activityId: string, update: Partial<TActivityInput>): Promise<TActivity>;
  deleteActivity(activityId: string, children?: TDeleteChildren): Promise<void>;
  uploadActivityImage(activityId: string, file: Blob, onProgress?: TUploadProgress): Promise<TActivity>;

  listMovements(activityId: string): Promise<TMovement[]>;
  getMovement(movementId: string): Promise<TMovement | null>;
  createMovement(input: TCreate<typeof ZMovementInput>): Promise<TMovement>;
  updateMovement(movementId: string, update: Partial<TMovementInput>): Promise<TMovement>;
  deleteMovement(movementId: string): Promise<void>;

  listRoutines(activityId?: string): Promise<TRoutine[]>;
  getRoutine(routineId: string): Promise<TRoutine | null>;
  createRoutine(input: TCreate<typeof ZRoutineInput>): Promise<TRoutine>;
  updateRoutine(routineId: string, update: Partial<TRoutineInput>): Promise<TRoutine>;
  deleteRoutine(routineId: string): Promise<void>;

  /** The signed-in user's own completions and stat sessions. */
  createRoutineCompletion(input: TRoutineCompletionInput): Promise<TRoutineCompletion>;
  listRoutineCompletions(limit?: number): Promise<TRoutineCompletion[]>;
  createUserStatSession(input: TCreate<typeof ZUserStatSessionInput>): Promise<TUserStatSession>;
  listUserStatSessions(limit?: number): Promise<TUserStatSession[]>;
  /** The signed-in user's analyses and practice sessions, newest first, in cursor pages. */
  listHistory(query: THistoryQuery): Promise<THistoryPage>;
  /** One of the signed-in user's own history items with what was saved; another's is `app/not-found`. */
  getHistoryItem(kind: THistoryItemKind, id: string): Promise<THistoryDetails>;
  /** Deletes one of the signed-in user's own history items (an analysis with its stat session); another's is `app/not-found`. */
  deleteHistoryItem(kind: THistoryItemKind, id: string): Promise<void>;
};

export type TBackend = {
  kind: 'embedded' | 'firebase';
  identity: TIdentityPort;
  users: TUserPort;
  movescore: TMovescorePort;
  catalog: TCatalogPort;
  /** Stops background work (token refresh timers); the backend is unusable afterwards. */
  dispose?(): void;
};
