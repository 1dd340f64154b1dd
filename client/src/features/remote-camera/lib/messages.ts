/** Plain words for every refusal a remote camera can meet (gateway codes and browser errors). */
import { SOCKET_ERRORS } from '@movelab/shared/socket-errors';
import { SOCKET_TIMEOUT } from '@/lib/socket/socket';
import type { TCameraError, TEndReason } from './camera-state';

const socketMessages: Record<string, string> = {
  [SOCKET_ERRORS.invalidCode]: 'This code is wrong, expired or already used. Ask for a new code on the desktop.',
  [SOCKET_ERRORS.invalidJoinToken]: 'This link is wrong, expired or already used. Scan the QR code on the desktop again.',
  [SOCKET_ERRORS.notFound]: 'This session no longer exists. Open a new one on the desktop.',
  [SOCKET_ERRORS.sessionFull]: 'This session already has two cameras.',
  [SOCKET_ERRORS.sessionEnded]: 'This session has ended. Open a new one on the desktop.',
  [SOCKET_ERRORS.rateLimited]: 'Too many attempts. Wait a minute and try again.',
  [SOCKET_ERRORS.badPayload]: 'The code has 6 digits.',
  [SOCKET_ERRORS.unauthenticated]: 'Sign in again to open a remote camera session.',
  [SOCKET_ERRORS.tokenExpired]: 'Your sign-in expired. Sign in again.',
  [SOCKET_TIMEOUT]: 'The server did not answer. Check your connection and try again.',
};

/** Refusals that say the join link itself is no good (wrong, used, expired, its session gone): the code is the way left. */
const LINK_REFUSALS: ReadonlySet<string> = new Set([SOCKET_ERRORS.invalidJoinToken, SOCKET_ERRORS.notFound, SOCKET_ERRORS.sessionEnded]);

export function isLinkRefused(error: TCameraError | null | undefined): boolean {
  return !!error && LINK_REFUSALS.has(error.code);
}

/** A join link cut short or damaged (no token after `#`, or one that is not a token). */
export const BROKEN_LINK_TEXT = 'This link is incomplete or damaged. Scan the QR code on the desktop again, or type the code shown there.';

/** Whole minutes, rounded up: the wait as the phone says it (shared's `waitText` sits with the app's formatting, which the phone page does not load). */
function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Too many wrong codes typed from this network: how long the wait lasts, and that the QR code is still a way in. */
function wrongCodesText({ retryAfterSeconds }: TCameraError): string {
  const when = retryAfterSeconds === undefined ? 'later' : `in ${minutesText(retryAfterSeconds)}`;
  return `Too many wrong codes were typed from this network. Try again ${when}, or scan the QR code on the desktop.`;
}

export function socketErrorText(error: TCameraError): string {
  if (error.code === SOCKET_ERRORS.tooManyWrongCodes) return wrongCodesText(error);
  return socketMessages[error.code] ?? error.message;
}

/** getUserMedia's DOMException names, in words. */
export function cameraErrorText(error: unknown): TCameraError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return { code: 'camera/permission-denied', message: 'Camera access was refused. Allow the camera for this site in the browser settings, then try again.' };
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return { code: 'camera/not-found', message: 'No camera matching this choice was found. Try the other camera or a lower quality.' };
  }
  if (name === 'NotReadableError') {
    return { code: 'camera/busy', message: 'The camera is in use by another app. Close it and try again.' };
  }
  return { code: 'camera/unavailable', message: 'The camera could not be started on this device.' };
}

export const endedText: Record<TEndReason, string> = {
  stopped: 'You stopped streaming.',
  'host-left': 'The desktop left the session.',
  expired: 'The session expired.',
  closed: 'The session was closed on the desktop.',
};
