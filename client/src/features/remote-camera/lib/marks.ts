/**
 * Timing marks of a remote camera pairing (`performance.mark`, always on: a mark costs well
 * under a microsecond). scripts/bench-remote.ts reads them from both pages to print where the
 * time to the first frame goes. Each name is marked once per page load; repeats are ignored so
 * a rebuilt peer does not blur the first pairing's figures.
 */
export type TRemoteMark =
  | 'phone:page-ready'
  | 'phone:socket-connected'
  | 'phone:start'
  | 'phone:camera-open'
  | 'phone:joined'
  | 'phone:offer-sent'
  | 'phone:answer-received'
  | 'phone:ice-connected'
  | 'phone:peer-connected'
  | 'desktop:camera-joined'
  | 'desktop:signal-arrived'
  | 'desktop:offer-received'
  | 'desktop:answer-sent'
  | 'desktop:ice-connected'
  | 'desktop:peer-connected'
  | 'desktop:first-frame'
  | 'phone:ice-restart'
  | 'desktop:ice-restart';

export const MARK_PREFIX = 'remote:';

export function markRemote(name: TRemoteMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const full = `${MARK_PREFIX}${name}`;
  if (performance.getEntriesByName(full, 'mark').length > 0) return;
  performance.mark(full);
}
