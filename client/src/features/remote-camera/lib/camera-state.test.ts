import { describe, expect, it } from 'vitest';
import {
  cameraReducer,
  initialCameraState,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_GAVE_UP,
  sessionStateOf,
  shouldRebuildPeer,
  type TCameraEvent,
  type TCameraState,
} from './camera-state';

const run = (events: TCameraEvent[], from: TCameraState = initialCameraState) => events.reduce(cameraReducer, from);
const live = run([{ type: 'join' }, { type: 'joined' }, { type: 'peer-connected' }]);

describe('a camera connection', () => {
  it('goes idle -> joining -> connecting -> live', () => {
    expect(run([{ type: 'join' }]).phase).toBe('joining');
    expect(run([{ type: 'join' }, { type: 'joined' }]).phase).toBe('connecting');
    expect(live).toMatchObject({ phase: 'live', attempts: 0, error: null });
  });

  it('shows an interrupted connection as reconnecting without counting a rebuild, and live again once restored', () => {
    const interrupted = cameraReducer(live, { type: 'peer-interrupted' });
    expect(interrupted).toMatchObject({ phase: 'reconnecting', attempts: 0 });
    expect(cameraReducer(interrupted, { type: 'peer-connected' })).toMatchObject({ phase: 'live', attempts: 0 });
    // Before the first connection there is nothing to restart.
    const connecting = run([{ type: 'join' }, { type: 'joined' }]);
    expect(cameraReducer(connecting, { type: 'peer-interrupted' })).toBe(connecting);
  });

  it('recovers a lost peer with a new one and resets the count once live again', () => {
    const lost = cameraReducer(live, { type: 'peer-lost' });
    expect(lost).toMatchObject({ phase: 'reconnecting', attempts: 1 });
    expect(shouldRebuildPeer(lost)).toBe(true);
    const lostAgain = cameraReducer(lost, { type: 'socket-lost' });
    expect(lostAgain.attempts).toBe(2);
    // A rejoin while recovering keeps recovering until the new peer connects.
    expect(cameraReducer(lostAgain, { type: 'joined' }).phase).toBe('reconnecting');
    expect(cameraReducer(lostAgain, { type: 'peer-connected' })).toMatchObject({ phase: 'live', attempts: 0 });
  });

  it('gives up after too many losses in a row', () => {
    const events: TCameraEvent[] = Array.from({ length: MAX_RECONNECT_ATTEMPTS + 1 }, () => ({ type: 'peer-lost' }));
    const state = run(events, live);
    expect(state.phase).toBe('failed');
    expect(state.error?.code).toBe(RECONNECT_GAVE_UP);
    expect(shouldRebuildPeer(state)).toBe(false);
  });

  it('ignores a second join while active, and losses before joining', () => {
    expect(cameraReducer(live, { type: 'join' })).toBe(live);
    expect(cameraReducer(initialCameraState, { type: 'peer-lost' })).toBe(initialCameraState);
    expect(cameraReducer(initialCameraState, { type: 'peer-connected' })).toBe(initialCameraState);
  });

  it('ends with its reason and can start again afterwards', () => {
    const ended = cameraReducer(live, { type: 'ended', reason: 'host-left' });
    expect(ended).toMatchObject({ phase: 'ended', endReason: 'host-left' });
    expect(cameraReducer(ended, { type: 'peer-lost' })).toBe(ended);
    expect(cameraReducer(ended, { type: 'join' })).toMatchObject({ phase: 'joining', endReason: null });
  });

  it('keeps the refusal of a failed join', () => {
    const failed = run([{ type: 'join' }, { type: 'failed', error: { code: 'socket/invalid-code', message: 'no' } }]);
    expect(failed).toMatchObject({ phase: 'failed', error: { code: 'socket/invalid-code' } });
    expect(cameraReducer(failed, { type: 'join' })).toMatchObject({ phase: 'joining', error: null });
  });
});

describe('the session state a desktop shows', () => {
  const reconnecting = cameraReducer(live, { type: 'peer-lost' });
  const connecting = run([{ type: 'join' }, { type: 'joined' }]);

  it('follows its cameras', () => {
    expect(sessionStateOf([], false)).toBe('waiting');
    expect(sessionStateOf([connecting], false)).toBe('waiting');
    expect(sessionStateOf([reconnecting], false)).toBe('reconnecting');
    expect(sessionStateOf([reconnecting, live], false)).toBe('connected');
    expect(sessionStateOf([live], true)).toBe('ended');
  });
});
