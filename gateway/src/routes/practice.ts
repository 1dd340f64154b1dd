import { COLLECTIONS, type TRoutineCompletion, type TUserStatSession, ZRoutineCompletion, ZUserStatSession } from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { THandlers } from './api.js';
import type { TSaveLimit } from '../http/rate-limit.js';
import { requireNotAhead } from './client-time.js';

/**
 * The user's practice record: routine completions and stat sessions, each the caller's own.
 * `limitSave` takes the caller's budget before a new completion or session is stored;
 * `onPractice` hears each finished practice once (its new stat session), for the live feed.
 */
export function practiceHandlers(docs: DocumentStore, limitSave: TSaveLimit, onPractice?: (session: TUserStatSession) => Promise<void>): THandlers {
  const completions = new Collection<TRoutineCompletion>(docs, COLLECTIONS.routineCompletion, '', 'Routine completion', ZRoutineCompletion);
  const statSessions = new Collection<TUserStatSession>(docs, COLLECTIONS.userStatSessions, '', 'Session', ZUserStatSession);

  /** A user's own completion or session: a client id taken by someone else's is refused. */
  const isCallers = (caller: { uid: string }) => (existing: { userId: string }) => existing.userId === caller.uid;

  return {
    createRoutineCompletion: async ({ caller, body: { id: clientId, ...fields } }) => {
      requireNotAhead('startedAt', fields.startedAt);
      const created = await completions.createOnceGated(
        clientId,
        { ...fields, userId: caller.uid, completedAt: new Date().toISOString() },
        isCallers(caller),
        () => limitSave(caller.uid),
      );
      return created.document;
    },
    listRoutineCompletions: ({ caller, query }) =>
      completions.list({
        where: { userId: caller.uid },
        orderBy: 'completedAt',
        isDescending: true,
        limit: query.limit,
      }),
    createUserStatSession: async ({ caller, body: { id: clientId, ...fields } }) => {
      requireNotAhead('startedAt', fields.startedAt);
      const { document: session, isNew } = await statSessions.createOnceGated(
        clientId,
        { ...fields, userId: caller.uid, createdAt: new Date().toISOString() },
        isCallers(caller),
        () => limitSave(caller.uid),
      );
      if (isNew && session.kind === 'practice') await onPractice?.(session);
      return session;
    },
    listUserStatSessions: ({ caller, query }) =>
      statSessions.list({
        where: { userId: caller.uid },
        orderBy: 'createdAt',
        isDescending: true,
        limit: query.limit,
      }),
  };
}
