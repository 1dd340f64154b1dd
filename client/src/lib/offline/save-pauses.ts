/**
 * Accounts whose saves the server paused (429: too many results in a short time), each with its
 * own end: a pause of one account never moves or cancels another's, so every paused account is
 * tried again when its own pause ends, even after others were paused on the same device.
 */
type TPause = { until: number; timer: ReturnType<typeof setTimeout> };

const pauses = new Map<string, TPause>();

/** Seconds before `uid`'s results may be saved again; 0 when its saves are not paused. */
export function savesPausedSeconds(uid: string | null | undefined): number {
  const until = uid ? (pauses.get(uid)?.until ?? 0) : 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Pauses `uid`'s saves for `ms`, replacing a pause it had; `onEnd` runs once when it ends. */
export function pauseSaves(uid: string, ms: number, onEnd: () => void): void {
  const before = pauses.get(uid);
  if (before) clearTimeout(before.timer);
  const timer = setTimeout(() => {
    pauses.delete(uid);
    onEnd();
  }, ms);
  pauses.set(uid, { until: Date.now() + ms, timer });
}
