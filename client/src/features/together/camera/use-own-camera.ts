/**
 * The member's own picture: this device's camera, opened as the group screen opens (Try again
 * after a refusal), or their phone's through Remote Cam once paired. The stream plays in the
 * video element and never leaves the device; this device's camera stops when it is left.
 */
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { errorText } from '@/lib/errors';
import { openCamera, stopStream } from '@/lib/pose/camera';
import { useVideoSource, type TVideoSource } from '@/lib/pose/use-pose-feed';

export type TCameraChoice = 'device' | 'phone';

export function useOwnCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const [choice, setChoice] = useState<TCameraChoice>('device');
  const [ownStream, setOwnStream] = useState<MediaStream | null>(null);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [isPairing, setIsPairing] = useState(false);

  useEffect(() => {
    if (choice !== 'device') return;
    let isCurrent = true;
    let opened: MediaStream | null = null;
    openCamera()
      .then((stream) => {
        if (!isCurrent) return stopStream(stream);
        opened = stream;
        setOwnStream(stream);
      })
      .catch((reason: unknown) => isCurrent && setError(errorText(reason)));
    return () => {
      isCurrent = false;
      stopStream(opened);
      setOwnStream(null);
    };
  }, [choice, attempt]);

  const stream = choice === 'phone' ? phoneStream : ownStream;
  const source = useMemo<TVideoSource | null>(() => (stream ? { kind: choice === 'phone' ? 'remote' : 'camera', stream } : null), [choice, stream]);
  const video = useVideoSource(videoRef, source, true);

  const chooseDevice = useCallback(() => {
    setError(null);
    setChoice('device');
    setAttempt((value) => value + 1);
  }, []);
  return {
    choice,
    stream,
    phoneStream,
    /** The phone's camera was chosen and its stream is gone (the phone dropped): its pairing shows again. */
    isPhoneLost: choice === 'phone' && phoneStream === null,
    isOpening: choice === 'device' && !ownStream && !error,
    error: error ?? video.error,
    setError,
    video,
    /** Opens this device's camera again (after a refusal, or instead of the phone). */
    retry: chooseDevice,
    choosePhone: () => {
      setError(null);
      setChoice('phone');
    },
    isPairing,
    pairPhone: () => setIsPairing(true),
    onPhoneStream: setPhoneStream,
  };
}

export type TOwnCamera = ReturnType<typeof useOwnCamera>;
