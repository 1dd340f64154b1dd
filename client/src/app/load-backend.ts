import { createBackend, loadRuntimeConfig } from '@/lib/backend';
import type { TLoadBackend } from './provider';

/** The runtime configuration served by the gateway picks the backend (one build, two backends). */
export const loadBackendFromConfig: TLoadBackend = async () => createBackend(await loadRuntimeConfig());
