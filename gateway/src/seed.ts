import { COLLECTIONS, type TMovescoreGroup, type TMovescoreMovement, type TPerspective } from '@movelab/shared';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildReference,
  generateTake,
  MOTION_KINDS,
  type TMovement as TMotion,
  type TMovementKind,
  type TReference,
} from '@movelab/shared/movescore/index';
import type { DocumentStore } from './db/documents.js';
import type { Logger } from './logger.js';
import { activities, categories, movements, routines } from './seed/activities.js';
import { groups, VIEW_NAMES, VIEW_YAW, type TView } from './seed/movescore-groups.js';

const SEED_KEY = 'demo-seed';

/**
 * A real squat: MoveNet over a man's side-view goblet squats (MIT licence, see gateway/assets/motion/README.md).
 * gateway/src and gateway/dist are both one level under gateway/, so the path holds for both.
 */
const REAL_SQUAT = resolve(dirname(fileURLToPath(import.meta.url)), '../assets/motion/squat_side_goblet_2reps.json');

const built = new Map<string, TReference>();

/**
 * A reference motion for a demo perspective, so a newcomer can analyse a squat right after the
 * first start; admins replace it with a recorded one. The side view of a squat comes from a real
 * person (the squat's definition ignores the arms, so it does not matter what they hold); the
 * rest from the engine's generator at the view's camera angle, compared only on the joints
 * their definitions name. The real clip is filmed side-on, so it is not the front view's: in a
 * picture taken from the front a knee bent as deep looks straighter (about 100° at the bottom
 * of real facing squats, 68° in the clip), and real squats filmed facing scored as half-deep
 * against it (`npm run eval:real`: 56% for one person's 14 squats, 64% against the generated
 * front view, whose bottom is 90°).
 */
export function demoReference(motion: TMotion, view: TView): TReference {
  const key = `${motion}/${view}`;
  const cached = built.get(key);
  if (cached) return cached;
  const kind = MOTION_KINDS[motion];
  const take =
    motion === 'squat' && view === 'side'
      ? JSON.parse(readFileSync(REAL_SQUAT, 'utf8'))
      : generateTake({
          movement: motion,
          reps: 4,
          yaw: VIEW_YAW[view],
          seed: 7,
        });
  const reference = buildReference(take, { kind });
  built.set(key, reference);
  return reference;
}

/** A demo perspective: where it lives, its view and the motion its reference comes from. */
export type TDemoPerspective = { parent: string; view: TView; motion: TMotion };

/** Every demo perspective that carries a reference motion. */
export function demoPerspectives(): TDemoPerspective[] {
  return groups.flatMap(({ group, movements: groupMovements }) =>
    groupMovements.flatMap(({ id, views, motion }) =>
      motion ? views.map((view) => ({ parent: `${COLLECTIONS.movescoreGroups}/${group.id}/${COLLECTIONS.groupMovements}/${id}`, view, motion })) : [],
    ),
  );
}

/** A reference's fingerprint: sha256 of its JSON as the document store keeps it. */
export const fingerprint = (reference: unknown) => createHash('sha256').update(JSON.stringify(reference)).digest('hex').slice(0, 32);
/** Where the seed keeps the fingerprint of the reference it wrote for a demo perspective. */
export const demoReferenceKey = ({ parent, view }: TDemoPerspective) => `${parent}/${view}`;
const fingerprintKey = (demo: TDemoPerspective) => `demo-reference:${demoReferenceKey(demo)}`;

/**
 * Fingerprints of the demo references earlier versions of the seed wrote before it kept them
 * in `meta`: the generated squats, lunges and push-ups of the first demo catalogue, then the
 * first real-squat references. Databases seeded then get the current references.
 */
const EARLIER_DEMO_REFERENCES: ReadonlySet<string> = new Set([
  'e92c142663c49b7b0fda21f43889bd01',
  'a36ffe361e115b220ec9cee1c7bbd51f',
  'e0f15d947912dee56f51f80f3923608f',
  '4dba61969529e006514f0056f2ff8e2b',
  'c2689c4be2200f9d1e8924133806d697',
  '4eea0c2fbf6a4de3f243735ae2c4c947',
  'ae8766fd86122782200c033723eac898',
  'c76302180282c767e24438f5cf6b4e94',
  'ae45a65e08504651457a8ceb27dab3e5',
]);

/** A demo perspective as a database holds it: its reference and the fingerprint the seed kept for it. */
export type TStoredDemoReference = { demo: TDemoPerspective; reference: unknown; remembered: string | undefined };
/** A demo perspective to give the current demo reference, and the fingerprint to keep for it. */
export type TReferenceUpgrade = { demo: TDemoPerspective; reference: TReference; kind: TMovementKind; fingerprint: string };

/**
 * The upgrades both seeds make (SQLite and Firestore): only a reference the seed wrote (its
 * fingerprint is the one kept, or one of `earlier`) that is not the current one; a reference an
 * admin recorded is never touched.
 */
