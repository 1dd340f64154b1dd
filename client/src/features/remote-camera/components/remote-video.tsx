import { useEffect, useRef } from 'react';

/** A muted, inline, autoplaying <video> bound to a MediaStream (phones refuse autoplay otherwise). */
export function StreamVideo({ stream, label, isMirrored = false }: { stream: MediaStream | null; label: string; isMirrored?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // Autoplay may be refused until a tap; the `autoPlay` attribute retries when allowed.
    if (stream) void Promise.resolve().then(() => video.play()).catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      muted
      playsInline
      autoPlay
      className={`aspect-video w-full rounded-xl bg-black object-contain ${isMirrored ? '-scale-x-100' : ''}`}
    />
  );
}
