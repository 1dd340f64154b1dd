import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COLLECTIONS, ZVideoAnalysis } from '@movelab/shared';
import { DEFAULT_NAME, type TPeople } from './people.js';

/**
 * Firebase mode: names and analyses read with firebase-admin. The client writes
 * apiRtcConversationId itself (the Firestore rules allow it), so the gateway does not.
 * Tested against the Cloud Firestore emulator in client/src/test/firebase.data.test.ts (live
 * analyses); the socket handlers are also tested with an in-memory TPeople.
 */
export function firestorePeople(app: App): TPeople {
  const db = getFirestore(app);
  return {
    async displayName(uid) {
      const snapshot = await db.collection(COLLECTIONS.users).doc(uid).get();
      const name: unknown = snapshot.get('displayName');
      return typeof name === 'string' && name ? name : DEFAULT_NAME;
    },
    async setRemoteSession() {
      // Written by the client in firebase mode.
    },
    analyses: {
      async find(uid, analysisId) {
        const snapshot = await db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.videoAnalysis).doc(analysisId).get();
        if (!snapshot.exists) return null;
        const data = snapshot.data() ?? {};
        const createdAt: unknown = data.createdAt;
        const parsed = ZVideoAnalysis.safeParse({
          ...data,
          id: snapshot.id,
          // Firestore Timestamps become ISO strings like the embedded backend's.
          createdAt: typeof (createdAt as { toDate?: unknown })?.toDate === 'function' ? (createdAt as { toDate(): Date }).toDate().toISOString() : createdAt,
        });
        return parsed.success ? parsed.data : null;
      },
    },
  };
}
