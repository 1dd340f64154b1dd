import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { errorText } from '@/lib/errors';
import { openCamera, stopStream } from '@/lib/pose/camera';
import { useVideoSource, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { isRunningPhase } from '../lib/step-machine';
import type { TPracticeMachine } from './use-practice-machine';

export type TStartKind = 'camera' | 'phone' | 'none';

/**
 * The practice's picture: this device's camera, the phone's (paired before the start, or again
 * after it dropped), or none. A phone dropping mid-practice pauses it until the phone is back or
 * this device's camera takes over.
 */
export function usePracticeCamera(machine: TPracticeMachine, videoRef: RefObject<HTMLVideoElement | null>, hasLivePhone: boolean) {
  const { state, begin, pauseFor, resumeAfter } = machine;
  const [ownStream, setOwnStream] = useState<MediaStream | null>(null);
  const [isRemote, setIsRemote] = useState(false);
  const [isPairingPhone, setIsPairingPhone] = useState(hasLivePhone);
  /** After the phone dropped mid-practice: its pairing panel is shown over the practice. */
  const [isReconnecting, setIsReconnecting] = useState(false);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  // The phone's picture while it streams; after a drop its last stream stays (frozen) until it is back or replaced.
  const stream = isRemote && phoneStream ? phoneStream : ownStream;
  const [cameraError, setCameraError] = useState<string | null>(null);
  const isFinished = state.phase === 'finished';
  const source = useMemo<TVideoSource | null>(() => (stream ? { kind: isRemote ? 'remote' : 'camera', stream } : null), [isRemote, stream]);
  const video = useVideoSource(videoRef, source, !isFinished);
  // The phone's camera went away mid-practice: paused, said plainly, until it is back or this device's camera takes over.
  const isPhoneLost = isRemote && isRunningPhase(state.phase) && phoneStream === null;
  useEffect(() => {
    if (!isPhoneLost || state.phase !== 'active' || state.isPaused) return;
    pauseFor('drop');
  }, [isPhoneLost, pauseFor, state.isPaused, state.phase]);
  // Back (a new connection brings a new stream): the practice goes on with it. A drop pause
  // exists only while the practice films with the phone, so no other state needs checking.
  const onPhoneStream = useCallback(
    (next: MediaStream | null) => {
      setPhoneStream(next);
      if (!next) return;
      setIsReconnecting(false);
      resumeAfter('drop');
    },
    [resumeAfter],
  );
  // This device's camera stops at the end and when the screen is left; the phone's stream
  // belongs to its remote session, which the phone panel ends.
  useEffect(() => () => (isRemote ? undefined : stopStream(stream)), [isRemote, stream]);

  const start = async (kind: TStartKind) => {
    setCameraError(null);
    if (kind === 'phone') {
      if (!phoneStream) return;
      setIsRemote(true);
      setOwnStream(phoneStream);
    } else if (kind === 'camera') {
      try {
        setOwnStream(await openCamera());
      } catch (error) {
        setCameraError(errorText(error));
        return;
      }
    }
    begin();
  };
  const continueWithThisCamera = async () => {
    setCameraError(null);
    try {
      const local = await openCamera();
      setIsRemote(false);
      setOwnStream(local);
      setIsReconnecting(false);
    } catch (error) {
      setCameraError(errorText(error));
      return;
    }
    resumeAfter('drop');
  };
  return {
    stream,
    isRemote,
    phoneStream,
    video,
    cameraError,
    setCameraError,
    isPhoneLost,
    isPairingPhone,
    pairPhone: () => setIsPairingPhone(true),
    isReconnectShown: isPhoneLost && isReconnecting,
    setIsReconnecting,
    onPhoneStream,
    start,
    continueWithThisCamera,
  };
}

export type TPracticeCamera = ReturnType<typeof usePracticeCamera>;
