/**
 * Keyset page cursors: a pair of strings (the sort value and the document id of a page's edge
 * row) as JSON, written as hex UTF-16 code units. The text is URL-safe, needs no Buffer or btoa
 * (shared/ runs in the browser and Node) and is opaque to callers.
 */
export type TPairCursor = [string, string];

/** A user list cursor's longest text: e-mails run to 320 characters, ids to 128. */
export const USER_CURSOR_MAX = 2048;

export function encodePairCursor(pair: TPairCursor): string {
  return JSON.stringify(pair)
    .split('')
    .map((char) => char.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('');
}

/** null when the text is not a cursor `encodePairCursor` made, or longer than `maxLength`. */
export function decodePairCursor(text: string, maxLength: number): TPairCursor | null {
  if (text.length > maxLength || text.length % 4 !== 0 || !/^[0-9a-f]*$/.test(text)) return null;
  try {
    const json = String.fromCharCode(...(text.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || value.length !== 2 || !value.every((part) => typeof part === 'string')) return null;
    return value as TPairCursor;
  } catch {
    return null;
  }
}
