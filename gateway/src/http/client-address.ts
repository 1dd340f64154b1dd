import { isIPv4, isIPv6 } from 'node:net';
import type http from 'node:http';
import type { Request } from 'express';

/** The hextets of an IPv6 address (`::` expanded, an IPv4 tail as two hextets); null if malformed. */
function hextets(address: string): number[] | null {
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  let text = address;
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.split('.').map(Number) as [number, number, number, number];
    text = `${address.slice(0, -ipv4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side ? side.split(':').map((hex) => parseInt(hex, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const gap = 8 - front.length - back.length;
  if (gap < 0 || (tail === undefined && gap !== 0)) return null;
  const all = [...front, ...new Array<number>(gap).fill(0), ...back];
  return all.some((value) => Number.isNaN(value)) ? null : all;
}

/**
 * The key a caller is counted under: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64, the block one household or device is given, so
 * rotating through a /64 gives no fresh allowance.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const parts = hextets(address.split('%')[0] ?? address);
  if (!parts) return address;
  return `${parts
    .slice(0, 4)
    .map((value) => value.toString(16))
    .join(':')}::/64`;
}

/** The caller's address key for Express requests: `req.ip` (which follows TRUST_PROXY), by its /64 for IPv6. */
export const requestAddress = (req: Request): string => addressKey(req.ip ?? 'unknown');

/**
 * The caller's address key under the TRUST_PROXY setting, with Express's semantics for `req.ip`
 * (proxy-addr): false is the TCP peer, a number trusts that many hops of X-Forwarded-For,
 * true takes the furthest address. For requests Express does not handle (socket handshakes).
 */
export function clientAddress(req: http.IncomingMessage, trustProxy: boolean | number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy === false || trustProxy === 0) return addressKey(peer);
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  const index = trustProxy === true ? chain.length - 1 : Math.min(trustProxy, chain.length - 1);
  return addressKey(chain[index] ?? peer);
}
