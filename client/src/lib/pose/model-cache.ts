/**
 * The pose model kept on the device for offline analysis. The worker fetches the model and
 * the TF.js WASM itself, and Chromium does not always route a dedicated worker's requests
 * through the service worker, so the worker keeps its own copy in the Cache API: the first
 * load stores each file, later loads (offline too) read it. One cache per app version, the
 * same the service worker keeps the worker script in.
 */
import { APP_VERSION } from '@movelab/shared';

export const POSE_CACHE = `movelab-pose-${APP_VERSION}`;

const isModelFile = (url: URL) => url.pathname.includes('/models/');

/** Replaces `scope.fetch` with one that answers model files from the cache first. */
export function cacheModelFetches(scope: WindowOrWorkerGlobalScope): void {
  if (typeof caches === 'undefined') return;
  const networkFetch = scope.fetch.bind(scope);
  scope.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!isModelFile(url)) return networkFetch(input, init);
    const cache = await caches.open(POSE_CACHE);
    const cached = await cache.match(url.href);
    if (cached) return cached;
    const response = await networkFetch(input, init);
    if (response.ok) await cache.put(url.href, response.clone());
    return response;
  };
}
