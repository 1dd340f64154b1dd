/**
 * The Firestore seed against the real Cloud Firestore emulator (skipped, visibly, on a machine
 * without it): the same documents as the SQLite seed, references readable, written once.
 */
import { initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, fromFirestoreValue } from '@movelab/shared';
import { ZReference } from '@movelab/shared/movescore/index';
import { hasFirestoreEmulator, startFirestoreEmulator, type TEmulator } from '../../e2e/fixtures/firestore-emulator.js';
import { demoCatalogue, demoReference } from '../src/seed.js';
import { FIRESTORE_SEED_MARKER, seedFirestore } from '../src/seed-firestore.js';
import { startGateway } from './helpers.js';

const quiet = pino({ level: 'silent' });
let emulator: TEmulator;
let apps = 0;

/** A fresh project on the one emulator: each test starts from an empty database. */
function freshDatabase(): { db: Firestore; projectId: string } {
  const projectId = `demo-seed-${++apps}`;
  const app: App = initializeApp({ projectId }, projectId);
  return { db: getFirestore(app), projectId };
}

describe.skipIf(!hasFirestoreEmulator())('Firestore seed on the emulator', () => {
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.baseUrl.replace('http://', '');
  });
  afterAll(async () => {
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await emulator?.stop();
  });

  // First: the gateway takes the process's first firebase-admin app as its own.
  it('seeds at the start of a gateway in local emulator mode', async () => {
    const projectId = 'demo-seed-gateway';
    const gw = await startGateway({
      BACKEND: 'firebase',
      FIREBASE_PROJECT_ID: projectId,
      FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST!,
      SEED_DEMO: 'true',
    });
    try {
      const db = getFirestore(initializeApp({ projectId }, 'reader'));
      const groups = await db.collection(COLLECTIONS.movescoreGroups).get();
      expect(groups.docs.map((snap) => snap.id).sort()).toEqual(['lunge', 'plank', 'push-up', 'squat']);
      expect(gw.logs.some((line) => line.msg === 'demo catalogue seeded in Firestore')).toBe(true);
    } finally {
      await gw.close();
    }
  });
  it('writes the demo catalogue with its references, then nothing on a second run', async () => {
    const { db } = freshDatabase();
    const catalogue = demoCatalogue();
    expect(await seedFirestore(db, quiet)).toBe(catalogue.length);

    const categories = await db.collection(COLLECTIONS.activityCategories).orderBy('order').get();
    expect(categories.docs.map((snap) => snap.id)).toEqual(['strength', 'mobility', 'core']);
    const front = await db
      .doc(`${COLLECTIONS.movescoreGroups}/squat/${COLLECTIONS.groupMovements}/bodyweight-squat/${COLLECTIONS.perspectives}/front`)
      .get();
    expect(front.data()).toMatchObject({ name: 'Front', view: 'front', kind: 'squat' });
    const reference = ZReference.parse(fromFirestoreValue(front.data()!.reference));
    expect(reference).toEqual(demoReference('squat', 'front'));
    const perspectives = await db.collectionGroup(COLLECTIONS.perspectives).count().get();
    expect(perspectives.data().count).toBe(catalogue.filter((entry) => entry.collection === COLLECTIONS.perspectives).length);

    const before = (await db.doc(`${COLLECTIONS.activities}/core-stability`).get()).updateTime;
    expect(await seedFirestore(db, quiet)).toBe(0);
    expect((await db.doc(`${COLLECTIONS.activities}/core-stability`).get()).updateTime?.isEqual(before!)).toBe(true);
  });

  it('never brings back what an admin deleted, nor overwrites a document already there', async () => {
    const { db } = freshDatabase();
    await db.doc(`${COLLECTIONS.activityCategories}/core`).set({ name: 'Trunk', description: '', order: 9, icon: 'human' });
    const written = await seedFirestore(db, quiet);
    expect(written).toBe(demoCatalogue().length - 1);
    expect((await db.doc(`${COLLECTIONS.activityCategories}/core`).get()).data()?.name).toBe('Trunk');

    await db.doc(`${COLLECTIONS.activityCategories}/strength`).delete();
    expect(await seedFirestore(db, quiet)).toBe(0);
    expect((await db.doc(`${COLLECTIONS.activityCategories}/strength`).get()).exists).toBe(false);
    expect((await db.doc(FIRESTORE_SEED_MARKER).get()).exists).toBe(true);
  });
});
