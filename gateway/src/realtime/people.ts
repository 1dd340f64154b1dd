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

/** What the real-time layer needs to know about users, from whichever backend runs. */
export type TPeople = {
  displayName(uid: string): Promise<string>;
  /** Keeps users/{uid}.apiRtcConversationId on the host's live session (null when it ends). */
  setRemoteSession(uid: string, sessionId: string | null): Promise<void>;
  /** Only where analyses are written outside the gateway (firebase); the embedded REST route publishes itself. */
  analyses?: TAnalysisLookup;
  /** Likewise for finished practices. */
  practices?: TPracticeLookup;
};
