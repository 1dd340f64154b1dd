/**
 * What the phone's camera page shows, and its listeners: the connection's state (the pure
 * reducer of camera-state.ts), the preview, the session joined and the placement advice. The
 * screen is kept on while the camera connects or streams.
 */
import type { TPerspectiveView, TSessionJoined } from '@movelab/shared/remote-session';
import { cameraReducer, initialCameraState, type TCameraEvent, type TCameraPhase, type TCameraState } from './camera-state';
import { keepScreenOn } from './wake-lock';

/** What a view shows; a new object on every change. */
export type TPhoneCameraView = {
  state: TCameraState;
  preview: MediaStream | null;
  joined: TSessionJoined | null;
  /** The view of the movement the desktop will film (`session:perspective`), for the placement advice; null until it chooses one. */
  placement: TPerspectiveView | null;
};

export type TPhoneStore = {
  getView: () => TPhoneCameraView;
  phase: () => TCameraPhase;
  /** `listener` runs after every change of the view; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  update: (patch: Partial<TPhoneCameraView>) => void;
  /** Moves the state on; returns the state after `event`. */
  dispatch: (event: TCameraEvent) => TCameraState;
  /** Lets the screen sleep again (the page is being left). */
  releaseScreen: () => void;
};

const keepsScreenOn = (state: TCameraState) => state.phase === 'live' || state.phase === 'reconnecting' || state.phase === 'connecting';

export function createPhoneStore(): TPhoneStore {
  let view: TPhoneCameraView = { state: initialCameraState, preview: null, joined: null, placement: null };
  const listeners = new Set<() => void>();
  let releaseScreen: (() => void) | null = null;

  const update = (patch: Partial<TPhoneCameraView>) => {
    view = { ...view, ...patch };
    if (keepsScreenOn(view.state) && !releaseScreen) releaseScreen = keepScreenOn();
    if (!keepsScreenOn(view.state) && releaseScreen) {
      releaseScreen();
      releaseScreen = null;
    }
    for (const listener of listeners) listener();
  };

  return {
    getView: () => view,
    phase: () => view.state.phase,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    dispatch: (event) => {
      const next = cameraReducer(view.state, event);
      if (next !== view.state) update({ state: next });
      return next;
    },
    releaseScreen: () => {
      releaseScreen?.();
      releaseScreen = null;
    },
  };
}
