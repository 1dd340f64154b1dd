/**
 * The countdown's window-event API (spec §2/§4): any screen starts the always-mounted overlay
 * with `startCountdown` and waits for it to reach zero, without importing the overlay.
 */
import { COUNTDOWN_EVENTS, type TCountdownDetail } from '@movelab/shared';

export type TCountdownInput = Omit<TCountdownDetail, 'subtextToDisplay'> & { subtextToDisplay?: string };

/** Shows the overlay; resolves when it reaches zero (the next end event). */
export function startCountdown(detail: TCountdownInput, target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    target.addEventListener(COUNTDOWN_EVENTS.end, () => resolve(), { once: true });
    target.dispatchEvent(
      new CustomEvent<TCountdownDetail>(COUNTDOWN_EVENTS.start, {
        detail: { subtextToDisplay: '', ...detail },
      }),
    );
  });
}
