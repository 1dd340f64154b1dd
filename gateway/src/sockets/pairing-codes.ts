import crypto from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { SOCKET_ERRORS, waitText } from '@movelab/shared';
import type { Logger } from '../logger.js';
import { spend } from '../realtime/limiter.js';
import { refuse, refuseFor } from './ack.js';

const CODE_ATTEMPTS = 20;

/** 6 digits from the CSPRNG, leading zeros kept: 10^6 codes. */
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** A fresh code unique among live codes (`store` is false when it is taken): retried on the rare collision. */
export async function withFreshCode(store: (code: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = newCode();
    if (await store(code)) return code;
  }
  throw new Error('no free pairing code after several attempts');
}

/**
 * Codes typed by people joining, counted against the address typing them (`wrongCodes`: its allowance per
 * window, shared by every gateway through Redis, and by remote-camera and group codes alike). A wrong code costs only that address: no other
 * code ends by it, so a code ends by its own use or its expiry alone.
 */
export function createCodeTaker(wrongCodes: RateLimiterAbstract, logger: Logger) {
  /**
   * `use` spends the code in its registry (the session id, or null when it is wrong, expired or
   * used up); refuses a wrong code, and every code once the address is out of tries.
   */
  return async (address: string, use: () => Promise<string | null>): Promise<string> => {
    // Each try is paid for before the code is looked at and a right one is paid back: tries sent
    // side by side cannot overrun the allowance.
    const wait = await spend(wrongCodes, address);
    if (wait !== undefined) {
      throw refuseFor(
        SOCKET_ERRORS.tooManyWrongCodes,
        `Too many wrong codes from this address: try again in ${waitText(wait)}, or scan the QR code`,
        wait,
      );
    }
    const sessionId = await use();
    if (!sessionId) throw refuse(SOCKET_ERRORS.invalidCode, 'This code is wrong, expired or already used');
    // The code is used up whatever happens here: a refund lost to Redis costs the address one try, not the pairing.
    wrongCodes.reward(address, 1).catch((error: unknown) => logger.warn({ err: error }, 'could not give back a right code try'));
    return sessionId;
  };
}
