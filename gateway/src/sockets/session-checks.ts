import crypto from 'node:crypto';
import { SOCKET_ERRORS } from '@movelab/shared';
import { sha256 } from '../identity/passwords.js';
import type { TSessionRecord } from '../realtime/registry.js';
import { refuse } from './ack.js';
import { requireUser } from './auth.js';
import type { TRealtimeContext, TSocket } from './types.js';

/** Whether the token is the one whose hash is kept, compared in constant time. */
export const sameHash = (token: string, hash: string) => {
  const actual = Buffer.from(sha256(token));
  const expected = Buffer.from(hash);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
};

export const ended = () => refuse(SOCKET_ERRORS.sessionEnded, 'This session has ended: ask for a new code');

/** The live session the caller hosts; `refusal` says what only its host may do. */
export async function hostedSession(ctx: TRealtimeContext, socket: TSocket, sessionId: string, refusal: string): Promise<TSessionRecord> {
  const user = requireUser(socket);
  const session = await ctx.registry.get(sessionId);
  if (!session) throw ended();
  if (session.hostUid !== user.uid) throw refuse(SOCKET_ERRORS.forbidden, refusal);
  return session;
}
