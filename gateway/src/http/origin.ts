import type http from 'node:http';
import net from 'node:net';
import type { RequestHandler } from 'express';
import { APP_ERRORS, MovelabError } from '@movelab/shared';
import { closeAfterAnswer } from './bounds.js';

/** Says whether the page that sent a request (its Origin header) may use the gateway. */
export type TOriginCheck = (req: http.IncomingMessage) => boolean;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A host no DNS answer can point elsewhere (so no rebinding): an IP literal or localhost. */
function isFixedHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(bare) !== 0 || bare === 'localhost' || bare.endsWith('.localhost');
}

/**
 * The allow-list: PUBLIC_URL's origin and ALLOWED_ORIGINS, plus a page served by this very
 * gateway under an IP address or localhost (a phone on the LAN, a test on a random port).
 * A request without Origin comes from a non-browser client (or a same-origin GET) and passes;
 * `Origin: null` (a sandboxed or file page) does not.
 */
export function originCheck(allowedOrigins: readonly string[]): TOriginCheck {
  const allowed = new Set(allowedOrigins);
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (!URL.canParse(origin)) return false;
    const url = new URL(origin);
    if (allowed.has(url.origin)) return true;
    return url.host === req.headers.host?.toLowerCase() && isFixedHost(url.hostname);
  };
}

/** State-changing requests from a page outside the allow-list are refused before anything is read. */
export function refuseForeignOrigin(isAllowed: TOriginCheck): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isAllowed(req)) return next();
    closeAfterAnswer(req, res);
    next(new MovelabError(APP_ERRORS.originNotAllowed, 'Requests from this page are not accepted: its origin is not allowed', 403));
  };
}
