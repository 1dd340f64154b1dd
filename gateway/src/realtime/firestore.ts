import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COLLECTIONS, DEFAULT_DISPLAY_NAME, ZUserStatSession, ZVideoAnalysis } from '@movelab/shared';
import type { z } from 'zod';
import { stepsOf, type TPeople } from './people.js';

/**
 * Firebase mode: names, analyses and the catalogue (routines, movements) read with firebase-admin. The client writes
 * apiRtcConversationId itself (the Firestore rules allow it), so the gateway does not.
 * Tested against the Cloud Firestore emulator in client/src/test/firebase.data.test.ts (live
 * analyses); the socket handlers are also tested with an in-memory TPeople.
 */
/** An id Firestore takes as one document of a collection (no path, none of its reserved names); another is no catalogue entry. */
const isPlainId = (id: string) => !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);

export function firestorePeople(app: App): TPeople {
  const db = getFirestore(app);
  return {
    async displayName(uid) {
      const snapshot = await db.collection(COLLECTIONS.users).doc(uid).get();
      const name: unknown = snapshot.get('displayName');
      return typeof name === 'string' && name ? name : DEFAULT_DISPLAY_NAME;
    },
    async setRemoteSession() {
      // Written by the client in firebase mode.
    },
    plans: {
      async routineSteps(routineId) {
        if (!isPlainId(routineId)) return null;
        return stepsOf((await db.collection(COLLECTIONS.routines).doc(routineId).get()).get('steps'));
      },
      async hasMovement(movementId) {
        if (!isPlainId(movementId)) return false;
        return (await db.collection(COLLECTIONS.movements).doc(movementId).get()).exists;
      },
    },
    analyses: {
      async find(uid, analysisId) {
        const snapshot = await db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.videoAnalysis).doc(analysisId).get();
        return snapshot.exists ? parseStored(ZVideoAnalysis, snapshot.id, snapshot.data() ?? {}) : null;
      },
    },
    practices: {
      async find(uid, sessionId) {
        const snapshot = await db.collection(COLLECTIONS.userStatSessions).doc(sessionId).get();
        const session = snapshot.exists ? parseStored(ZUserStatSession, snapshot.id, snapshot.data() ?? {}) : null;
        // A top-level collection: someone else's session, or an analysis's, is not this user's practice.
        return session?.userId === uid && session.kind === 'practice' ? session : null;
      },
    },
  };
}

/** A stored document as the shared schema has it, Firestore Timestamps as ISO strings like the embedded backend's; null when it does not fit. */
function parseStored<T>(schema: z.ZodType<T>, id: string, data: Record<string, unknown>): T | null {
  const fields = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, typeof (value as { toDate?: unknown })?.toDate === 'function' ? (value as { toDate(): Date }).toDate().toISOString() : value]),
  );
  const parsed = schema.safeParse({ ...fields, id });
  return parsed.success ? parsed.data : null;
}
