/**
 * Firestore stores no array directly inside another array, and a movescore reference holds
 * such arrays (its template is a list of frames). In Firestore an inner array is kept as a map
 * `{ items: [...] }`; reading undoes it. Values without nested arrays are stored unchanged.
 */
const INNER = 'items';

const isInner = (value: unknown): value is { [INNER]: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  Array.isArray((value as Record<string, unknown>)[INNER]);

function walk(value: unknown, inArray: boolean, encode: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => walk(item, true, encode));
    return encode && inArray ? { [INNER]: items } : items;
  }
  if (!encode && inArray && isInner(value)) return walk(value[INNER], false, encode);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, false, encode)]));
  }
  return value;
}

/** `value` as Firestore can store it. */
export const toFirestoreValue = (value: unknown): unknown => walk(value, false, true);

/** A value read from Firestore, with its inner arrays restored. */
export const fromFirestoreValue = (value: unknown): unknown => walk(value, false, false);

type TTimestampLike = { toDate(): Date };

const isTimestamp = (value: unknown): value is TTimestampLike =>
  typeof value === 'object' && value !== null && typeof (value as Partial<TTimestampLike>).toDate === 'function';

/**
 * A document's fields with its Firestore Timestamps (the web SDK's or firebase-admin's, as a
 * server timestamp is stored) as ISO texts, the form the shared schemas read dates in.
 */
export function withIsoDates(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, isTimestamp(value) ? value.toDate().toISOString() : value]));
}
