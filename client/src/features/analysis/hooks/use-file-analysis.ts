/**
 * An uploaded file's analysis on the analysis screen: decoded and analysed on every core, faster
 * than it plays (`analyseFile`), with its progress as it goes, and the frame just analysed with
 * its skeleton drawn over the paused video about twice a second. Where the browser cannot decode the file
 * itself, `mode` turns to 'play' without a word to the user: the screen then plays it and
 * analyses it as it plays, as before.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { analyseFile, canDecodeFiles, FileDecodeUnsupported } from '@/lib/pose/file-analysis';
import { sharedPosePool, type TPoseResult } from '@/lib/pose/pose-client';
import { drawSkeleton, paintOverlay } from '@/lib/pose/skeleton';
import { fileProgress, type TFileProgress } from '../lib/file-progress';

export type TFileMode = 'decode' | 'play';

/** How often the picture beside the progress moves to the frame just analysed. */
const PREVIEW_MS = 500;

export function useFileAnalysis(options: {
  file: File | null;
  /** Frames a second at most. */
  fps: number;
  isActive: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  onPose: (result: TPoseResult) => void;
  onDone: () => void;
  onError: (message: string) => void;
}): { mode: TFileMode; progress: TFileProgress | null } {
  const { file, fps, isActive, videoRef, canvasRef } = options;
  // The file this browser could not decode itself (another file is tried again).
  const [undecodable, setUndecodable] = useState<File | null>(null);
  const mode: TFileMode = canDecodeFiles() && (!file || file !== undecodable) ? 'decode' : 'play';
  // The progress of the run under way (a new file, or the same file again, starts from nothing).
  const [progressOf, setProgressOf] = useState<{ run: object; progress: TFileProgress } | null>(null);
  const [run, setRun] = useState<object | null>(null);
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });

  useEffect(() => {
    if (!file || !isActive || mode !== 'decode') return;
    const abort = new AbortController();
    const startedAt = performance.now();
    const thisRun = {};
    let shownAt = Number.NEGATIVE_INFINITY;
    const preview = (result: TPoseResult, picture: VideoFrame | null) => {
      const now = performance.now();
      if (picture) {
        shownAt = now;
        paintOverlay(canvasRef.current, result.width, result.height, (context) => {
          drawSkeleton(context, result.frame.keypoints);
          // The analysed picture under the skeleton, over the paused video.
          context.globalCompositeOperation = 'destination-over';
          context.drawImage(picture, 0, 0, result.width, result.height);
          context.globalCompositeOperation = 'source-over';
        });
        picture.close();
        return;
      }
      if (now - shownAt < 2 * PREVIEW_MS) return;
      // A file drawn upright from a rotated track comes without pictures: the paused video moves to the frame instead.
      shownAt = now;
      const video = videoRef.current;
      if (video && video.readyState >= 1) video.currentTime = result.frame.t / 1000;
      paintOverlay(canvasRef.current, result.width, result.height, (context) => drawSkeleton(context, result.frame.keypoints));
    };
    void (async () => {
      try {
        const pool = await sharedPosePool();
        if (abort.signal.aborted) return;
        setRun(thisRun);
        await analyseFile(file, pool, {
          signal: abort.signal,
          fps,
          pictureEveryMs: PREVIEW_MS,
          onPose: (result, picture) => {
            if (abort.signal.aborted) {
              picture?.close();
              return;
            }
            preview(result, picture);
            handlers.current.onPose(result);
          },
          onProgress: (share) => !abort.signal.aborted && setProgressOf({ run: thisRun, progress: fileProgress(performance.now() - startedAt, share) }),
        });
        if (!abort.signal.aborted) handlers.current.onDone();
      } catch (failure) {
        if (abort.signal.aborted) return;
        if (failure instanceof FileDecodeUnsupported) setUndecodable(file);
        else handlers.current.onError(failure instanceof Error ? failure.message : String(failure));
      }
    })();
    // The same canvas all along (the stage never remounts): cleared for whatever the screen shows next.
    const canvas = canvasRef.current;
    return () => {
      abort.abort();
      canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [file, fps, isActive, mode, videoRef, canvasRef]);

  const progress = progressOf && progressOf.run === run ? progressOf.progress : fileProgress(0, 0);
  return { mode, progress: mode === 'decode' ? progress : null };
}
