/** Plain words for every refusal a group session can meet (gateway codes, the client's own timeout). */
import { GROUP_ERRORS, SOCKET_ERRORS, waitText, type TGroupEnded } from '@movelab/shared';
import { errorText } from '@/lib/errors';
import { SOCKET_TIMEOUT } from '@/lib/socket/socket';

export type TGroupError = { code: string; message: string; retryAfterSeconds?: number };

const MESSAGES: Readonly<Record<string, string>> = {
  [SOCKET_ERRORS.invalidJoinToken]: 'This link is wrong or no longer works. Ask the host for the link again, or for the 6-digit code.',
  [SOCKET_ERRORS.invalidCode]: 'This code is wrong, expired or already used. Type the code the host’s screen shows now.',
  [SOCKET_ERRORS.notFound]: 'You are not in this session. Open the host’s link or type the code on their screen.',
  [SOCKET_ERRORS.sessionEnded]: 'This session has ended.',
  [SOCKET_ERRORS.unauthenticated]: 'Your sign-in has ended. Sign in again to continue.',
  [SOCKET_ERRORS.tokenExpired]: 'Your sign-in has ended. Sign in again to continue.',
  [GROUP_ERRORS.alreadyHosting]: 'You already host a session for something else. End it before you start another.',
  [GROUP_ERRORS.countRateLimited]: 'Counts are sent too fast; the next one goes through.',
  [SOCKET_TIMEOUT]: 'The server did not answer. Check your connection and try again.',
};

/** Refusals after which the session cannot be entered from this page: no point trying again. */
const FINAL: ReadonlySet<string> = new Set([
  SOCKET_ERRORS.invalidJoinToken,
  SOCKET_ERRORS.notFound,
  SOCKET_ERRORS.sessionEnded,
  GROUP_ERRORS.alreadyHosting,
]);

export const isFinalRefusal = (error: TGroupError) => FINAL.has(error.code);

export function groupErrorText(error: TGroupError): string {
  if (error.code === SOCKET_ERRORS.tooManyWrongCodes || error.code === SOCKET_ERRORS.rateLimited) {
    const when = error.retryAfterSeconds === undefined ? 'in a minute' : `in ${waitText(error.retryAfterSeconds, 'minutes')}`;
    const what = error.code === SOCKET_ERRORS.tooManyWrongCodes ? 'Too many wrong codes were typed from this network' : 'Too many attempts';
    return `${what}. Try again ${when}, or open the host’s link.`;
  }
  // The gateway's other refusals (full, not the host, wrong phase) are written for people already.
  return MESSAGES[error.code] ?? (error.message || errorText(error));
}

export const endedText: Record<TGroupEnded['reason'], string> = {
  ended: 'The host ended the session.',
  expired: 'The session reached its time limit.',
  abandoned: 'Everyone left the session.',
};
