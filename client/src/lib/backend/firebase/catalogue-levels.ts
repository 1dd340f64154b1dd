/**
 * The create/list/get/update/delete of every catalogue level (`CATALOGUE_LEVELS` in shared) over
 * Firestore, written once as the gateway's routes/catalogue-levels.ts writes them over SQLite:
 * input checked with the level's schema, parents checked, children refused or deleted with their
 * parent as the level says, nested parents' counts kept. firestore.rules guard the same writes.
 */
import { addDoc, collection, doc, orderBy, query, updateDoc, where, writeBatch, type Firestore, type QueryConstraint } from 'firebase/firestore';
import { APP_ERRORS, childNamesOf, MovelabError, mayDeleteWith, type TDeleteChildren, type TCatalogueLevelName } from '@movelab/shared';
import {
  asIs,
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
import { exists, readAll, readDoc, refsOf, requireDoc, validInput } from './firestore';

export { pathLevel } from './catalogue-path-level';

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
