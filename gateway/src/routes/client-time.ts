import { LIMITS } from '@movelab/shared';
import { badRequest } from '../errors.js';

const AHEAD_MINUTES = LIMITS.clientClockAheadMs / 60_000;

/**
 * Refuses a time the client chose that lies more than LIMITS.clientClockAheadMs past the
 * gateway's clock, as firestore.rules' isAppTimestamp does in Firebase mode. `value` has passed
 * the shared schema (an ISO date-time), so it parses.
 */
export function requireNotAhead(field: string, value: string, now = Date.now()): void {
  if (Date.parse(value) <= now + LIMITS.clientClockAheadMs) return;
  throw badRequest(`${field} is in the future: at most ${AHEAD_MINUTES} minutes past the server's clock`);
}
