/**
 * The join link a desktop shows as a QR code: `/remote-streaming/<sessionId>#<joinToken>`.
 * The token rides in the fragment, which browsers never send to a server, so it stays out of
 * request lines, proxies and access logs.
 */
import { ZSessionJoin, type TSessionJoin } from '@movelab/shared/remote-session';
import { remoteStreamingSessionPath } from '@/config/remote-streaming-path';

export function buildJoinUrl(origin: string, sessionId: string, joinToken: string): string {
  return `${origin}${remoteStreamingSessionPath(sessionId)}#${encodeURIComponent(joinToken)}`;
}

/** The join request a link opened on the phone carries, or null when it is incomplete or malformed. */
export function parseJoinLink(sessionId: string | undefined, hash: string): TSessionJoin | null {
  if (!sessionId) return null;
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  let joinToken: string;
  try {
    joinToken = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parsed = ZSessionJoin.safeParse({ sessionId, joinToken });
  return parsed.success ? parsed.data : null;
}

/** A typed pairing code without spaces or dashes ("123 456" -> "123456"); null unless 6 digits. */
export function normalizeCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
