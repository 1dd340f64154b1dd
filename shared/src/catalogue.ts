/**
 * The catalogue's parent-child collections, each level described once: where it is stored,
 * who its parent is, its schemas, its order, and what deleting a parent does to its children.
 * The gateway's routes, the client's two backends and the admin screens all read these.
 */
import type { z } from 'zod';
import { COLLECTIONS } from './collections.js';
import {
  ZActivity,
  ZActivityCategory,
  ZActivityCategoryInput,
  ZActivityInput,
  ZMovement,
  ZMovementInput,
  ZMovescoreGroup,
  ZMovescoreGroupInput,
  ZMovescoreMovement,
  ZMovescoreMovementInput,
  ZPerspective,
  ZPerspectiveInput,
  ZRoutine,
  ZRoutineInput,
} from './entities.js';

export type TCatalogueLevelName = 'category' | 'activity' | 'movement' | 'routine' | 'group' | 'groupMovement' | 'perspective';

/**
 * How a child names its parent: a field of the child (`movements.activityId`, top-level
 * collections), or the path it is stored under (`movescore-groups/{g}/movements`), in which
 * case the parent keeps the number of its children in `countField`.
 */
export type TParentLink =
  { kind: 'field'; level: TCatalogueLevelName; key: string } | { kind: 'path'; level: TCatalogueLevelName; key: string; countField: string };

/**
 * What deleting a document does to its children: `refuse` while it has any; `on-request`
 * refuses unless the caller asks for the children to go too (`children=cascade`); `none`,
 * it has no children.
 */
export type TChildrenOnDelete = 'refuse' | 'on-request' | 'none';

/** What a delete asks for its children: `cascade`, delete them too; `block`, refuse while there are any. */
export type TDeleteChildren = 'cascade' | 'block';

export type TCatalogueLevel<S extends z.ZodType = z.ZodType, I extends z.ZodObject = z.ZodObject> = {
  collection: string;
  /** For messages: "No activity with id …", "Movement not found", "still has activities". */
  label: string;
  plural: string;
  schema: S;
  input: I;
  /** The field lists are ordered by, ascending. */
  orderBy: 'name' | 'nameLowercase' | 'order';
  parent?: TParentLink;
  childrenOnDelete: TChildrenOnDelete;
  /** Names are unique among the level's siblings, letter case and spacing ignored (`nameKey`). */
  uniqueName?: true;
};

const level = <S extends z.ZodType, I extends z.ZodObject>(description: TCatalogueLevel<S, I>) => description;

export const CATALOGUE_LEVELS = {
  category: level({
    collection: COLLECTIONS.activityCategories,
    label: 'Category',
    plural: 'categories',
    schema: ZActivityCategory,
    input: ZActivityCategoryInput,
    orderBy: 'order',
    childrenOnDelete: 'refuse',
  }),
  activity: level({
    collection: COLLECTIONS.activities,
    label: 'Activity',
    plural: 'activities',
    schema: ZActivity,
    input: ZActivityInput,
    orderBy: 'nameLowercase',
    parent: { kind: 'field', level: 'category', key: 'categoryId' },
    childrenOnDelete: 'on-request',
  }),
  movement: level({
    collection: COLLECTIONS.movements,
    label: 'Movement',
    plural: 'movements',
    schema: ZMovement,
    input: ZMovementInput,
    orderBy: 'name',
    parent: { kind: 'field', level: 'activity', key: 'activityId' },
    childrenOnDelete: 'none',
  }),
  routine: level({
    collection: COLLECTIONS.routines,
    label: 'Routine',
    plural: 'routines',
    schema: ZRoutine,
    input: ZRoutineInput,
    orderBy: 'name',
    parent: { kind: 'field', level: 'activity', key: 'activityId' },
    childrenOnDelete: 'none',
  }),
  group: level({
    collection: COLLECTIONS.movescoreGroups,
    label: 'Group',
    plural: 'groups',
    schema: ZMovescoreGroup,
    input: ZMovescoreGroupInput,
    orderBy: 'name',
    childrenOnDelete: 'on-request',
    uniqueName: true,
  }),
  groupMovement: level({
    collection: COLLECTIONS.groupMovements,
    label: 'Movement',
    plural: 'movements',
    schema: ZMovescoreMovement,
    input: ZMovescoreMovementInput,
    orderBy: 'name',
    parent: { kind: 'path', level: 'group', key: 'groupId', countField: 'movementCount' },
    childrenOnDelete: 'on-request',
  }),
  perspective: level({
    collection: COLLECTIONS.perspectives,
    label: 'Perspective',
    plural: 'perspectives',
    schema: ZPerspective,
    input: ZPerspectiveInput,
    orderBy: 'name',
    parent: { kind: 'path', level: 'groupMovement', key: 'movementId', countField: 'perspectiveCount' },
    childrenOnDelete: 'none',
  }),
} satisfies Record<TCatalogueLevelName, TCatalogueLevel>;

