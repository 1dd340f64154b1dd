/**
 * Keeps the screen on until the returned function is called (a phone streaming its camera must
 * not sleep). The browser drops the lock whenever the page is hidden, so it is asked again on
 * return. Browsers without the Wake Lock API simply go without.
 */
export function keepScreenOn(): () => void {
  if (!('wakeLock' in navigator)) return () => undefined;
  let lock: WakeLockSentinel | null = null;
  let isActive = true;
  const acquire = () => {
    if (document.visibilityState !== 'visible') return;
    navigator.wakeLock.request('screen').then(
      (sentinel) => {
        if (isActive) lock = sentinel;
        else void sentinel.release();
      },
      () => {
        // Refused (battery saver, no user gesture yet): streaming goes on without it.
      },
    );
  };
  acquire();
  document.addEventListener('visibilitychange', acquire);
  return () => {
    isActive = false;
    document.removeEventListener('visibilitychange', acquire);
    void lock?.release();
  };
}
