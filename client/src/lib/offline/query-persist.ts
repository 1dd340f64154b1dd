/**
 * The query cache kept in IndexedDB, so an installed app opened offline shows what the user
 * has seen: the user record, the catalogue, perspectives with their references. Restored
 * before the app starts, written a moment after each change; signing out clears the cache,
 * and so the copy on the device too.
 *
 * A start with a network shows the device copy and reads every restored query again when a
 * screen uses it: the copy may be older than what the server holds (a change made on another
 * device, or one made here less than a moment before a reload), and its time would otherwise
 * keep it fresh for the staleTime. A start without a network keeps the copy as it is: a read
 * would only fail and turn the screen into an error.
 */
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { deviceDb, hasIndexedDb } from './device-db';
import { isBrowserOnline } from './online';

const KEY = 'queries';
const WRITE_DELAY_MS = 1000;

export async function restoreQueryCache(client: QueryClient): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const state = await (await deviceDb()).get('cache', KEY);
    if (!state) return;
    hydrate(client, state);
    if (isBrowserOnline()) await client.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    // A cache that cannot be read only costs the offline start.
    console.warn('The saved query cache could not be read', error);
  }
}

/** Keeps the device copy up to date; answers the unsubscribe. */
export function persistQueryCache(client: QueryClient): () => void {
  if (!hasIndexedDb()) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    void deviceDb()
      .then((db) => db.put('cache', state, KEY))
      .catch((error: unknown) => console.warn('The query cache could not be saved', error));
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
