/**
 * Steadies the out-of-view hint over the camera: a hint shows once it has held for SHOW_AFTER_MS
 * (a joint lost for a frame or two says nothing) and stays at least HOLD_MS once shown, so it
 * can be read instead of flashing. Pure: time comes in with each frame.
 */
export const SHOW_AFTER_MS = 600;
export const HOLD_MS = 2_500;

export type THintHold = {
  /** What is on screen, and since when. */
  shown: string | null;
  shownAt: number;
  /** The latest hint from the camera, and since when it has been the same. */
  pending: string | null;
  pendingSince: number;
};

export const NO_HINT: THintHold = { shown: null, shownAt: 0, pending: null, pendingSince: 0 };

export function holdHint(hold: THintHold, hint: string | null, t: number): THintHold {
  const pending = hint === hold.pending ? hold : { ...hold, pending: hint, pendingSince: t };
  if (pending.pending === pending.shown) return pending;
  const isHeldLongEnough = pending.shown === null || t - pending.shownAt >= HOLD_MS;
  const isSteady = pending.pending === null || t - pending.pendingSince >= SHOW_AFTER_MS;
  if (!isHeldLongEnough || !isSteady) return pending;
  return { ...pending, shown: pending.pending, shownAt: t };
}
