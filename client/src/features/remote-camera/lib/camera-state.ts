/**
 * The life of one camera connection (the phone's, or one camera as the desktop sees it), as a
 * pure reducer. An interrupted connection (ICE `disconnected`, a network change) is first
 * restarted in place (`peer-interrupted`: reconnecting, the same peer); a lost peer is replaced
 * by a new one over the same session: `reconnecting` counts those rebuilds and gives up after a
 * few in a row.
 */
import type { TSessionState } from '@movelab/shared';

export type TCameraPhase = 'idle' | 'joining' | 'connecting' | 'live' | 'reconnecting' | 'ended' | 'failed';
/** `retryAfterSeconds`: when a refusal that lifts by itself (too many wrong codes) lifts, as the gateway said. */
export type TCameraError = { code: string; message: string; retryAfterSeconds?: number };
export type TEndReason = 'stopped' | 'host-left' | 'expired' | 'closed';

export type TCameraState = {
  phase: TCameraPhase;
  /** New peers built in a row without reaching `live`. */
  attempts: number;
  error: TCameraError | null;
  endReason: TEndReason | null;
};

export type TCameraEvent =
  | { type: 'join' }
  | { type: 'joined' }
  | { type: 'peer-connected' }
  | { type: 'peer-interrupted' }
  | { type: 'peer-lost' }
  | { type: 'socket-lost' }
  | { type: 'ended'; reason: TEndReason }
  | { type: 'failed'; error: TCameraError };

export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_GAVE_UP = 'remote/reconnect-gave-up';

export const initialCameraState: TCameraState = { phase: 'idle', attempts: 0, error: null, endReason: null };

const isActive = (phase: TCameraPhase) => phase === 'joining' || phase === 'connecting' || phase === 'live' || phase === 'reconnecting';

export function cameraReducer(state: TCameraState, event: TCameraEvent): TCameraState {
  switch (event.type) {
    case 'join':
      // Starting again is allowed from rest only, never in the middle of a connection.
      if (isActive(state.phase)) return state;
      return { ...initialCameraState, phase: 'joining' };
    case 'joined':
      if (state.phase !== 'joining' && state.phase !== 'reconnecting') return state;
      return { ...state, phase: state.phase === 'joining' ? 'connecting' : 'reconnecting' };
    case 'peer-connected':
      if (!isActive(state.phase)) return state;
      return { ...state, phase: 'live', attempts: 0, error: null };
    case 'peer-interrupted':
      // The same peer is being restarted: no new attempt is counted.
      return state.phase === 'live' ? { ...state, phase: 'reconnecting' } : state;
    case 'peer-lost':
    case 'socket-lost': {
      if (state.phase !== 'live' && state.phase !== 'connecting' && state.phase !== 'reconnecting') return state;
      const attempts = state.attempts + 1;
      if (attempts > MAX_RECONNECT_ATTEMPTS) {
        return {
          ...state,
          phase: 'failed',
          attempts,
          error: { code: RECONNECT_GAVE_UP, message: 'The connection was lost and could not be restored.' },
        };
      }
      return { ...state, phase: 'reconnecting', attempts };
    }
    case 'ended':
      if (state.phase === 'ended') return state;
      return { ...state, phase: 'ended', endReason: event.reason };
    case 'failed':
      return { ...state, phase: 'failed', error: event.error };
  }
}

/** Whether a new peer should be built now (the connection is being recovered). */
export function shouldRebuildPeer(state: TCameraState): boolean {
  return state.phase === 'reconnecting';
}

/**
 * The session state a desktop shows from its cameras: ended when the session is; connected
 * when any camera is live; reconnecting when a camera that was connected is being recovered;
 * waiting otherwise.
 */
export function sessionStateOf(cameras: readonly TCameraState[], isEnded: boolean): TSessionState {
  if (isEnded) return 'ended';
  if (cameras.some((camera) => camera.phase === 'live')) return 'connected';
  if (cameras.some((camera) => camera.phase === 'reconnecting')) return 'reconnecting';
  return 'waiting';
}
