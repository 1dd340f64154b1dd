/**
 * The create/list/get/update/delete of every catalogue level (`CATALOGUE_LEVELS` in shared) over
 * Firestore, written once as the gateway's routes/catalogue-levels.ts writes them over SQLite:
 * input checked with the level's schema, parents checked, children refused or deleted with their
 * parent as the level says, nested parents' counts kept. firestore.rules guard the same writes.
 */
import {
  addDoc,
  collection,
  doc,
  increment,
  orderBy,
  query,
  runTransaction,
  updateDoc,
  where,
  writeBatch,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import { z } from 'zod';
import {
  APP_ERRORS,
  CATALOGUE_LEVELS,
  childNamesOf,
  fromFirestoreValue,
  hasChildrenMessage,
  levelChainOf,
  mayDeleteWith,
  MovelabError,
  sentFields,
  toFirestoreValue,
  type TCatalogueLevel,
  type TCatalogueLevelName,
  type TDeleteChildren,
} from '@movelab/shared';
import { sdk } from './errors';
import { countOf, defined, exists, readAll, readDoc, refsOf, requireDoc, validInput } from './firestore';

type TDoc = { id: string };
type TFields = Record<string, unknown>;
/** Checks a create's validated fields and adds those kept beside them (a lowercase name). */
type TPrepare = (fields: TFields) => TFields;

const levelOf = (name: TCatalogueLevelName): TCatalogueLevel => CATALOGUE_LEVELS[name];
/** Firestore's limit of writes in one batch or transaction. */
const MAX_WRITES = 500;
const asIs: TPrepare = (fields) => fields;

/** A document as read: inner arrays, kept as maps in Firestore, restored (firestore-values). */
const storedSchema = <T>(level: TCatalogueLevel) => z.preprocess(fromFirestoreValue, level.schema) as unknown as z.ZodType<T>;
/** Fields as written: no undefined (Firestore refuses it), inner arrays as maps. */
const storable = (fields: TFields) => toFirestoreValue(defined(fields)) as TFields;

/** A patch checked with the level's input schema, every field optional, as the gateway checks a PATCH; only the fields sent. */
const validPatch = (level: TCatalogueLevel, patch: unknown): TFields => sentFields(patch, validInput(level.input.partial(), patch) as TFields);

const refuseChildren = (name: TCatalogueLevelName) => new MovelabError(APP_ERRORS.hasChildren, hasChildrenMessage(name), 409);

/**
 * Deletes `refs` in order, as few writes as Firestore allows, and returns those left for the
 * last write (at most `room`): a delete that fits in one write is one write, so a client lost
 * half-way leaves everything or nothing; a larger one goes in order, children before parents.
 */
async function deleteAllBut(db: Firestore, refs: readonly DocumentReference[], room: number): Promise<readonly DocumentReference[]> {
  const early = refs.slice(0, Math.max(0, refs.length - room));
  for (let start = 0; start < early.length; start += MAX_WRITES) {
    const batch = writeBatch(db);
    for (const ref of early.slice(start, start + MAX_WRITES)) batch.delete(ref);
    await sdk(() => batch.commit());
  }
  return refs.slice(early.length);
}

/**
 * A top-level collection whose documents name their parent in a field (`movements.activityId`):
 * a create or an update naming a parent that does not exist is a bad request.
 */
export function fieldLevel<T extends TDoc>(db: Firestore, name: TCatalogueLevelName) {
  const level = levelOf(name);
  const own = collection(db, level.collection);
  const schema = storedSchema<T>(level);
  const parent = level.parent?.kind === 'field' ? level.parent : undefined;
  const requireParent = async (fields: TFields) => {
    const parentId = parent && fields[parent.key];
    if (!parent || typeof parentId !== 'string') return;
    const parentLevel = levelOf(parent.level);
    if (!(await exists(doc(db, parentLevel.collection, parentId)))) {
      throw new MovelabError(APP_ERRORS.badRequest, `No ${parentLevel.label.toLowerCase()} with id ${parentId}`, 400);
    }
  };
  const childrenOf = (id: string) =>
    childNamesOf(name).map((child) => query(collection(db, levelOf(child).collection), where(levelOf(child).parent!.key, '==', id)));

  return {
    collection: own,
    /** Ordered as the level says; with a parent id, that parent's children only; `constraints` narrow it further. */
    list: (parentId?: string, ...constraints: QueryConstraint[]): Promise<T[]> =>
      readAll(schema, query(own, ...(parent && parentId !== undefined ? [where(parent.key, '==', parentId)] : []), orderBy(level.orderBy), ...constraints)),
    get: (id: string): Promise<T | null> => readDoc(schema, doc(own, id)),
    create: async (input: unknown, prepare: TPrepare = asIs): Promise<T> => {
      const fields = prepare(validInput(level.input, input) as TFields);
      await requireParent(fields);
      return requireDoc(schema, await sdk(() => addDoc(own, storable(fields))));
    },
    update: async (id: string, update: TFields, prepare: TPrepare = asIs): Promise<T> => {
      const patch = prepare(validPatch(level, update));
      await requireParent(patch);
      await sdk(() => updateDoc(doc(own, id), storable(patch)));
      return requireDoc(schema, doc(own, id));
    },
    /** The document and its children (they have none of their own) in one write. */
    remove: async (id: string, children: TDeleteChildren = 'block'): Promise<void> => {
      const childRefs = (await Promise.all(childrenOf(id).map(refsOf))).flat();
      if (!mayDeleteWith(name, childRefs.length, children)) throw refuseChildren(name);
      const last = writeBatch(db);
      for (const ref of await deleteAllBut(db, childRefs, MAX_WRITES - 1)) last.delete(ref);
      last.delete(doc(own, id));
      await sdk(() => last.commit());
    },
  };
}

const countFieldOf = (name: TCatalogueLevelName): string | undefined => {
  const link = levelOf(name).parent;
  return link?.kind === 'path' ? link.countField : undefined;
};

/**
 * A collection stored under its ancestors' documents (`movescore-groups/{g}/movements/{m}/...`);
 * `parents` are the ancestors' ids from the top. The parent keeps the number of its children,
 * changed in the same write as the child, so it never drifts.
 */
export function pathLevel<T extends TDoc>(db: Firestore, name: TCatalogueLevelName) {
  const chain = levelChainOf(name);
  const depth = chain.length - 1;
  const level = chain[depth]!;
  const schema = storedSchema<T>(level);
  const countField = countFieldOf(name);
  /** This level's collection under `parents`. */
  const under = (parents: readonly string[]): CollectionReference => {
    const [top, ...rest] = chain.flatMap((at, i) => (i < depth ? [at.collection, parents[i]!] : [at.collection]));
    return collection(db, top!, ...rest);
  };
  const ref = (parents: readonly string[], id: string) => doc(under(parents), id);
  /** The parent's count, moved by `by` in `write` (a batch or a transaction), when there is a parent. */
  const countParent = (parents: readonly string[], by: number, write: { update(ref: DocumentReference, data: TFields): unknown }) => {
    const parent = under(parents).parent;
    if (parent && countField) write.update(parent, { [countField]: increment(by) });
  };
  const childNames = childNamesOf(name).filter((child) => countFieldOf(child) !== undefined);
  const childrenOf = (parents: readonly string[], id: string) => childNames.map((child) => collection(ref(parents, id), levelOf(child).collection));
  /** Every document under this one, deepest first. */
  const descendantsOf = async (parents: readonly string[], id: string): Promise<DocumentReference[]> => {
    const collections = childrenOf(parents, id);
    const found: DocumentReference[] = [];
    for (const [i, child] of childNames.entries()) {
      const childLevel = pathLevel(db, child);
      for (const childRef of await refsOf(collections[i]!)) found.push(...(await childLevel.descendantsOf([...parents, id], childRef.id)), childRef);
    }
    return found;
  };

  return {
    collection: under,
    ref,
    schema,
    /** Ordered as the level says; `constraints` narrow it further. */
    list: (parents: readonly string[], ...constraints: QueryConstraint[]): Promise<T[]> =>
      readAll(schema, query(under(parents), orderBy(level.orderBy), ...constraints)),
    get: (parents: readonly string[], id: string): Promise<T | null> => readDoc(schema, ref(parents, id)),
    /** A new document starts with no children: its counts are 0. A missing parent fails the batch (not-found). */
    create: async (parents: readonly string[], input: unknown, prepare: TPrepare = asIs): Promise<T> => {
      const fields = prepare(validInput(level.input, input) as TFields);
      const created = doc(under(parents));
      const batch = writeBatch(db);
      batch.set(created, storable({ ...fields, ...Object.fromEntries(childNames.map((child) => [countFieldOf(child), 0])) }));
      countParent(parents, 1, batch);
      await sdk(() => batch.commit());
      return requireDoc(schema, created);
    },
    update: async (parents: readonly string[], id: string, update: TFields): Promise<T> => {
      const patch = validPatch(level, update);
      await sdk(() => updateDoc(ref(parents, id), storable(patch)));
      return requireDoc(schema, ref(parents, id));
    },
    /** Sets the document's kept counts to the number of its children. */
    recount: async (parents: readonly string[], id: string): Promise<T> => {
      const counts = await Promise.all(childrenOf(parents, id).map(countOf));
      await sdk(() => updateDoc(ref(parents, id), Object.fromEntries(childNames.map((child, i) => [countFieldOf(child), counts[i]]))));
      return requireDoc(schema, ref(parents, id));
    },
    descendantsOf,
    /**
     * The document and everything under it in one transaction with its parent's count, so a
     * client lost half-way leaves the whole document or none of it (past Firestore's 500 writes,
     * the deepest go first in batches).
     */
    remove: async (parents: readonly string[], id: string, children: TDeleteChildren = 'block'): Promise<void> => {
      // Listed once: what is deleted is also what a delete without `cascade` is refused for.
      const descendants = await descendantsOf(parents, id);
      if (!mayDeleteWith(name, descendants.length, children)) throw refuseChildren(name);
      const rest = await deleteAllBut(db, descendants, MAX_WRITES - 2);
      await sdk(() =>
        runTransaction(db, async (tx) => {
          const own = ref(parents, id);
          // Read first, so deleting a document that is already gone cannot lower the count.
          const present = (await tx.get(own)).exists();
          for (const descendant of rest) tx.delete(descendant);
          if (!present) return;
          tx.delete(own);
          countParent(parents, -1, tx);
        }),
      );
    },
  };
}
