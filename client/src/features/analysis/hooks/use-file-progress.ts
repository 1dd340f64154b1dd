import { useEffect, useState, type RefObject } from 'react';
import { fileProgress, type TFileProgress } from '../lib/file-progress';

const START: TFileProgress = { percent: 0, secondsLeft: null };

/**
 * The progress of the file playing in `videoRef` while `isActive`: the share of its duration
 * played (the poses follow the playback) and the time left at the pace since it started.
 * Null when the file does not say its duration.
 */
export function useFileProgress(videoRef: RefObject<HTMLVideoElement | null>, isActive: boolean): TFileProgress | null {
  const [progress, setProgress] = useState<TFileProgress | null>(START);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isActive) return;
    const startedAt = performance.now();
    setProgress(START);
    const update = () => {
      const { duration, currentTime } = video;
      setProgress(Number.isFinite(duration) && duration > 0 ? fileProgress(performance.now() - startedAt, currentTime / duration) : null);
    };
    video.addEventListener('timeupdate', update);
    return () => video.removeEventListener('timeupdate', update);
  }, [isActive, videoRef]);
  return progress;
}
