/** The sync feature's public surface for the app: the offline sync status. */
export { SyncStatus } from './components/sync-status';
