import { COLLECTIONS, DEFAULT_DISPLAY_NAME, type TRoutine, type TUser } from '@movelab/shared';
import { stepsOf, type TPeople } from '../realtime/people.js';
import type { DocumentStore } from './documents.js';

/** The embedded backend: user records and the catalogue in the gateway's SQLite document store. */
export function embeddedPeople(docs: DocumentStore): TPeople {
  return {
    async displayName(uid) {
      return docs.get<TUser>(COLLECTIONS.users, uid)?.displayName || DEFAULT_DISPLAY_NAME;
    },
    async setRemoteSession(uid, sessionId) {
      docs.transaction(() => {
        const user = docs.get<TUser>(COLLECTIONS.users, uid);
        if (user) docs.put(COLLECTIONS.users, { ...user, apiRtcConversationId: sessionId });
      });
    },
    plans: {
      async routineSteps(routineId) {
        return stepsOf(docs.get<TRoutine>(COLLECTIONS.routines, routineId)?.steps);
      },
      async hasMovement(movementId) {
        return docs.get(COLLECTIONS.movements, movementId) !== null;
      },
    },
  };
}
