/**
 * The outbox: results made on this device are kept in IndexedDB first and written from there,
 * so nothing is lost offline or when the tab closes. Each write has its client id, so a replay
 * after a lost answer stores it once. An entry is written only while its own account is
 * signed in: a result never goes to another account that signs in on the same device.
 */
import { APP_ERRORS, MovelabError, ZRetryAfter, isMovelabError } from '@movelab/shared';
import type { TBackend } from '@/lib/backend/port';
import { deviceDb, hasIndexedDb } from './device-db';
import { isBrowserOnline } from './online';
import type { TOutboxEntry, TOutboxWrite } from './outbox-entry';
import { pauseSaves, savesPausedSeconds } from './save-pauses';

const listeners = new Set<() => void>();
let snapshot: TOutboxEntry[] = [];

async function reload(): Promise<void> {
  const entries = await (await deviceDb()).getAll('outbox');
  snapshot = entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const listener of [...listeners]) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  if (hasIndexedDb()) void reload();
  return () => listeners.delete(listener);
}

export const outboxSnapshot = (): TOutboxEntry[] => snapshot;

function perform(backend: TBackend, uid: string, write: TOutboxWrite): Promise<unknown> {
  switch (write.op) {
    case 'createVideoAnalysis':
      return backend.users.createVideoAnalysis(uid, write.entry);
    case 'createRoutineCompletion':
      return backend.catalog.createRoutineCompletion(write.input);
    case 'createUserStatSession':
      return backend.catalog.createUserStatSession(write.input);
  }
}

/**
 * How long the server asked an account to save nothing more (429: too many results in a short
 * time). The results stay in the outbox and nothing is sent for that account before then; its
 * writes are tried again when its own pause ends (`save-pauses.ts`).
 * A 429 without the gateway's `retryAfterSeconds` (Firestore's resource-exhausted) waits this long. */
const DEFAULT_PAUSE_MS = 60_000;

function pauseOf(error: unknown): number | null {
  if (!isMovelabError(error) || (error.status !== 429 && error.code !== APP_ERRORS.rateLimited)) return null;
  const retry = ZRetryAfter.safeParse(error.details);
  return retry.success ? retry.data.retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS;
}

/** A definite refusal of the request itself: sending it again would be refused again. */
function isRefusedForGood(error: unknown): boolean {
  if (!isMovelabError(error) || error.code.startsWith('auth/')) return false;
  return error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);
}

async function writeEntries(backend: TBackend): Promise<void> {
  const db = await deviceDb();
  const uid = backend.identity.currentUser()?.uid;
  if (savesPausedSeconds(uid) > 0) return;
  const entries = (await db.getAll('outbox'))
    .filter((entry) => !entry.failure && entry.uid === uid)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (entries.length === 0) return;
  try {
    // A sign-in ended while offline signs out here, before anything is written with its token.
    await backend.identity.verifySignIn();
  } catch {
    return;
  }
  for (const entry of entries) {
    if (backend.identity.currentUser()?.uid !== entry.uid) continue;
    try {
      for (const write of entry.writes) {
        // The account may change while the outbox is being written.
        if (backend.identity.currentUser()?.uid !== entry.uid) return;
        await perform(backend, entry.uid, write);
      }
      await db.delete('outbox', entry.id);
    } catch (error) {
      const pauseMs = pauseOf(error);
      if (pauseMs !== null) pauseSaves(entry.uid, pauseMs, () => void flushOutbox(backend));
      if (!isRefusedForGood(error)) return;
      await db.put('outbox', { ...entry, failure: error instanceof Error ? error.message : String(error) });
    }
  }
}

let running: Promise<void> | null = null;
let isAgainWanted = false;

/** Writes what waits for the signed-in account; a call during a run makes it go round once more. */
export function flushOutbox(backend: TBackend): Promise<void> {
  if (!hasIndexedDb() || !isBrowserOnline()) return Promise.resolve();
  if (running) {
    isAgainWanted = true;
    return running;
  }
  running = (async () => {
    do {
      isAgainWanted = false;
      await writeEntries(backend);
    } while (isAgainWanted);
  })().finally(() => {
    running = null;
    void reload();
  });
  return running;
}

export type TSaveOutcome = 'saved' | 'waiting' | 'paused';

/**
 * Keeps the result on the device, then tries to write it: 'saved' once written, 'waiting'
 * while offline or the server cannot be reached, 'paused' while the server asks this account
 * to wait (too many results in a short time; `savesPausedSeconds`); a refusal throws, so the
 * screen can say so.
 */
export async function saveThroughOutbox(backend: TBackend, entry: TOutboxEntry): Promise<TSaveOutcome> {
  if (!hasIndexedDb()) {
    for (const write of entry.writes) await perform(backend, entry.uid, write);
    return 'saved';
  }
  const db = await deviceDb();
  // A retry of the same result puts the same entry (same ids) again: still one result.
  await db.put('outbox', { ...entry, failure: undefined });
  await reload();
  await flushOutbox(backend);
  const left = await db.get('outbox', entry.id);
  if (!left) return 'saved';
  if (left.failure) throw new MovelabError(APP_ERRORS.badRequest, left.failure, 400);
  return savesPausedSeconds(entry.uid) > 0 ? 'paused' : 'waiting';
}

/** Forgets a result the server refused for good. */
export async function discardOutboxEntry(id: string): Promise<void> {
  await (await deviceDb()).delete('outbox', id);
  await reload();
}
