/**
 * The WebRTC side (simple-peer, about 100 KiB), loaded only when it is needed: the phone page
 * renders without parsing it, and the app's first screen does not need it. A failed load is
 * retried on the next call.
 */
import type * as PeerModule from './peer';

export type TPeerModule = typeof PeerModule;

let loaded: TPeerModule | null = null;
let loading: Promise<TPeerModule> | null = null;

export function loadPeerModule(): Promise<TPeerModule> {
  loading ??= import('./peer').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The module once a load has finished, for handlers that only matter after one (null before). */
export const loadedPeerModule = (): TPeerModule | null => loaded;

/** Whether the WebRTC side could be loaded. */
export const hasPeerModule = (): Promise<boolean> =>
  loadPeerModule().then(
    () => true,
    () => false,
  );
