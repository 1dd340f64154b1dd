import { BREAKPOINTS, IDENTITY } from '@movelab/shared';

/**
 * Mobile networks are slower, so identity requests wait longer there (spec §9). "Mobile" is a
 * coarse pointer or a screen narrower than lg; outside a browser (Node) it is desktop.
 */
export function isMobileDevice(): boolean {
  if (typeof window === 'undefined') return false;
  const isCoarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return isCoarse || window.innerWidth < BREAKPOINTS.lg;
}

/** How long a request (embedded) or a result's write (Firestore) may wait for the server before it counts as a network failure. */
export function defaultNetworkTimeoutMs(): number {
  return isMobileDevice() ? IDENTITY.networkTimeoutMobileMs : IDENTITY.networkTimeoutMs;
}
