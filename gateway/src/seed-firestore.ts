import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, fromFirestoreValue, nameKeyId, toFirestoreValue } from '@movelab/shared';
import type { Logger } from './logger.js';
import {
  demoCatalogue,
  demoPerspectives,
  demoReference,
  demoReferenceKey,
  fingerprint,
  referenceUpgrades,
  type TDemoDocument,
  type TDemoPerspective,
} from './seed.js';

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

type TNamedGroup = { id: string; name: string };
/** A group's name claim to write: `create` where there was none, `set` over one its group no longer holds. */
type TNameClaim = { groupId: string; key: string; ref: DocumentReference; write: 'create' | 'set' };
/** A batch or a transaction. */
type TWriter = {
  create(ref: DocumentReference, data: { groupId: string }): unknown;
  set(ref: DocumentReference, data: { groupId: string }): unknown;
};
/** Reads documents, none at all included, through `getAll` (a Firestore's or a transaction's). */
type TReader = (refs: DocumentReference[]) => Promise<DocumentSnapshot[]>;
const readerOf =
  (getAll: (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>): TReader =>
  async (refs) =>
    refs.length === 0 ? [] : getAll(...refs);

const isDemoGroup = ({ collection, parent }: TDemoDocument) => collection === COLLECTIONS.movescoreGroups && parent === '';
const groupRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.movescoreGroups).doc(id);
const writeClaim = (writer: TWriter, { ref, groupId, write }: TNameClaim) => writer[write](ref, { groupId });

/**
 * The name claims (movescore-group-names/{nameKeyId}, see firestore.rules) the demo groups
 * `groups` can take, as the client's adapter takes one: a claim is free when there is none, or
 * when the group it names no longer holds it (gone, or its nameKeyId another). A name another
 * group holds is left to it, with a warning: that demo group stays without a claim.
 */
async function freeNameClaims(db: Firestore, read: TReader, groups: readonly TNamedGroup[], logger: Logger): Promise<TNameClaim[]> {
  const keys = groups.map((group) => nameKeyId(group.name));
  const refs = keys.map((key) => db.collection(COLLECTIONS.movescoreGroupNames).doc(key));
  const claims = await read(refs);
  const holderIds = claims.map((claim, index) => {
    const holderId: unknown = claim.data()?.groupId;
    return typeof holderId === 'string' && holderId !== groups[index]!.id ? holderId : undefined;
  });
  const others = holderIds.filter((id) => id !== undefined);
  // By group id, the claim each of the other holders still holds.
  const holding = new Map(
    (await read(others.map((id) => groupRef(db, id)))).map((holder): [string, unknown] => [holder.id, holder.data()?.nameKeyId]),
  );
  // By key, the group given it above.
  const taken = new Map<string, string>();
  return groups.flatMap((group, index) => {
    const key = keys[index]!;
    const holderId = holderIds[index];
    const heldBy = taken.get(key) ?? (holderId !== undefined && holding.get(holderId) === key ? holderId : undefined);
    if (heldBy !== undefined) {
      logger.warn({ groupId: group.id, name: group.name, heldBy }, 'demo group name held by another group: left without a name claim');
      return [];
    }
    taken.set(key, group.id);
    return [{ groupId: group.id, key, ref: refs[index]!, write: claims[index]!.exists ? 'set' : 'create' }];
  });
}

/**
 * Gives the demo groups of a database seeded before the seed wrote name claims theirs
 * (idempotent): each demo group still there without a nameKeyId takes the claim of its current
 * name (an admin may have renamed it) where no other group holds it. Answers how many it gave.
 */
async function backfillNameClaims(db: Firestore, logger: Logger): Promise<number> {
  const ids = demoCatalogue()
    .filter(isDemoGroup)
    .map(({ document }) => document.id);
  const claimed = await db.runTransaction(async (tx) => {
    const read = readerOf((...refs) => tx.getAll(...refs));
    const unclaimed = (await read(ids.map((id) => groupRef(db, id)))).flatMap((group) => {
      const data = group.data();
      return data && typeof data.nameKeyId !== 'string' && typeof data.name === 'string' ? [{ id: group.id, name: data.name }] : [];
    });
    const claims = await freeNameClaims(db, read, unclaimed, logger);
    for (const claim of claims) {
      writeClaim(tx, claim);
      tx.update(groupRef(db, claim.groupId), { nameKeyId: claim.key });
    }
    return claims.length;
  });
  if (claimed > 0) logger.info({ claimed }, 'demo group name claims written in Firestore');
  return claimed;
}

/**
 * The demo catalogue (the same documents as the SQLite seed, references included) written to
 * Firestore with firebase-admin, once: a marker document keeps it from coming back after admins
 * edit or delete parts of it, and a document already there is never overwritten. The marker
 * keeps the fingerprints of the references written, and later runs upgrade those still there
 * (see upgradeDemoReferences). Each demo group is written with its name claim, as the rules ask
 * of a client (see freeNameClaims); later runs give a group written before the seed did so its
 * claim (backfillNameClaims). Answers how many catalogue documents were written, claims aside
 * (0 on every later run).
 */
export async function seedFirestore(db: Firestore, logger: Logger): Promise<number> {
  const marker = await db.doc(FIRESTORE_SEED_MARKER).get();
  if (marker.exists) {
    await upgradeDemoReferences(db, marker, logger);
    await backfillNameClaims(db, logger);
    return 0;
  }
  const entries = demoCatalogue();
  const refs = entries.map(({ collection, parent, document }) => db.doc(`${parent ? `${parent}/` : ''}${collection}/${document.id}`));
  const stored = await db.getAll(...refs);
  const isNewGroup = (entry: TDemoDocument, index: number) => isDemoGroup(entry) && !stored[index]!.exists;
  const newGroups = entries.filter(isNewGroup).map(({ document }) => ({ id: document.id, name: String(document.name) }));
  const claims = await freeNameClaims(db, readerOf(db.getAll.bind(db)), newGroups, logger);
  const keyOf = new Map(claims.map((claim) => [claim.groupId, claim.key]));
  const batch = db.batch();
  let written = 0;
  entries.forEach((entry, index) => {
    if (stored[index]!.exists) return;
    const { id, ...data } = entry.document;
    const key = isNewGroup(entry, index) ? keyOf.get(id) : undefined;
    batch.create(refs[index]!, toFirestoreValue(key === undefined ? data : { ...data, nameKeyId: key }) as Record<string, unknown>);
    written += 1;
  });
  // Each new demo group's name claim, in the same write as the group (see freeNameClaims).
  for (const claim of claims) writeClaim(batch, claim);
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
