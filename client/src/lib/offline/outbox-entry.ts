/** What the outbox keeps: one result (an analysis or a practice) as the writes that save it. */
import type { TRoutineCompletionInput, TUserStatSessionInput, TVideoAnalysisInput } from '@movelab/shared';

/** Each write carries the client id it is created under, so replaying it cannot store it twice. */
export type TOutboxWrite =
  | { op: 'createVideoAnalysis'; entry: TVideoAnalysisInput & { id: string } }
  | { op: 'createRoutineCompletion'; input: TRoutineCompletionInput & { id: string } }
  | {
      op: 'createUserStatSession';
      input: Omit<TUserStatSessionInput, 'activityId' | 'routineId' | 'score'> & Partial<TUserStatSessionInput> & { id: string };
    };

export type TOutboxEntry = {
  id: string;
  /** The account the result belongs to: it is written only while that account is signed in. */
  uid: string;
  kind: 'analysis' | 'practice';
  /** What the user sees in the list of results waiting to sync. */
  label: string;
  createdAt: string;
  writes: TOutboxWrite[];
  /** Set when the server refused it for good (never retried automatically). */
  failure?: string;
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character random id, like the gateway's and Firestore's own. */
export function newClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}
