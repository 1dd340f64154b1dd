import type http from 'node:http';
import type { Request } from 'express';

/** The caller's address for Express requests: `req.ip`, which follows TRUST_PROXY. */
export const requestAddress = (req: Request): string => req.ip ?? 'unknown';

/**
 * The caller's address under the TRUST_PROXY setting, with Express's semantics for `req.ip`
 * (proxy-addr): false is the TCP peer, a number trusts that many hops of X-Forwarded-For,
 * true takes the furthest address. For requests Express does not handle (socket handshakes).
 */
export function clientAddress(req: http.IncomingMessage, trustProxy: boolean | number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy === false || trustProxy === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  const index = trustProxy === true ? chain.length - 1 : Math.min(trustProxy, chain.length - 1);
  return chain[index] ?? peer;
}
