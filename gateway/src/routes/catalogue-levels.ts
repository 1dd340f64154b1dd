/**
 * The create/list/get/update/delete of every catalogue level (`CATALOGUE_LEVELS` in shared),
 * written once over the document store: parents checked, children refused or deleted with
 * their parent as the level says, and nested parents' counts kept.
 */
import {
  APP_ERRORS,
  CATALOGUE_LEVELS,
  childLevelsOf,
  hasChildrenMessage,
  levelChainOf,
  mayDeleteWith,
  nameTakenMessage,
  sameNamed,
  type TCatalogueLevel,
  type TCatalogueLevelName,
  type TDeleteChildren,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import { badRequest, conflict } from '../errors.js';

type TDoc = { id: string };

const levelOf = (name: TCatalogueLevelName): TCatalogueLevel => CATALOGUE_LEVELS[name];

const nameOf = (level: TCatalogueLevel) => (Object.keys(CATALOGUE_LEVELS) as TCatalogueLevelName[]).find((name) => CATALOGUE_LEVELS[name] === level)!;

const refuseChildren = (name: TCatalogueLevelName) => conflict(APP_ERRORS.hasChildren, hasChildrenMessage(name));

/** Where the level keeps names unique, refuses a name a sibling other than `exceptId` has (409). */
function requireFreeName(name: TCatalogueLevelName, siblings: () => readonly TDoc[], fields: object, exceptId?: string) {
  const newName: unknown = (fields as { name?: unknown }).name;
  if (!levelOf(name).uniqueName || typeof newName !== 'string') return;
  // The level's schema gives every stored document a name.
  const clash = sameNamed(siblings() as readonly (TDoc & { name: string })[], newName, exceptId);
  if (clash) throw conflict(APP_ERRORS.conflict, nameTakenMessage(name, clash.name));
}

/**
 * A top-level collection whose documents name their parent in a field (`movements.activityId`):
 * a create or an update naming a parent that does not exist is a bad request.
 */
export function fieldLevel<T extends TDoc>(docs: DocumentStore, name: TCatalogueLevelName) {
  const level = levelOf(name);
  const collectionOf = <D extends TDoc>(of: TCatalogueLevel) => new Collection<D>(docs, of.collection, '', of.label, of.schema);
  const own = collectionOf<T>(level);
  const parent = level.parent?.kind === 'field' ? level.parent : undefined;
  const requireParent = (data: Partial<T>) => {
    const parentId = parent && (data as Record<string, unknown>)[parent.key];
    if (!parent || typeof parentId !== 'string') return;
    const parentLevel = levelOf(parent.level);
    if (!collectionOf(parentLevel).get(parentId)) throw badRequest(`No ${parentLevel.label.toLowerCase()} with id ${parentId}`);
  };
  /** Removes each of a document's children (they have none of their own). */
  const childrenOf = (id: string) =>
    childLevelsOf(name).flatMap((childLevel) => {
      const key = childLevel.parent!.key;
      const children = collectionOf(childLevel);
      return children.list({ where: { [key]: id } }).map((child) => () => children.remove(child.id));
    });

  return {
    collection: own,
    /** Ordered as the level says; with a parent id, that parent's children only. */
    list: (parentId?: string) =>
      own.list({ orderBy: level.orderBy, where: parent && parentId !== undefined ? { [parent.key]: parentId } : undefined }),
    get: (id: string) => own.require(id),
    create: (data: Omit<T, 'id'>) => {
      requireParent(data as Partial<T>);
      return own.create(data);
    },
    update: (id: string, patch: Partial<T>) => {
      requireParent(patch);
      return own.update(id, patch);
    },
    /** `afterwards` runs in the same transaction once the document is gone (its files). */
    remove: (id: string, children: TDeleteChildren = 'block', afterwards?: () => void) =>
      docs.transaction(() => {
        own.require(id);
        const removals = childrenOf(id);
        if (!mayDeleteWith(name, removals.length, children)) throw refuseChildren(name);
        removals.forEach((remove) => remove());
        own.remove(id);
        afterwards?.();
      }),
  };
}

/**
 * A collection stored under its ancestors' documents (`movescore-groups/{g}/movements/{m}/...`);
 * `parents` are the ancestors' ids from the top. Each ancestor is looked up first, so a missing
 * one answers 404 before anything is written; the parent keeps the number of its children.
 */
export function pathLevel<T extends TDoc>(docs: DocumentStore, name: TCatalogueLevelName) {
  const chain = levelChainOf(name);
  const collectionAt = <D extends TDoc>(depth: number, parents: readonly string[]) => {
    let path = '';
    for (let i = 0; i < depth; i += 1) path = new Collection(docs, chain[i]!.collection, path).pathOf(parents[i]!);
    const of = chain[depth]!;
    return new Collection<D>(docs, of.collection, path, of.label, of.schema);
  };
  const depth = chain.length - 1;
  /** This level's collection under `parents`, each ancestor required. */
  const under = (parents: readonly string[]) => {
    for (let i = 0; i < depth; i += 1) collectionAt(i, parents).require(parents[i]!);
    return collectionAt<T>(depth, parents);
  };
  const childLevels = childLevelsOf(name).filter((child) => child.parent?.kind === 'path');
  const countFields = childLevels.map((child) => (child.parent as { countField: string }).countField);
  /** Sets the document's kept counts to the number of its children. */
  const recount = (parents: readonly string[], id: string): T => {
    const counts = childLevels.map((child, i) => [countFields[i]!, new Collection(docs, child.collection, under(parents).pathOf(id)).count()]);
    return under(parents).update(id, Object.fromEntries(counts) as Partial<T>);
  };
  const recountParent = (parents: readonly string[]) => {
    if (depth === 0) return;
    pathLevel(docs, nameOf(chain[depth - 1]!)).recount(parents.slice(0, -1), parents[depth - 1]!);
  };
  const childCount = (parents: readonly string[], id: string) =>
    childLevels.reduce((sum, child) => sum + new Collection(docs, child.collection, under(parents).pathOf(id)).count(), 0);

  return {
    under,
    recount: (parents: readonly string[], id: string) => docs.transaction(() => recount(parents, id)),
    list: (parents: readonly string[]) => under(parents).list({ orderBy: levelOf(name).orderBy }),
    get: (parents: readonly string[], id: string) => under(parents).require(id),
    /** A new document starts with no children: its counts are 0. */
    create: (parents: readonly string[], data: Omit<T, 'id'>) =>
      docs.transaction(() => {
        requireFreeName(name, () => under(parents).list(), data);
        const created = under(parents).create({ ...data, ...Object.fromEntries(countFields.map((field) => [field, 0])) });
        recountParent(parents);
        return created;
      }),
    update: (parents: readonly string[], id: string, patch: Partial<T>) =>
      docs.transaction(() => {
        requireFreeName(name, () => under(parents).list(), patch, id);
        return under(parents).update(id, patch);
      }),
    /** `afterwards` runs in the same transaction once the document and its children are gone (its files). */
    remove: (parents: readonly string[], id: string, children: TDeleteChildren = 'block', afterwards?: () => void) =>
      docs.transaction(() => {
        const list = under(parents);
        list.require(id);
        if (!mayDeleteWith(name, childCount(parents, id), children)) throw refuseChildren(name);
        docs.deleteUnder(list.pathOf(id));
        list.remove(id);
        recountParent(parents);
        afterwards?.();
      }),
  };
}
