/**
 * Bounds on untrusted JSON-like values, measured without recursion: a value nested thousands
 * deep must be refused before anything recursive (JSON.stringify, zod, a logger) touches it.
 */

export type TJsonBounds = { maxDepth: number; maxBytes: number };

export type TJsonMeasure = { ok: true; bytes: number; depth: number } | { ok: false; reason: 'too-deep' | 'too-large' };

/**
 * Walks `value` with an explicit stack and stops at the first bound crossed. `bytes` is an
 * upper estimate of the JSON length (strings counted in UTF-16 units, plus quotes and commas).
 * Functions (a Socket.IO acknowledgement) and undefined count as nothing.
 */
export function measureJson(value: unknown, bounds: TJsonBounds): TJsonMeasure {
  const stack: [unknown, number][] = [[value, 1]];
  let bytes = 0;
  let deepest = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') bytes += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint') bytes += String(item).length;
    else if (item === null) bytes += 4;
    else if (typeof item === 'object') {
      if (depth > bounds.maxDepth) return { ok: false, reason: 'too-deep' };
      deepest = Math.max(deepest, depth);
      if (ArrayBuffer.isView(item)) bytes += item.byteLength;
      else if (item instanceof ArrayBuffer) bytes += item.byteLength;
      else if (Array.isArray(item)) {
        bytes += 2 + item.length;
        for (const child of item) stack.push([child, depth + 1]);
      } else {
        bytes += 2;
        for (const [key, child] of Object.entries(item)) {
          bytes += key.length + 4;
          stack.push([child, depth + 1]);
        }
      }
    }
    if (bytes > bounds.maxBytes) return { ok: false, reason: 'too-large' };
  }
  return { ok: true, bytes, depth: deepest };
}
