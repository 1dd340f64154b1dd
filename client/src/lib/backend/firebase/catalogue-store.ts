/** What the catalogue levels over Firestore (catalogue-levels.ts, catalogue-path-level.ts) share: how a level's documents are read, written and deleted. */
import { writeBatch, type DocumentReference, type Firestore } from 'firebase/firestore';
import { z } from 'zod';
import {
  APP_ERRORS,
  CATALOGUE_LEVELS,
  fromFirestoreValue,
  hasChildrenMessage,
  MovelabError,
  sentFields,
  toFirestoreValue,
  type TCatalogueLevel,
  type TCatalogueLevelName,
} from '@movelab/shared';
import { sdk } from './errors';
import { defined, validInput } from './firestore';

export type TDoc = { id: string };
export type TFields = Record<string, unknown>;
/** Checks a create's validated fields and adds those kept beside them (a lowercase name). */
export type TPrepare = (fields: TFields) => TFields;

export const levelOf = (name: TCatalogueLevelName): TCatalogueLevel => CATALOGUE_LEVELS[name];
/** Firestore's limit of writes in one batch or transaction. */
export const MAX_WRITES = 500;
export const asIs: TPrepare = (fields) => fields;

/** A document as read: inner arrays, kept as maps in Firestore, restored (firestore-values). */
export const storedSchema = <T>(level: TCatalogueLevel) => z.preprocess(fromFirestoreValue, level.schema) as unknown as z.ZodType<T>;
/** Fields as written: no undefined (Firestore refuses it), inner arrays as maps. */
export const storable = (fields: TFields) => toFirestoreValue(defined(fields)) as TFields;

/** A patch checked with the level's input schema, every field optional, as the gateway checks a PATCH; only the fields sent. */
export const validPatch = (level: TCatalogueLevel, patch: unknown): TFields => sentFields(patch, validInput(level.input.partial(), patch) as TFields);

export const refuseChildren = (name: TCatalogueLevelName) => new MovelabError(APP_ERRORS.hasChildren, hasChildrenMessage(name), 409);

/**
 * Deletes `refs` in order, as few writes as Firestore allows, and returns those left for the
 * last write (at most `room`): a delete that fits in one write is one write, so a client lost
 * half-way leaves everything or nothing; a larger one goes in order, children before parents.
 */
export async function deleteAllBut(db: Firestore, refs: readonly DocumentReference[], room: number): Promise<readonly DocumentReference[]> {
  const early = refs.slice(0, Math.max(0, refs.length - room));
  for (let start = 0; start < early.length; start += MAX_WRITES) {
    const batch = writeBatch(db);
    for (const ref of early.slice(start, start + MAX_WRITES)) batch.delete(ref);
    await sdk(() => batch.commit());
  }
  return refs.slice(early.length);
}

export const countFieldOf = (name: TCatalogueLevelName): string | undefined => {
  const link = levelOf(name).parent;
  return link?.kind === 'path' ? link.countField : undefined;
};