/** The names of the levels whose documents name this level's documents as their parent (by field or by path). */
export const childNamesOf = (name: TCatalogueLevelName): TCatalogueLevelName[] =>
  (Object.keys(CATALOGUE_LEVELS) as TCatalogueLevelName[]).filter((child) => CATALOGUE_LEVELS[child].parent?.level === name);

/** The levels whose documents name this level's documents as their parent (by field or by path). */
export const childLevelsOf = (name: TCatalogueLevelName): TCatalogueLevel[] => childNamesOf(name).map((child) => CATALOGUE_LEVELS[child]);

/** The level and its ancestors, from the top down to it (`group`, `groupMovement`, `perspective`). */
export function levelChainOf(name: TCatalogueLevelName): TCatalogueLevel[] {
  const chain: TCatalogueLevel[] = [];
  for (let at: TCatalogueLevel | undefined = CATALOGUE_LEVELS[name]; at; at = at.parent ? CATALOGUE_LEVELS[at.parent.level] : undefined)
    chain.unshift(at);
  return chain;
}

/** Whether a delete may go on with `count` children, as the level and the caller say. */
export function mayDeleteWith(name: TCatalogueLevelName, count: number, children: TDeleteChildren): boolean {
  if (count === 0) return true;
  return CATALOGUE_LEVELS[name].childrenOnDelete === 'on-request' && children === 'cascade';
}

/** The fields with `nameLowercase` following `name`, as activities keep it for their prefix search. */
export function withLowercaseName<P extends { name?: unknown }>(fields: P): P {
  return typeof fields.name === 'string' ? { ...fields, nameLowercase: fields.name.toLowerCase() } : fields;
}

/** A name as uniqueness compares it: letter case, leading and trailing spaces and runs of spaces do not count. */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** `nameKey` as a Firestore document id (which cannot hold a slash). */
export const nameKeyId = (name: string): string => encodeURIComponent(nameKey(name));

/** Why a create or a rename was refused: another record of the level already has the name. */
export const nameTakenMessage = (name: TCatalogueLevelName, taken: string): string =>
  `A ${CATALOGUE_LEVELS[name].label.toLowerCase()} named “${taken.trim()}” already exists: choose another name.`;

/** The sibling, other than `exceptId`, whose name is `name` as uniqueness compares names. */
export const sameNamed = <T extends { id: string; name: string }>(siblings: readonly T[], name: string, exceptId?: string): T | undefined =>
  siblings.find((sibling) => sibling.id !== exceptId && nameKey(sibling.name) === nameKey(name));

/** Why a delete was refused: what the document still has, and how to go on where that is allowed. */
export function hasChildrenMessage(name: TCatalogueLevelName): string {
  const level: TCatalogueLevel = CATALOGUE_LEVELS[name];
  const children = childLevelsOf(name).map((child) => child.plural);
  const what = [...new Set(children)].join(' or ');
  const next = level.childrenOnDelete === 'on-request' ? ': delete them first or pass children=cascade' : '';
  return `This ${level.label.toLowerCase()} still has ${what}${next}`;
}
