import { z } from 'zod';
import { AUTH_ERRORS, isMovelabError, MovelabError, SOCKET_ERRORS, ZRetryAfter, type TAckResult, type TRetryAfter } from '@movelab/shared';
import type { Logger } from '../logger.js';
import type { TSocket } from './types.js';

const SOCKET_CODES: Record<string, string> = {
  [AUTH_ERRORS.userTokenExpired]: SOCKET_ERRORS.tokenExpired,
  [AUTH_ERRORS.userDisabled]: SOCKET_ERRORS.userDisabled,
};

/** A verifier's MovelabError as the socket code the client sees. */
export function socketAuthCode(error: unknown): string {
  return isMovelabError(error) ? (SOCKET_CODES[error.code] ?? SOCKET_ERRORS.unauthenticated) : SOCKET_ERRORS.internal;
}

/** A refusal the caller sees as `{ ok: false, error: { code, message } }`. */
export const refuse = (code: string, message: string) => new MovelabError(code, message, 400);

/** A refusal that lifts by itself: the caller also sees `retryAfterSeconds`. */
export const refuseFor = (code: string, message: string, retryAfterSeconds: number) =>
  new MovelabError(code, message, 429, { retryAfterSeconds } satisfies TRetryAfter);

function toFailure(error: unknown, event: string, logger: Logger): TAckResult<never> {
  if (isMovelabError(error)) {
    const retry = ZRetryAfter.safeParse(error.details);
    return { ok: false, error: { code: error.code, message: error.message, ...(retry.success ? retry.data : {}) } };
  }
  // Internal details stay in the log; the caller gets a generic code.
  logger.error({ err: error, event }, 'socket handler failed');
  return { ok: false, error: { code: SOCKET_ERRORS.internal, message: 'Something went wrong on the server' } };
}

type TLooseSocket = { on(event: string, listener: (...args: unknown[]) => void): void };

/**
 * Registers a request handler: the payload is validated with its schema, the work's result
 * or error answers through the acknowledgement. Requests without an acknowledgement are ignored.
 */
export function onRequest<TSchema extends z.core.$ZodType, TResult>(
  socket: TSocket,
  event: string,
  schema: TSchema,
  logger: Logger,
  work: (payload: z.infer<TSchema>) => Promise<TResult>,
): void {
  // The typed event map cannot express a generic event name; the schema does the checking here.
  (socket as unknown as TLooseSocket).on(event, (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const answer = ack as (result: TAckResult<TResult>) => void;
    // Everything runs inside the async function: a synchronous throw becomes a refusal, never an uncaught error.
    const run = async (): Promise<TAckResult<TResult>> => {
      const parsed = z.safeParse(schema, payload);
      if (!parsed.success) return { ok: false, error: { code: SOCKET_ERRORS.badPayload, message: z.prettifyError(parsed.error) } };
      return { ok: true, data: await work(parsed.data) };
    };
    run().then(answer, (error: unknown) => answer(toFailure(error, event, logger)));
  });
}
