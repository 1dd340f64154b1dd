/**
 * The app's IndexedDB database (idb): the query cache kept for offline starts, the outbox of
 * results waiting to be written, and the replays kept for saved results. Opened once, lazily.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import type { TKeptReplay } from '@/lib/replay/take-video';
import type { TOutboxEntry } from './outbox-entry';

type TDeviceDb = DBSchema & {
  cache: { key: string; value: DehydratedState };
  outbox: { key: string; value: TOutboxEntry };
  replays: { key: string; value: TKeptReplay; indexes: { keptAt: string } };
};

const DB_NAME = 'movelab-device';
const DB_VERSION = 2;

let opened: Promise<IDBPDatabase<TDeviceDb>> | null = null;

export function deviceDb(): Promise<IDBPDatabase<TDeviceDb>> {
  opened ??= openDB<TDeviceDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('cache');
        db.createObjectStore('outbox', { keyPath: 'id' });
      }
      if (oldVersion < 2) db.createObjectStore('replays', { keyPath: 'key' }).createIndex('keptAt', 'keptAt');
    },
  });
  return opened;
}

export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}
