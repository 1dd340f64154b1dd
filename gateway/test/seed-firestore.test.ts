/**
 * The Firestore seed against the real Cloud Firestore emulator (skipped, visibly, on a machine
 * without it; failed under CI): the same documents as the SQLite seed, references readable, written once;
 * the demo groups with their name claims, given to a database seeded before the seed wrote them.
 */
import { initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, fromFirestoreValue, nameKeyId, toFirestoreValue } from '@movelab/shared';
import { buildReference, generateTake, ZReference } from '@movelab/shared/movescore/index';
import { firestoreEmulatorHere, startFirestoreEmulator, type TFirestoreEmulatorProcess } from '@movelab/test-tools';
import { demoCatalogue, demoReference } from '../src/seed.js';
import { FIRESTORE_SEED_MARKER, seedFirestore, storedFingerprint } from '../src/seed-firestore.js';
import { startGateway } from './helpers.js';

const quiet = pino({ level: 'silent' });
let emulator: TFirestoreEmulatorProcess;
let apps = 0;

/** A fresh project on the one emulator: each test starts from an empty database. */
function freshDatabase(): { db: Firestore; projectId: string } {
  const projectId = `demo-seed-${++apps}`;
  const app: App = initializeApp({ projectId }, projectId);
  return { db: getFirestore(app), projectId };
}

