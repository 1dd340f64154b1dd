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
  type Transaction,
} from 'firebase/firestore';
import { z } from 'zod';
import {
  APP_ERRORS,
  CATALOGUE_LEVELS,
  childNamesOf,
  COLLECTIONS,
  fromFirestoreValue,
  hasChildrenMessage,
  levelChainOf,
  mayDeleteWith,
  MovelabError,
  nameKeyId,
  nameTakenMessage,
  sameNamed,
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
const refuseName = (name: TCatalogueLevelName, taken: string) => new MovelabError(APP_ERRORS.conflict, nameTakenMessage(name, taken), 409);

/**
 * Where a level keeps names unique (`uniqueName`), the collection holding one document per name
 * in use, its id `nameKeyId(name)`, naming the record that holds it; the record keeps the id in
 * `nameKeyId`. firestore.rules let a record take a name only with its claim in the same write,
 * and a claim be taken over only from a record that no longer holds it.
 */
const NAME_CLAIMS: Partial<Record<TCatalogueLevelName, string>> = { group: COLLECTIONS.movescoreGroupNames };

/**
 * The unique names of a level (`uniqueName`): `check` refuses a name a sibling has (records
 * written before claims existed have none, so the siblings are read too); `claim`, inside the
 * write's transaction, refuses a name another record holds and takes it for `id`.
 */
function uniqueNames(db: Firestore, name: TCatalogueLevelName, siblings: CollectionReference) {
  const claims = NAME_CLAIMS[name];
  if (!levelOf(name).uniqueName || !claims) return undefined;
  const claimRef = (key: string) => doc(db, claims, key);
  return {
    claimRef,
    check: async (newName: string, exceptId?: string) => {
      const all = await readAll(storedSchema<{ id: string; name: string }>(levelOf(name)), query(siblings));
      const clash = sameNamed(all, newName, exceptId);
      if (clash) throw refuseName(name, clash.name);
    },
    /** Reads only: the caller writes what it returns after its own reads. */
    claim: async (tx: Transaction, newName: string, id: string) => {
      const key = nameKeyId(newName);
      const held = await tx.get(claimRef(key));
      const holderId = held.exists() ? (held.data() as { groupId?: unknown }).groupId : undefined;
      if (typeof holderId === 'string' && holderId !== id) {
        const holder = await tx.get(doc(siblings, holderId));
        if (holder.exists() && holder.data().nameKeyId === key) throw refuseName(name, String(holder.data().name));
      }
      return { key, write: (write: Transaction) => write.set(claimRef(key), { groupId: id }) };
    },
  };
}

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
      readAll(
        schema,
        query(own, ...(parent && parentId !== undefined ? [where(parent.key, '==', parentId)] : []), orderBy(level.orderBy), ...constraints),
      ),
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
  const names = depth === 0 ? uniqueNames(db, name, under([])) : undefined;
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
      const counts = Object.fromEntries(childNames.map((child) => [countFieldOf(child), 0]));
      if (names && typeof fields.name === 'string') {
        const newName = fields.name;
        await names.check(newName);
        await sdk(() =>
          runTransaction(db, async (tx) => {
            const claim = await names.claim(tx, newName, created.id);
            claim.write(tx);
            tx.set(created, storable({ ...fields, ...counts, nameKeyId: claim.key }));
            countParent(parents, 1, tx);
          }),
        );
        return requireDoc(schema, created);
      }
      const batch = writeBatch(db);
      batch.set(created, storable({ ...fields, ...counts }));
      countParent(parents, 1, batch);
      await sdk(() => batch.commit());
      return requireDoc(schema, created);
    },
    update: async (parents: readonly string[], id: string, update: TFields): Promise<T> => {
      const patch = validPatch(level, update);
      if (names && typeof patch.name === 'string') {
        const newName = patch.name;
        await names.check(newName, id);
        await sdk(() =>
          runTransaction(db, async (tx) => {
            const stored = await tx.get(ref(parents, id));
            const oldKey: unknown = stored.data()?.nameKeyId;
            const claim = await names.claim(tx, newName, id);
            claim.write(tx);
            tx.update(ref(parents, id), storable({ ...patch, nameKeyId: claim.key }));
            if (typeof oldKey === 'string' && oldKey !== claim.key) tx.delete(names.claimRef(oldKey));
          }),
        );
        return requireDoc(schema, ref(parents, id));
      }
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
          const stored = await tx.get(own);
          for (const descendant of rest) tx.delete(descendant);
          if (!stored.exists()) return;
          tx.delete(own);
          countParent(parents, -1, tx);
          // Its name is free again.
          const key: unknown = stored.data().nameKeyId;
          if (names && typeof key === 'string') tx.delete(names.claimRef(key));
        }),
      );
    },
  };
}
