/** Small typed helpers over Firestore reads: every document is validated with its zod schema. */
import {
  addDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  setDoc,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { z } from 'zod';
import { APP_ERRORS, MovelabError } from '@movelab/shared';
import { isNetworkFailure, offlineFailure } from '@/lib/offline/online';
import { sdk } from './errors';

/**
 * A read from the server (or toServer's write), failing at once without a network: Firestore's
 * memory cache holds nothing to answer from, and the SDK would first wait up to 10 s to decide it is offline. The
 * failure is the SDK's own (`unavailable`), so the screens keep their device copy.
 */
export function fromServer<T>(run: () => Promise<T>): Promise<T> {
  const offline = offlineFailure('Firestore');
  return offline ? Promise.reject(offline) : sdk(run);
}

/**
 * A write the server must confirm. Firestore's own write waits, with no end, until the server
 * takes it: without a network it fails at once instead (fromServer), and when the server has not
 * confirmed it within `timeoutMs` (a server that cannot be reached while the browser has a
 * network) it fails as a network failure, so the result stays in the device's outbox, which writes it again later.
 * The SDK may still deliver its queued copy: the writes made this way are creates under a
 * client id, which land once (createOnce).
 */
export function toServer<T>(run: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unconfirmed = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new MovelabError('unavailable', `Firestore did not confirm the write within ${Math.round(timeoutMs / 1000)} s`, 503)),
      timeoutMs,
    );
  });
  return Promise.race([fromServer(run), unconfirmed]).finally(() => clearTimeout(timer));
}

export function fromSnapshot<S extends z.ZodType>(schema: S, snap: DocumentSnapshot): z.output<S> {
  return schema.parse({ ...snap.data(), id: snap.id });
}

/**
 * A write checked with its input schema, defaults filled, as the gateway does for the embedded
 * backend: the document written is complete, and bad input is refused before it is sent.
 */
export function validInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MovelabError(APP_ERRORS.badRequest, `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`, 400);
  }
  return parsed.data;
}

export function readDoc<S extends z.ZodType>(schema: S, ref: DocumentReference): Promise<z.output<S> | null> {
  return readDocAs(ref, (snap) => fromSnapshot(schema, snap));
}

/** The document at `ref` as `read` makes it from its snapshot, or null when there is none. */
export function readDocAs<T>(ref: DocumentReference, read: (snap: DocumentSnapshot) => T): Promise<T | null> {
  return fromServer(async () => {
    const snap = await getDoc(ref);
    return snap.exists() ? read(snap) : null;
  });
}

/** Every row of `query`, each as `read` makes it (none is skipped: `read` must take any stored row). */
export function readEvery<T>(query: Query, read: (snap: QueryDocumentSnapshot) => T): Promise<T[]> {
  return fromServer(async () => (await getDocs(query)).docs.map(read));
}

export function exists(ref: DocumentReference): Promise<boolean> {
  return fromServer(async () => (await getDoc(ref)).exists());
}

/** Like readDoc, for writes that must return the stored document. */
export async function requireDoc<S extends z.ZodType>(schema: S, ref: DocumentReference): Promise<z.output<S>> {
  const value = await readDoc(schema, ref);
  if (value === null) throw new MovelabError(APP_ERRORS.notFound, `${ref.path} does not exist`, 404);
  return value;
}

/**
 * The rows of `query` that `schema` accepts, each with its id and the `extra` fields. A stored
 * row the schema refuses (written past the rules, or before they checked it) is skipped, as the
 * embedded backend's lists skip it, instead of failing the whole list with a schema error.
 */
export function readAll<S extends z.ZodType>(
  schema: S,
  query: Query,
  extra: (snap: QueryDocumentSnapshot) => Record<string, unknown> = () => ({}),
): Promise<z.output<S>[]> {
  return fromServer(async () =>
    (await getDocs(query)).docs.flatMap((snap) => {
      const parsed = schema.safeParse({ ...snap.data(), ...extra(snap), id: snap.id });
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** Every document of `query`, whatever its fields (a delete takes rows the schema would refuse too). */
export function refsOf(query: Query): Promise<DocumentReference[]> {
  return fromServer(async () => (await getDocs(query)).docs.map((snap) => snap.ref));
}

export function countOf(query: Query): Promise<number> {
  return fromServer(async () => (await getCountFromServer(query)).data().count);
}

/** Firestore refuses `undefined` values: drop them (a null stays, meaning "clear"). */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Creates a document under the client's id, once: the rules allow a create but no update, so
 * sending it again (an outbox replayed after a lost answer) is refused, and the document
 * already stored under that id, readable only by its owner, is the answer. A write the server
 * did not confirm within `timeoutMs` fails as a network failure (toServer), never answered from
 * the SDK's cache, where the unconfirmed write would look stored.
 */
export async function createOnce<S extends z.ZodType>(
  schema: S,
  col: CollectionReference,
  clientId: string | undefined,
  data: Record<string, unknown>,
  timeoutMs: number,
): Promise<z.output<S>> {
  if (clientId === undefined) return requireDoc(schema, await toServer(() => addDoc(col, data), timeoutMs));
  const ref = doc(col, clientId);
  try {
    await toServer(() => setDoc(ref, data), timeoutMs);
  } catch (error) {
    if (isNetworkFailure(error)) throw error;
    const stored = await readDoc(schema, ref).catch(() => null);
    if (stored === null) throw error;
    return stored;
  }
  return requireDoc(schema, ref);
}
