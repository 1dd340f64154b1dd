/**
 * Picks the backend at start-up from the gateway's runtime configuration, so one client build
 * serves both. The Firebase adapter is imported dynamically: an embedded deployment never
 * downloads the Firebase SDK.
 */
import { API, APP_ERRORS, MovelabError, ZRuntimeConfig, type TRuntimeConfig } from '@movelab/shared';
import { createEmbeddedBackend, type TEmbeddedOptions } from './embedded';
import { createHttp } from './embedded/http';
import type { TBackend } from './port';

export type { TBackend } from './port';

export type TBackendOptions = Pick<TEmbeddedOptions, 'baseUrl' | 'fetch' | 'storage'>;

/** GET /api/config, validated; a bad answer is an error, never a guessed backend. */
export async function loadRuntimeConfig(options: Pick<TEmbeddedOptions, 'baseUrl' | 'fetch'> = {}): Promise<TRuntimeConfig> {
  const config = await createHttp(options).call('config');
  const parsed = ZRuntimeConfig.safeParse(config);
  if (!parsed.success) {
    throw new MovelabError(APP_ERRORS.internal, `Invalid runtime configuration from ${API.config.path}`, 502);
  }
  return parsed.data;
}

export async function createBackend(config: TRuntimeConfig, options: TBackendOptions = {}): Promise<TBackend> {
  if (config.backend === 'embedded') return createEmbeddedBackend(options);
  const { createFirebaseBackend } = await import('./firebase');
  return createFirebaseBackend(config.firebase, { gatewayBaseUrl: options.baseUrl ?? '' });
}
