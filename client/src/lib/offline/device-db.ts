/**
 * The app's IndexedDB database (idb): the query cache kept for offline starts and the outbox of
 * results waiting to be written. Opened once, lazily.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import type { TOutboxEntry } from './outbox-entry';

type TDeviceDb = DBSchema & {
  cache: { key: string; value: DehydratedState };
  outbox: { key: string; value: TOutboxEntry };
};

const DB_NAME = 'movelab-device';
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<TDeviceDb>> | null = null;

export function deviceDb(): Promise<IDBPDatabase<TDeviceDb>> {
  opened ??= openDB<TDeviceDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('cache');
      db.createObjectStore('outbox', { keyPath: 'id' });
    },
  });
  return opened;
}

export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}
