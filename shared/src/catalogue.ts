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
  | { kind: 'field'; level: TCatalogueLevelName; key: string }
  | { kind: 'path'; level: TCatalogueLevelName; key: string; countField: string };

/**
 * What deleting a document does to its children: `refuse` while it has any; `on-request`
 * refuses unless the caller asks for the children to go too (`children=cascade`); `none`,
 * it has no children.
 */
export type TChildrenOnDelete = 'refuse' | 'on-request' | 'none';

/** What a delete asks for its children: `cascade`, delete them too; `block`, refuse while there are any. */
export type TDeleteChildren = 'cascade' | 'block';

export type TCatalogueLevel<S extends z.ZodType = z.ZodType, I extends z.ZodType = z.ZodType> = {
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
};

const level = <S extends z.ZodType, I extends z.ZodType>(description: TCatalogueLevel<S, I>) => description;

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


/** The levels whose documents name this level's documents as their parent (by field or by path). */
export const childLevelsOf = (name: TCatalogueLevelName): TCatalogueLevel[] =>
  Object.values(CATALOGUE_LEVELS).filter((child: TCatalogueLevel) => child.parent?.level === name);

/** Why a delete was refused: what the document still has, and how to go on where that is allowed. */
export function hasChildrenMessage(name: TCatalogueLevelName): string {
  const level: TCatalogueLevel = CATALOGUE_LEVELS[name];
  const children = childLevelsOf(name).map((child) => child.plural);
  const what = [...new Set(children)].join(' or ');
  const next = level.childrenOnDelete === 'on-request' ? ': delete them first or pass children=cascade' : '';
  return `This ${level.label.toLowerCase()} still has ${what}${next}`;
}
