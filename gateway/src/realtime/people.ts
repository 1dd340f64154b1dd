import { type TUserStatSession, type TVideoAnalysis } from '@movelab/shared';

/** Firebase mode: the client wrote a result to Firestore; the gateway confirms it exists before broadcasting. */
export type TResultLookup<T> = {
  /** The user's own stored result with this id, or null when there is none. */
  find(uid: string, id: string): Promise<T | null>;
};
/** users/{uid}/video_analysis/{analysisId}. */
export type TAnalysisLookup = TResultLookup<TVideoAnalysis>;
/** user_stat_sessions/{sessionId} of kind 'practice' whose userId is the caller. */
export type TPracticeLookup = TResultLookup<TUserStatSession>;

/**
 * The catalogue entries a group session may practise ("Practise together"): read from the
 * backend's catalogue, never taken from the client.
 */
export type TPlanLookup = {
  /** How many steps the routine has; null when there is no such routine. */
  routineSteps(routineId: string): Promise<number | null>;
  hasMovement(movementId: string): Promise<boolean>;
};

/** The steps of a stored routine document (its `steps` array), or null when it has none. */
export const stepsOf = (steps: unknown): number | null => (Array.isArray(steps) && steps.length > 0 ? steps.length : null);

/** What the real-time layer needs to know about users (and the catalogue), from whichever backend runs. */
export type TPeople = {
  displayName(uid: string): Promise<string>;
  /** Keeps users/{uid}.apiRtcConversationId on the host's live session (null when it ends). */
  setRemoteSession(uid: string, sessionId: string | null): Promise<void>;
  /** Routines and movements a group session names (`group:create`). */
  plans: TPlanLookup;
  /** Only where analyses are written outside the gateway (firebase); the embedded REST route publishes itself. */
  analyses?: TAnalysisLookup;
  /** Likewise for finished practices. */
  practices?: TPracticeLookup;
};
