/**
 * The catalogue levels stored under their ancestors' documents over Firestore (the movescore
 * groups, their movements and perspectives), as catalogue-levels.ts does for the top-level ones.
 */
import {
  collection,
  doc,
  increment,
  orderBy,
  query,
  runTransaction,
  updateDoc,
  writeBatch,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import { childNamesOf, levelChainOf, mayDeleteWith, type TCatalogueLevel, type TCatalogueLevelName, type TDeleteChildren } from '@movelab/shared';
import { createNamed, uniqueNames, updateNamed } from './catalogue-names';
import {
  asIs,
  countFieldOf,
  deleteAllBut,
  levelOf,
  MAX_WRITES,
  refuseChildren,
  storable,
  storedSchema,
  validPatch,
  type TDoc,
  type TFields,
  type TPrepare,
} from './catalogue-store';
import { sdk } from './errors';
import { countOf, readAll, readDoc, refsOf, requireDoc, validInput } from './firestore';

type TUpdater = { update(ref: DocumentReference, data: TFields): unknown };

/** The collection of the last level of `chain` under `parents`, its ancestors' ids from the top. */
function collectionUnder(db: Firestore, chain: readonly TCatalogueLevel[], parents: readonly string[]): CollectionReference {
  const depth = chain.length - 1;
  const [top, ...rest] = chain.flatMap((at, i) => (i < depth ? [at.collection, parents[i]!] : [at.collection]));
  return collection(db, top!, ...rest);
}

/** Moves the count `countField` of the document holding `own` by `by` in `write`, when there is such a parent. */
function countParentIn(own: CollectionReference, countField: string | undefined, by: number, write: TUpdater) {
  const parent = own.parent;
  if (parent && countField) write.update(parent, { [countField]: increment(by) });
}

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
  const under = (parents: readonly string[]): CollectionReference => collectionUnder(db, chain, parents);
  const ref = (parents: readonly string[], id: string) => doc(under(parents), id);
  /** The parent's count, moved by `by` in `write` (a batch or a transaction), when there is a parent. */
  const countParent = (parents: readonly string[], by: number, write: TUpdater) => countParentIn(under(parents), countField, by, write);
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
        await createNamed(db, names, created, fields.name, { ...fields, ...counts }, (tx) => countParent(parents, 1, tx));
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
        await updateNamed(db, names, ref(parents, id), patch.name, patch);
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
