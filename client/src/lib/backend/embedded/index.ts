/** The embedded backend: the backend port over the Movelab gateway's REST API. */
import type { TBackend } from '../port';
import type { TClock } from './clock';
import { createApiClient } from './client';
import { createEmbeddedCatalog } from './catalog';
import { createHttp } from './http';
import { createEmbeddedIdentity } from './identity';
import { createEmbeddedMovescore } from './movescore';
import { createMemoryStorage, createSessionManager, type TKeyValueStorage } from './session';
import { createEmbeddedUsers } from './users';

export type TEmbeddedOptions = {
  /** Gateway origin; '' (same origin) in the browser, absolute in Node. */
  baseUrl?: string;
  /** Where the session is kept; localStorage in the browser, a Map-backed one elsewhere. */
  storage?: TKeyValueStorage;
  fetch?: typeof fetch;
  clock?: TClock;
  timeoutMs?: number;
};

function defaultStorage(): TKeyValueStorage {
  return typeof localStorage === 'undefined' ? createMemoryStorage() : localStorage;
}

export function createEmbeddedBackend(options: TEmbeddedOptions = {}): TBackend {
  const http = createHttp(options);
  const session = createSessionManager({
    storage: options.storage ?? defaultStorage(),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(typeof window !== 'undefined' ? { reconnect: window } : {}),
    refresh: (refreshToken) => http.call('refresh', { body: { grant_type: 'refresh_token', refresh_token: refreshToken } }),
  });
  const api = createApiClient(http, session);
  const users = createEmbeddedUsers(api);
  return {
    kind: 'embedded',
    identity: createEmbeddedIdentity(api),
    users,
    movescore: createEmbeddedMovescore(api, users),
    catalog: createEmbeddedCatalog(api),
    dispose: () => session.dispose(),
  };
}
