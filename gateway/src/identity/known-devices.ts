import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { API } from '@movelab/shared';

/** The cookie holding a browser's known-device passes: httpOnly, SameSite=Strict, sent to the sign-in route only. */
export const DEVICE_COOKIE = 'movelab_device';
/** Passes one browser keeps, for people who share a computer; the newest stay. */
const MAX_PASSES = 5;
/** Between passes in the cookie: a cookie-octet that base64url and base 36 never use. */
const SEPARATOR = '~';
/** 128 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 22;

export type TKnownDeviceOptions = {
  /** The gateway's token secret; the passes' key is derived from it. */
  secret: Uint8Array;
  lifetimeMs: number;
  /** Secure cookie: PUBLIC_URL is https. */
  isSecure: boolean;
  now?: () => number;
};

/**
 * Known-device passes: a browser that signed in to an account gets a pass for it (its expiry and
 * an HMAC of the account's e-mail and that expiry), so the owner skips the account-wide backstop
 * (lockout.ts) there. Stateless, so every gateway with the same TOKEN_SECRET accepts it; a pass
 * only spares the hold, never the password or the per-address lock.
 */
export type TKnownDevices = {
  /** Whether the request carries a live pass for this account. */
  isKnown(req: Request, email: string): boolean;
  /** Sets the cookie with a fresh pass for this account, keeping the browser's passes for others. */
  remember(req: Request, res: Response, email: string): void;
};

/** The e-mail as accounts store it (identity/accounts.ts checkEmail). */
const accountKey = (email: string) => email.trim().toLowerCase();

function passesIn(req: Request): string[] {
  const value = new RegExp(`(?:^|;)\\s*${DEVICE_COOKIE}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1] ?? '';
  return value.split(SEPARATOR).filter(Boolean).slice(0, MAX_PASSES);
}

export function knownDevices(options: TKnownDeviceOptions): TKnownDevices {
  const now = options.now ?? Date.now;
  const key = crypto.createHmac('sha256', options.secret).update('movelab known-device pass').digest();
  const mac = (email: string, expires: string) =>
    crypto
      .createHmac('sha256', key)
      .update(`${accountKey(email)}\n${expires}`)
      .digest('base64url')
      .slice(0, MAC_CHARS);
  const isLive = (pass: string) => {
    const expiresAt = parseInt(pass.split('.')[0] ?? '', 36) * 1000;
    return Number.isFinite(expiresAt) && expiresAt > now();
  };
  const isFor = (pass: string, email: string) => {
    const [expires = '', given = ''] = pass.split('.');
    const [sent, expected] = [Buffer.from(given), Buffer.from(mac(email, expires))];
    return isLive(pass) && sent.length === expected.length && crypto.timingSafeEqual(sent, expected);
  };
  return {
    isKnown: (req, email) => passesIn(req).some((pass) => isFor(pass, email)),
    remember(req, res, email) {
      const expires = Math.ceil((now() + options.lifetimeMs) / 1000).toString(36);
      const others = passesIn(req).filter((pass) => isLive(pass) && !isFor(pass, email));
      const passes = [`${expires}.${mac(email, expires)}`, ...others].slice(0, MAX_PASSES);
      res.cookie(DEVICE_COOKIE, passes.join(SEPARATOR), {
        httpOnly: true,
        secure: options.isSecure,
        sameSite: 'strict',
        path: API.signIn.path,
        maxAge: options.lifetimeMs,
      });
    },
  };
}
