/**
 * Hooks that tie a <video> to the pose worker: attach a camera stream or a video file, then
 * pump its frames through the model, drawing the skeleton and handing each pose on.
 */
import type { TPerspectiveView } from '@movelab/shared';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { drawSkeleton, paintOverlay } from './skeleton';
import { startFramePump, type TPumpClock } from './frame-pump';
import type { PoseEstimator, TPoseResult } from './pose-client';

/** 'remote': the phone's camera through a remote session (its stream belongs to the session). */
export type TVideoSource = { kind: 'camera' | 'remote'; stream: MediaStream } | { kind: 'file'; file: File };

/**
 * The phone camera as a source: a component the app passes in (the remote-camera feature) that
 * pairs a phone and hands over its stream, or null while there is none; `view` is the movement's
 * camera view, for the advice on the phone about where to stand it.
 */
export type TPhoneCamera = ComponentType<{ onStream: (stream: MediaStream | null) => void; view?: TPerspectiveView | null }>;

export type TVideoState = { isReady: boolean; hasEnded: boolean; error: string | null };

/** Plays the source in the video element (a file from the start, muted, once); `onEnded` when a file ends. */
export function useVideoSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: TVideoSource | null,
  isPlaying: boolean,
  onEnded?: () => void,
): TVideoState {
  const [state, setState] = useState<TVideoState>({ isReady: false, hasEnded: false, error: null });
  const endedHandler = useRef(onEnded);
  useEffect(() => {
    endedHandler.current = onEnded;
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    setState({ isReady: false, hasEnded: false, error: null });
    let url = '';
    if (source.kind !== 'file') video.srcObject = source.stream;
    else {
      url = URL.createObjectURL(source.file);
      video.src = url;
    }
    const onReady = () => setState((current) => ({ ...current, isReady: true }));
    const onEnded = () => {
      setState((current) => ({ ...current, hasEnded: true }));
      endedHandler.current?.();
    };
    const onError = () => setState((current) => ({ ...current, error: 'This video cannot be played in this browser' }));
    video.addEventListener('loadeddata', onReady);
    video.addEventListener('ended', onEnded);
    video.addEventListener('error', onError);
    return () => {
      video.removeEventListener('loadeddata', onReady);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('error', onError);
      video.pause();
      video.srcObject = null;
      video.removeAttribute('src');
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !state.isReady) return;
    if (isPlaying) video.play().catch(() => setState((current) => ({ ...current, error: 'The video could not start playing' })));
    else video.pause();
  }, [isPlaying, state.isReady, videoRef]);
  return state;
}

/** Runs the pose model on every picture the video shows while `isActive`. */
export function usePoseFeed(options: {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  estimator: PoseEstimator;
  clock: TPumpClock;
  isActive: boolean;
  onPose: (result: TPoseResult) => void;
  onError: (error: Error) => void;
}): void {
  const { videoRef, canvasRef, estimator, clock, isActive } = options;
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isActive) return;
    const pump = startFramePump(video, estimator, {
      clock,
      onPose: (result) => {
        paintOverlay(canvasRef.current, result.width, result.height, (context) => drawSkeleton(context, result.frame.keypoints));
        handlers.current.onPose(result);
      },
      onError: (error) => handlers.current.onError(error),
    });
    return () => pump.stop();
  }, [canvasRef, clock, estimator, isActive, videoRef]);
}
