import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { TAuthSession } from '@movelab/shared';
import type { TAccountRow } from './accounts.js';
import { invalidToken, tokenExpired } from './verifier.js';

const ACCESS_TOKEN_SECONDS = 60 * 60;
const ISSUER = 'movelab';

/** What a well-formed, unexpired access token of this gateway says (its account is not checked yet). */
export type TAccessClaims = {
  uid: string;
  /** Seconds, as the token carries them. */
  authTime: number;
  expiresAt: number;
  issuedAt: number;
  signInId: string | undefined;
};

/** `family` becomes the token's `sid`: the sign-in it belongs to, checked on every use. */
export async function signTokens(
  secret: Uint8Array,
  now: number,
  account: TAccountRow,
  authTime: number,
  refreshToken: string,
  family: string,
): Promise<TAuthSession['tokens']> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAtSeconds = issuedAt + ACCESS_TOKEN_SECONDS;
  const idToken = await new SignJWT({ email: account.email, auth_time: Math.floor(authTime / 1000), sid: family })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(account.uid)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .setJti(crypto.randomUUID())
    .sign(secret);
  return { idToken, refreshToken, expiresAt: expiresAtSeconds * 1000 };
}

/** The token's claims when its signature, issuer and expiry hold; invalidToken or tokenExpired otherwise. */
export async function readAccessToken(secret: Uint8Array, now: number, token: string): Promise<TAccessClaims> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(now),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
    throw invalidToken();
  }
  if (typeof payload.sub !== 'string' || typeof payload.auth_time !== 'number' || typeof payload.exp !== 'number') {
    throw invalidToken();
  }
  return {
    uid: payload.sub,
    authTime: payload.auth_time,
    expiresAt: payload.exp,
    issuedAt: payload.iat ?? 0,
    signInId: typeof payload.sid === 'string' ? payload.sid : undefined,
  };
}
