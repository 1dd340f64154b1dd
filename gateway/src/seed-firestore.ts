import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, fromFirestoreValue, toFirestoreValue } from '@movelab/shared';
import type { Logger } from './logger.js';
import { demoCatalogue, demoPerspectives, demoReference, demoReferenceKey, fingerprint, referenceUpgrades, type TDemoPerspective } from './seed.js';

/** Marks a seeded database, as the `demo-seed` row does in SQLite; clients cannot read it (rules). */
export const FIRESTORE_SEED_MARKER = 'meta/demo-seed';

/** Firestore's "already exists" status. */
const ALREADY_EXISTS = 6;

/** Object keys in one order: Firestore does not keep the order a map's fields were written in. */
const sortedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
};

/** A reference's fingerprint as read back from Firestore (inner arrays restored, keys in one order). */
export const storedFingerprint = (reference: unknown) => fingerprint(sortedKeys(reference));

const perspectivePath = ({ parent, view }: TDemoPerspective) => `${parent}/${COLLECTIONS.perspectives}/${view}`;

/** Fingerprints of the references the seed wrote, by demoReferenceKey, kept in the marker (`references`). */
type TMarker = { seededAt: string; references?: Record<string, string> };

/**
 * Gives the demo perspectives the current demo references, as the SQLite seed does at every
 * start (idempotent): only a reference whose fingerprint is the one the seed kept in the marker
 * is upgraded; an admin's own reference, a deleted perspective or one without a reference is
 * never touched. A database seeded before the marker kept fingerprints has its current demo
 * references adopted, so later versions can upgrade them. Answers how many were upgraded.
 */
async function upgradeDemoReferences(db: Firestore, marker: DocumentSnapshot, logger: Logger): Promise<number> {
  const demos = demoPerspectives();
  const snapshots = await db.getAll(...demos.map((demo) => db.doc(perspectivePath(demo))));
  const kept = (marker.data() as TMarker | undefined)?.references;
  const stored = demos.flatMap((demo, index) => {
    const data = snapshots[index]!.data();
    if (data?.reference === undefined) return [];
    const reference = fromFirestoreValue(data.reference);
    const remembered = kept?.[demoReferenceKey(demo)];
    return [{ demo, reference, remembered }];
  });
  const upgrades = referenceUpgrades(stored, storedFingerprint);
  const remember: Record<string, string> = {};
  if (!kept) {
    for (const { demo, reference } of stored) {
      const current = storedFingerprint(demoReference(demo.motion, demo.view));
      if (storedFingerprint(reference) === current) remember[demoReferenceKey(demo)] = current;
    }
  }
  if (upgrades.length === 0 && Object.keys(remember).length === 0) return 0;
  const batch = db.batch();
  for (const { demo, reference, kind, fingerprint: now } of upgrades) {
    // update, not set: a perspective deleted meanwhile stays deleted (the batch fails instead).
    batch.update(db.doc(perspectivePath(demo)), { kind, reference: toFirestoreValue(reference) });
    remember[demoReferenceKey(demo)] = now;
  }
  batch.set(marker.ref, { references: remember }, { merge: true });
  await batch.commit();
  if (upgrades.length > 0) logger.info({ upgraded: upgrades.length }, 'demo reference motions upgraded in Firestore');
  return upgrades.length;
}

/**
 * The demo catalogue (the same documents as the SQLite seed, references included) written to
 * Firestore with firebase-admin, once: a marker document keeps it from coming back after admins
 * edit or delete parts of it, and a document already there is never overwritten. The marker
 * keeps the fingerprints of the references written, and later runs upgrade those still there
 * (see upgradeDemoReferences). Answers how many catalogue documents were written (0 on every
 * later run).
 */
export async function seedFirestore(db: Firestore, logger: Logger): Promise<number> {
  const marker = await db.doc(FIRESTORE_SEED_MARKER).get();
  if (marker.exists) {
    await upgradeDemoReferences(db, marker, logger);
    return 0;
  }
  const entries = demoCatalogue();
  const refs = entries.map(({ collection, parent, document }) => db.doc(`${parent ? `${parent}/` : ''}${collection}/${document.id}`));
  const stored = await db.getAll(...refs);
  const batch = db.batch();
  let written = 0;
  entries.forEach(({ document: { id: _id, ...data } }, index) => {
    if (stored[index]!.exists) return;
    batch.create(refs[index]!, toFirestoreValue(data) as Record<string, unknown>);
    written += 1;
  });
  // What the seed wrote, so a later run can tell its references from an admin's.
  const references: Record<string, string> = {};
  for (const demo of demoPerspectives()) {
    const index = refs.findIndex((ref) => ref.path === perspectivePath(demo));
    if (index < 0) continue;
    const current = storedFingerprint(demoReference(demo.motion, demo.view));
    const existing = stored[index]!.data();
    // As in SQLite: a perspective that was already there counts as the seed's only when it holds this very reference.
    const isCurrent =
      existing === undefined || (existing.reference !== undefined && storedFingerprint(fromFirestoreValue(existing.reference)) === current);
    if (isCurrent) references[demoReferenceKey(demo)] = current;
  }
  batch.create(marker.ref, { seededAt: new Date().toISOString(), references } satisfies TMarker);
  try {
    await batch.commit();
  } catch (error) {
    // Another gateway seeded at the same moment: its batch won, and nothing of this one was written.
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return 0;
    throw error;
  }
  logger.info({ written }, 'demo catalogue seeded in Firestore');
  return written;
}
