import type { Firestore } from 'firebase-admin/firestore';
import { toFirestoreValue } from '@movelab/shared';
import type { Logger } from './logger.js';
import { demoCatalogue } from './seed.js';

/** Marks a seeded database, as the `demo-seed` row does in SQLite; clients cannot read it (rules). */
export const FIRESTORE_SEED_MARKER = 'meta/demo-seed';

/** Firestore's "already exists" status. */
const ALREADY_EXISTS = 6;

/**
 * The demo catalogue (the same documents as the SQLite seed, references included) written to
 * Firestore with firebase-admin, once: a marker document keeps it from coming back after admins
 * edit or delete parts of it, and a document already there is never overwritten. Answers how
 * many documents were written (0 on every later run).
 */
export async function seedFirestore(db: Firestore, logger: Logger): Promise<number> {
  const marker = db.doc(FIRESTORE_SEED_MARKER);
  if ((await marker.get()).exists) return 0;
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
  batch.create(marker, { seededAt: new Date().toISOString() });
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