describe.skipIf(!firestoreEmulatorHere('the Firestore seed suite'))('Firestore seed on the emulator', () => {
  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ projectId: 'demo-seed' });
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
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

  describe('the demo groups’ name claims', () => {
    const groupIds = ['lunge', 'plank', 'push-up', 'squat'];
    const group = (db: Firestore, id: string) => db.doc(`${COLLECTIONS.movescoreGroups}/${id}`);
    const claim = (db: Firestore, name: string) => db.doc(`${COLLECTIONS.movescoreGroupNames}/${nameKeyId(name)}`);
    /** Every claim, by id: the group it names. */
    const claims = async (db: Firestore) =>
      Object.fromEntries((await db.collection(COLLECTIONS.movescoreGroupNames).get()).docs.map((snap) => [snap.id, snap.data().groupId]));
    const updateTimes = async (db: Firestore) => (await db.getAll(...groupIds.map((id) => group(db, id)))).map((snap) => snap.updateTime?.valueOf());

    it('are written with the groups: each holds the claim of its name', async () => {
      const { db } = freshDatabase();
      await seedFirestore(db, quiet);
      for (const id of groupIds) {
        const { name, nameKeyId: key } = (await group(db, id).get()).data()!;
        expect(key).toBe(nameKeyId(name));
        expect((await claim(db, name).get()).data()).toEqual({ groupId: id });
      }
      expect(Object.keys(await claims(db))).toHaveLength(groupIds.length);
    });

    it('leave a name an admin’s group already holds to it', async () => {
      const { db } = freshDatabase();
      await group(db, 'mine').set({ name: 'squat ', coverUrl: '', description: '', movementCount: 0, nameKeyId: nameKeyId('Squat') });
      await claim(db, 'Squat').set({ groupId: 'mine' });
      await seedFirestore(db, quiet);
      expect((await claim(db, 'Squat').get()).data()).toEqual({ groupId: 'mine' });
      expect((await group(db, 'squat').get()).data()?.nameKeyId).toBeUndefined();
      expect((await claim(db, 'Lunge').get()).data()).toEqual({ groupId: 'lunge' });
    });

    it('are given, once, to the groups of a database seeded before them: of its current name to a renamed one, none where another group holds it', async () => {
      const { db } = freshDatabase();
      await seedFirestore(db, quiet);
      // As the seed left it before it wrote claims, then: lunge renamed, an admin's group holding
      // "Push-up", and a claim on "Plank" its group no longer holds.
      for (const snap of (await db.collection(COLLECTIONS.movescoreGroupNames).get()).docs) await snap.ref.delete();
      for (const id of groupIds) await group(db, id).update({ nameKeyId: FieldValue.delete() });
      await group(db, 'lunge').update({ name: 'Split  Lunge' });
      await group(db, 'mine').set({ name: 'push-up', coverUrl: '', description: '', movementCount: 0, nameKeyId: nameKeyId('Push-up') });
      await claim(db, 'Push-up').set({ groupId: 'mine' });
      await claim(db, 'Plank').set({ groupId: 'deleted' });

      expect(await seedFirestore(db, quiet)).toBe(0);
      expect(await claims(db)).toEqual({ [nameKeyId('Split Lunge')]: 'lunge', plank: 'plank', 'push-up': 'mine', squat: 'squat' });
      expect((await group(db, 'lunge').get()).data()?.nameKeyId).toBe('split%20lunge');
      expect((await group(db, 'plank').get()).data()?.nameKeyId).toBe('plank');
      expect((await group(db, 'squat').get()).data()?.nameKeyId).toBe('squat');
      expect((await group(db, 'push-up').get()).data()?.nameKeyId).toBeUndefined();

      const [groupsBefore, claimsBefore] = await Promise.all([updateTimes(db), db.collection(COLLECTIONS.movescoreGroupNames).get()]);
      expect(await seedFirestore(db, quiet)).toBe(0);
      expect(await updateTimes(db)).toEqual(groupsBefore);
      const claimsAfter = await db.collection(COLLECTIONS.movescoreGroupNames).get();
      expect(claimsAfter.docs.map((snap) => [snap.id, snap.updateTime.valueOf()])).toEqual(
        claimsBefore.docs.map((snap) => [snap.id, snap.updateTime.valueOf()]),
      );
    });
  });

  describe('upgrading the demo reference motions of a seeded database', () => {
    const parent = `${COLLECTIONS.movescoreGroups}/squat/${COLLECTIONS.groupMovements}/bodyweight-squat`;
    const perspective = (db: Firestore, view: string) => db.doc(`${parent}/${COLLECTIONS.perspectives}/${view}`);
    const readReference = async (db: Firestore, view: string) => fromFirestoreValue((await perspective(db, view).get()).data()!.reference);
    const keptFingerprints = async (db: Firestore) => (await db.doc(FIRESTORE_SEED_MARKER).get()).data()!.references as Record<string, string>;

    it("replaces a reference an earlier seed wrote with the current one, never an admin's own, and does it once", async () => {
      const { db } = freshDatabase();
      await seedFirestore(db, quiet);
      // As an earlier version left it: the seed's own (older) reference on the front view, without a
      // kind, whose fingerprint the seed kept; an admin's recording on the side view.
      const older = { ...demoReference('squat', 'front'), repCount: 4, minRepMs: 123 };
      const own = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 41 }), { kind: 'squat' });
      await perspective(db, 'front').update({ reference: toFirestoreValue(older), kind: FieldValue.delete() });
      await perspective(db, 'side').update({ reference: toFirestoreValue(own) });
      await db.doc(FIRESTORE_SEED_MARKER).set({ references: { [`${parent}/front`]: storedFingerprint(older) } }, { merge: true });

      expect(await seedFirestore(db, quiet)).toBe(0);
      expect(await readReference(db, 'front')).toEqual(demoReference('squat', 'front'));
      expect((await perspective(db, 'front').get()).data()?.kind).toBe('squat');
      expect(await readReference(db, 'side')).toEqual(own);
      expect((await keptFingerprints(db))[`${parent}/front`]).toBe(storedFingerprint(demoReference('squat', 'front')));

      const [front, side] = await Promise.all([perspective(db, 'front').get(), perspective(db, 'side').get()]);
      await seedFirestore(db, quiet);
      expect((await perspective(db, 'front').get()).updateTime?.isEqual(front.updateTime!)).toBe(true);
      expect((await perspective(db, 'side').get()).updateTime?.isEqual(side.updateTime!)).toBe(true);
    });

    it('keeps the fingerprints of what it wrote, and adopts the current references of a database seeded before it kept them', async () => {
      const { db } = freshDatabase();
      await seedFirestore(db, quiet);
      const written = await keptFingerprints(db);
      expect(written[`${parent}/front`]).toBe(storedFingerprint(demoReference('squat', 'front')));
      // Every demo perspective with a reference, and nothing else.
      const withReference = demoCatalogue().filter((entry) => entry.collection === COLLECTIONS.perspectives && 'reference' in entry.document);
      expect(Object.keys(written).sort()).toEqual(withReference.map((entry) => `${entry.parent}/${entry.document.id}`).sort());

      // A marker as the first Firestore seed wrote it, and an admin's recording on the side view.
      const own = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 41 }), { kind: 'squat' });
      await perspective(db, 'side').update({ reference: toFirestoreValue(own) });
      await db.doc(FIRESTORE_SEED_MARKER).set({ seededAt: new Date().toISOString() });
      expect(await seedFirestore(db, quiet)).toBe(0);
      const adopted = await keptFingerprints(db);
      expect(adopted[`${parent}/front`]).toBe(written[`${parent}/front`]);
      expect(adopted[`${parent}/side`]).toBeUndefined();
      expect(Object.keys(adopted)).toHaveLength(Object.keys(written).length - 1);
      expect(await readReference(db, 'side')).toEqual(own);
    });
  });
});
