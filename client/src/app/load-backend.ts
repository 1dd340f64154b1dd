import { ZRuntimeConfig, type TRuntimeConfig } from '@movelab/shared';
import { createBackend, loadRuntimeConfig } from '@/lib/backend';
import { isNetworkFailure } from '@/lib/offline/online';
import type { TLoadBackend } from './provider';

const CONFIG_KEY = 'movelab.runtime-config';

/** The configuration last read from the gateway, for a start without a network. */
function storedConfig(): TRuntimeConfig | null {
  try {
    const parsed = ZRuntimeConfig.safeParse(JSON.parse(localStorage.getItem(CONFIG_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The runtime configuration served by the gateway picks the backend (one build, two backends).
 * Without a network, the one read last time is used, so an installed app starts offline.
 */
async function runtimeConfig(): Promise<TRuntimeConfig> {
  try {
    const config = await loadRuntimeConfig();
    localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
    return config;
  } catch (error) {
    const stored = isNetworkFailure(error) ? storedConfig() : null;
    if (!stored) throw error;
    return stored;
  }
}

export const loadBackendFromConfig: TLoadBackend = async () => createBackend(await runtimeConfig());
