import { formPartsOutOfView, LiveRepCounter, partsOutOfView, shoulderSpread, type TReference } from '@movelab/shared/movescore/index';
import { useEffect, useRef, useState } from 'react';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import { stopStream } from '@/lib/pose/camera';
import { TakeRecorder } from '@/lib/pose/take-recorder';
import { StreamRecording, type TReplayProps } from '@/lib/replay/take-video';
import { holdHint, NO_HINT } from '@/lib/pose/hint-hold';
import type { TPracticeMachine } from './use-practice-machine';

/** The out-of-view hint of a step, steadied so it can be read (see hint-hold). */
export type THint = { index: number; text: string | null };

type TSetsOptions = {
  machine: Pick<TPracticeMachine, 'state' | 'dispatch'>;
  coach: TSessionCoach;
  /** The current step's reference: null when the camera does not count its movement. */
  reference: TReference | null;
  stream: MediaStream | null;
  isRemote: boolean;
  /** A replay is offered: each set's video is recorded. */
  canReplay: boolean;
};

/**
 * The camera's reading of each set: the reps counted from the poses (each step from zero), the
 * coach fed, the hint, and the set under way kept on this device (its poses and its video) for
 * the replay of the last set.
 */
export function usePracticeSets({ machine: { state, dispatch }, coach, reference, stream, isRemote, canReplay }: TSetsOptions) {
  const hintHold = useRef(NO_HINT);
  const [hint, setHint] = useState<THint>({ index: 0, text: null });
  const counter = useRef<{ index: number; counter: LiveRepCounter } | null>(null);
  const currentSet = useRef<{ reference: TReference; recorder: TakeRecorder; recording: StreamRecording | null } | null>(null);
  const [lastSet, setLastSet] = useState<TReplayProps | null>(null);
  const isFinished = state.phase === 'finished';

  // Each step starts without the last step's hint.
  useEffect(() => {
    hintHold.current = NO_HINT;
  }, [state.index]);

  /** The set under way becomes the last set (its video once the recording has stopped); resolves once it has. */
  const closeSet = async (): Promise<void> => {
    const set = currentSet.current;
    currentSet.current = null;
    const take = set?.recorder.toTake();
    if (!set || !take || !set.recording) return;
    const offsetMs = set.recorder.videoOffsetMs(set.recording.startedAt);
    const blob = await set.recording.stop();
    if (blob) setLastSet({ reference: set.reference, take, video: { blob, offsetMs, isMirrored: !isRemote }, title: 'Replay of the last set' });
  };

  useEffect(() => {
    if (!isFinished) return;
    // The camera stops once the last set's recording has its video: stopped first, a short set could lose it.
    const closed = closeSet();
    if (!isRemote) void closed.then(() => stopStream(stream));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- closing the set reads refs; only the end matters
  }, [isFinished, isRemote, stream]);

  const onPose = (result: TPoseResult) => {
    if (state.phase !== 'active') return;
    const outOfView = partsOutOfView(result.frame, { width: result.width, height: result.height });
    coach.frame(result.frame.t, outOfView, shoulderSpread(result.frame), reference ? formPartsOutOfView(reference, outOfView) : []);
    if (state.isPaused || !reference) return;
    if (counter.current?.index !== state.index) {
      counter.current = { index: state.index, counter: new LiveRepCounter(reference, { width: result.width, height: result.height }) };
      void closeSet();
      currentSet.current = { reference, recorder: new TakeRecorder(), recording: canReplay && stream ? new StreamRecording(stream) : null };
    }
    currentSet.current?.recorder.add(result);
    const update = counter.current.counter.push(result.frame);
    if (update.count > state.reps) {
      dispatch({ type: 'reps', count: update.count, ...(update.rep ? { score: update.rep.score } : {}) });
      coach.count(update.count, update.rep);
    }
    hintHold.current = holdHint(hintHold.current, update.hint, result.frame.t);
    setHint({ index: state.index, text: hintHold.current.shown });
  };
  return { onPose, hint, lastSet };
}
