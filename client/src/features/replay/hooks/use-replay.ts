import { analyseTake } from '@movelab/shared/movescore/index';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TReplayProps } from '@/lib/replay/take-video';
import { paintReplayFrame } from '../lib/draw-replay';
import { replayTimeline } from '../lib/replay-timeline';

/** The video stays on the device: the video element plays an object URL of the blob, revoked when the replay closes. */
function useBlobSource(videoRef: RefObject<HTMLVideoElement | null>, blob: Blob): void {
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const objectUrl = URL.createObjectURL(blob);
    element.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, videoRef]);
}

type TVideoSetters = {
  setNowS: (value: number) => void;
  setDurationS: (value: number | undefined) => void;
  setIsPlaying: (value: boolean) => void;
  setRate: (value: number) => void;
};

/** What the video element says of itself (its time, duration, playing and speed), drawn again after a seek. */
function useVideoEvents(
  videoRef: RefObject<HTMLVideoElement | null>,
  draw: () => void,
  { setNowS, setDurationS, setIsPlaying, setRate }: TVideoSetters,
) {
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const onSeeked = () => {
      setNowS(element.currentTime);
      draw();
    };
    const onMeta = () => setDurationS(Number.isFinite(element.duration) ? element.duration : undefined);
    const onPause = () => setIsPlaying(false);
    const events: Array<[string, () => void]> = [
      ['timeupdate', () => setNowS(element.currentTime)],
      ['seeked', onSeeked],
      ['loadeddata', onSeeked],
      ['loadedmetadata', onMeta],
      ['durationchange', onMeta],
      ['play', () => setIsPlaying(true)],
      ['pause', onPause],
      ['ended', onPause],
      ['ratechange', () => setRate(element.playbackRate)],
    ];
    for (const [name, handler] of events) element.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) element.removeEventListener(name, handler);
    };
  }, [draw, setDurationS, setIsPlaying, setNowS, setRate, videoRef]);
}

/**
 * The replay's state: the take's analysis and timeline, where the video is, whether it plays and
 * how fast, the ghost shown or not, the feedback line picked; the skeletons drawn over the video.
 */
export function useReplay({ reference, take, video }: TReplayProps) {
  const analysis = useMemo(() => analyseTake(reference, take), [reference, take]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useBlobSource(videoRef, video.blob);
  const [videoDurationS, setVideoDurationS] = useState<number | undefined>(undefined);
  const [nowS, setNowS] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [isGhostShown, setIsGhostShown] = useState(true);
  const [selectedLine, setSelectedLine] = useState<number | null>(null);
  const timeline = useMemo(() => replayTimeline(analysis, video.offsetMs, videoDurationS), [analysis, video.offsetMs, videoDurationS]);
  const line = selectedLine === null ? null : (timeline.lines[selectedLine] ?? null);

  const draw = useCallback(() => {
    const element = videoRef.current;
    const canvas = canvasRef.current;
    if (!element || !canvas) return;
    paintReplayFrame(element, canvas, { analysis, offsetMs: video.offsetMs, timeline, isGhostShown, line });
  }, [analysis, video.offsetMs, isGhostShown, line, timeline]);
  // Every frame while playing; once after a seek, a pause or a change of what is shown.
  useEffect(() => {
    draw();
    if (!isPlaying) return;
    let handle = requestAnimationFrame(function loop() {
      draw();
      handle = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(handle);
  }, [draw, isPlaying]);
  useVideoEvents(videoRef, draw, { setNowS, setDurationS: setVideoDurationS, setIsPlaying, setRate });

  const seek = (atS: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = Math.max(0, atS);
    setNowS(element.currentTime);
  };
  return {
    videoRef,
    canvasRef,
    timeline,
    nowS,
    isPlaying,
    rate,
    isGhostShown,
    setIsGhostShown,
    selectedLine,
    line,
    seek,
    togglePlay: () => {
      const element = videoRef.current;
      if (!element) return;
      if (element.paused) void element.play().catch(() => setIsPlaying(false));
      else element.pause();
    },
    changeRate: (next: number) => {
      const element = videoRef.current;
      if (element) element.playbackRate = next;
      setRate(next);
    },
    selectLine: (index: number) => {
      if (selectedLine === index) return setSelectedLine(null);
      setSelectedLine(index);
      const first = timeline.lines[index]?.moments[0];
      videoRef.current?.pause();
      if (first) seek(first.atS);
    },
  };
}

export type TReplay = ReturnType<typeof useReplay>;
