/**
 * Replays kept on this device after the screen that made them is left: the filmed set of a saved
 * result (its poses, its reference and its video) under the result's history item, so the
 * history's details can replay it. IndexedDB only, never uploaded; the newest few are kept, a
 * deleted item's goes with it.
 */
import type { THistoryItemKind } from '@movelab/shared';
import { useEffect, useState } from 'react';
import { deviceDb, hasIndexedDb } from '@/lib/offline/device-db';
import { useAppStore } from '@/stores/app-store';
import type { TReplayProps } from './take-video';

/** Videos are large: only the newest recordings stay on the device. */
export const KEPT_REPLAYS_MAX = 10;

const keyOf = (uid: string, kind: THistoryItemKind, id: string) => `${uid}/${kind}/${id}`;

/** Keeps the replay of one of the user's results, dropping the oldest past `KEPT_REPLAYS_MAX`. */
export async function keepReplay(uid: string, kind: THistoryItemKind, id: string, replay: TReplayProps): Promise<void> {
  if (!hasIndexedDb()) return;
  const db = await deviceDb();
  const transaction = db.transaction('replays', 'readwrite');
  await transaction.store.put({ key: keyOf(uid, kind, id), uid, keptAt: new Date().toISOString(), replay });
  let excess = (await transaction.store.count()) - KEPT_REPLAYS_MAX;
  let cursor = await transaction.store.index('keptAt').openCursor();
  while (cursor && excess > 0) {
    await cursor.delete();
    excess -= 1;
    cursor = await cursor.continue();
  }
  await transaction.done;
}

/** The replay kept on this device under one key, or null. */
async function keptReplayAt(key: string): Promise<TReplayProps | null> {
  if (!hasIndexedDb()) return null;
  const kept = await (await deviceDb()).get('replays', key);
  return kept?.replay ?? null;
}

export async function forgetReplay(uid: string, kind: THistoryItemKind, id: string): Promise<void> {
  if (!hasIndexedDb()) return;
  await (await deviceDb()).delete('replays', keyOf(uid, kind, id));
}

/**
 * Forgets every replay kept for this user, at sign-out and account deletion: on a shared
 * computer a person's videos must not stay behind for whoever signs in next. Keying by user
 * alone would hide them from the next user's screens, not from the browser's storage.
 */
export async function forgetUserReplays(uid: string): Promise<void> {
  if (!hasIndexedDb()) return;
  const transaction = (await deviceDb()).transaction('replays', 'readwrite');
  let cursor = await transaction.store.openCursor();
  while (cursor) {
    if (cursor.value.uid === uid) await cursor.delete();
    cursor = await cursor.continue();
  }
  await transaction.done;
}

/** Keeps a result's replay on this device for the signed-in user once both are known (a failure only means it is not kept). */
export function useKeepReplay(kind: THistoryItemKind, id: string, replay: TReplayProps | null): void {
  const uid = useAppStore((store) => store.currentUser?.uid ?? null);
  useEffect(() => {
    if (uid && replay) void keepReplay(uid, kind, id, replay).catch(() => undefined);
  }, [uid, kind, id, replay]);
}

/** The replay kept on this device for one of the user's results: undefined while it is read, null when there is none. */
export function useKeptReplay(uid: string, kind: THistoryItemKind, id: string): TReplayProps | null | undefined {
  const key = keyOf(uid, kind, id);
  const [kept, setKept] = useState<{ key: string; replay: TReplayProps | null } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void keptReplayAt(key)
      .catch(() => null)
      .then((replay) => {
        if (isCurrent) setKept({ key, replay });
      });
    return () => {
      isCurrent = false;
    };
  }, [key]);
  return kept?.key === key ? kept.replay : undefined;
}
