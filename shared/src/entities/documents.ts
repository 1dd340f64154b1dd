/** What every document a client writes is checked for: its client-chosen id and its size. */
import { z } from 'zod';

/**
 * An id the client chose for a document it creates, so that sending the same create again
 * (a retry, an offline outbox replayed) stores it once. Safe as a Firestore document id.
 */
export const ZClientId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a valid client id');

/** UTF-8 bytes of a text (shared runs in browsers and in Node: no Buffer, no DOM types). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** True when the value's JSON is at most `max` UTF-8 bytes (false when it cannot be serialised). */
export function fitsJsonBytes(value: unknown, max: number): boolean {
  try {
    const json = JSON.stringify(value) ?? '';
    return json.length <= max && utf8Length(json) <= max;
  } catch {
    return false;
  }
}
