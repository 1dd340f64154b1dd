import { useRef, useState } from 'react';
import type { TakeRecorder } from '@/lib/pose/take-recorder';
import type { TVideoSource } from '@/lib/pose/use-pose-feed';
import { StreamRecording, type TTakeVideo } from '@/lib/replay/take-video';

/**
 * The take's video, kept on this device for the replay: the file itself, or a recording of the
 * live picture (only when there is a replay player to show it).
 */
export function useTakeVideo(hasReplay: boolean) {
  const recording = useRef<StreamRecording | null>(null);
  const [takeVideo, setTakeVideo] = useState<TTakeVideo | null>(null);
  /** Drops the last take's video; a live picture starts recording. */
  const start = (source: TVideoSource | null) => {
    setTakeVideo(null);
    void recording.current?.stop();
    recording.current = source && source.kind !== 'file' && hasReplay ? new StreamRecording(source.stream) : null;
  };
  /** The take is over: its video, lined up with its poses, is kept. */
  const keep = (source: TVideoSource, recorder: TakeRecorder) => {
    if (source.kind === 'file') {
      setTakeVideo({ blob: source.file, offsetMs: recorder.videoOffsetMs(null), isMirrored: false });
      return;
    }
    const live = recording.current;
    recording.current = null;
    if (!live) return;
    const offsetMs = recorder.videoOffsetMs(live.startedAt);
    void live.stop().then((blob) => (blob ? setTakeVideo({ blob, offsetMs, isMirrored: source.kind === 'camera' }) : undefined));
  };
  const clear = () => {
    void recording.current?.stop();
    recording.current = null;
    setTakeVideo(null);
  };
  return { takeVideo, start, keep, clear };
}
