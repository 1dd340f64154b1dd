import { useEffect, useRef } from 'react';
import { streamVideoClasses } from '../lib/phone-view';

type TStreamVideoProps = { stream: MediaStream | null; label: string; isMirrored?: boolean; onFirstFrame?: () => void };

/** A muted, inline, autoplaying <video> bound to a MediaStream (phones refuse autoplay otherwise). */
export function StreamVideo({ stream, label, isMirrored = false, onFirstFrame }: TStreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // Autoplay may be refused until a tap; the `autoPlay` attribute retries when allowed.
    if (stream) void Promise.resolve().then(() => video.play()).catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const video = ref.current;
    if (!video || !stream || !onFirstFrame) return;
    // The first decoded frame of this stream (requestVideoFrameCallback where the browser has it).
    if ('requestVideoFrameCallback' in video) {
      const handle = video.requestVideoFrameCallback(() => onFirstFrame());
      return () => video.cancelVideoFrameCallback(handle);
    }
    const onData = () => onFirstFrame();
    (video as HTMLVideoElement).addEventListener('loadeddata', onData, { once: true });
    return () => (video as HTMLVideoElement).removeEventListener('loadeddata', onData);
  }, [onFirstFrame, stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      muted
      playsInline
      autoPlay
      className={streamVideoClasses(isMirrored)}
    />
  );
}