export function referenceUpgrades(
  stored: readonly TStoredDemoReference[],
  fingerprintOf: (reference: unknown) => string,
  earlier: ReadonlySet<string> = new Set(),
): TReferenceUpgrade[] {
  return stored.flatMap(({ demo, reference: current, remembered }) => {
    const had = fingerprintOf(current);
    // An admin's own reference is left before the current demo reference is built for it.
    if (had !== remembered && !earlier.has(had)) return [];
    const reference = demoReference(demo.motion, demo.view);
    const now = fingerprintOf(reference);
    // The kind goes with the reference (a perspective's kind is the one its reference was built as).
    return had === now ? [] : [{ demo, reference, kind: MOTION_KINDS[demo.motion], fingerprint: now }];
  });
}

function rememberDemoReference(docs: DocumentStore, perspective: TDemoPerspective, reference: unknown): void {
  docs.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(fingerprintKey(perspective), fingerprint(reference));
}

/**
 * Gives the demo perspectives the current demo references, at every start (idempotent): only a
 * perspective whose reference is still one the seed wrote (its fingerprint is the one kept in
 * `meta`, or one of an earlier seed's) is upgraded; a reference an admin recorded, a deleted
 * perspective or one without a reference is never touched. Returns how many were upgraded.
 */
export function upgradeDemoReferences(docs: DocumentStore, logger: Logger): number {
  let upgraded = 0;
  docs.transaction(() => {
    const remembered = docs.db.prepare('SELECT value FROM meta WHERE key = ?');
    const stored = demoPerspectives().flatMap((demo) => {
      const perspective = docs.get<TPerspective>(COLLECTIONS.perspectives, demo.view, demo.parent);
      if (perspective?.reference === undefined) return [];
      const kept = remembered.get(fingerprintKey(demo)) as { value: string } | undefined;
      return [{ demo, reference: perspective.reference, remembered: kept?.value }];
    });
    for (const { demo, reference, kind } of referenceUpgrades(stored, fingerprint, EARLIER_DEMO_REFERENCES)) {
      const perspective = docs.get<TPerspective>(COLLECTIONS.perspectives, demo.view, demo.parent)!;
      docs.put<TPerspective>(COLLECTIONS.perspectives, { ...perspective, kind, reference }, demo.parent);
      rememberDemoReference(docs, demo, reference);
      upgraded += 1;
    }
  });
  if (upgraded > 0) logger.info({ upgraded }, 'demo reference motions upgraded');
  return upgraded;
}

/** One document of the demo catalogue: its collection, its parent document path ('' at the top) and its data. */
export type TDemoDocument = { collection: string; parent: string; document: { id: string } & Record<string, unknown> };

/**
 * The demo catalogue, parents before children: the one source of the SQLite seed below and of
 * the Firestore seed (seed-firestore.ts).
 */
export function demoCatalogue(): TDemoDocument[] {
  const out: TDemoDocument[] = [];
  const add = <T extends { id: string }>(collection: string, document: T, parent = '') => out.push({ collection, parent, document });
  categories.forEach((category) => add(COLLECTIONS.activityCategories, category));
  activities.forEach((entry) => add(COLLECTIONS.activities, entry));
  movements.forEach((entry) => add(COLLECTIONS.movements, entry));
  routines.forEach((entry) => add(COLLECTIONS.routines, entry));
  groups.forEach(({ group, movements: groupMovements }) => {
    const groupPath = `${COLLECTIONS.movescoreGroups}/${group.id}`;
    add<TMovescoreGroup>(COLLECTIONS.movescoreGroups, { ...group, movementCount: groupMovements.length });
    groupMovements.forEach(({ views, motion, ...entry }) => {
      add<TMovescoreMovement>(COLLECTIONS.groupMovements, { ...entry, perspectiveCount: views.length }, groupPath);
      views.forEach((view) =>
        add<TPerspective>(
          COLLECTIONS.perspectives,
          {
            id: view,
            name: VIEW_NAMES[view],
            view,
            instructions: `Film from the ${view}, whole body in frame.`,
            ...(motion ? { kind: MOTION_KINDS[motion] } : {}),
            ...(motion ? { reference: demoReference(motion, view) } : {}),
          },
          `${groupPath}/${COLLECTIONS.groupMovements}/${entry.id}`,
        ),
      );
    });
  });
  return out;
}

/**
 * The demo catalogue, written once on the first start; a marker row keeps it from ever
 * coming back after admins edit or delete parts of it. Later starts only upgrade the demo
 * reference motions (see upgradeDemoReferences).
 */
export function seedDemo(docs: DocumentStore, logger: Logger): boolean {
  const isSeeded = docs.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEED_KEY) !== undefined;
  if (isSeeded) {
    upgradeDemoReferences(docs, logger);
    return false;
  }
  docs.transaction(() => {
    for (const { collection, parent, document } of demoCatalogue()) {
      if (!docs.get(collection, document.id, parent)) docs.put(collection, document, parent);
    }
    // What the seed wrote, so a later start can tell its references from an admin's.
    for (const demo of demoPerspectives()) {
      const reference = docs.get<TPerspective>(COLLECTIONS.perspectives, demo.view, demo.parent)?.reference;
      if (reference !== undefined && fingerprint(reference) === fingerprint(demoReference(demo.motion, demo.view)))
        rememberDemoReference(docs, demo, reference);
    }
    docs.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEED_KEY, new Date().toISOString());
  });
  logger.info('demo catalogue seeded');
  return true;
}
