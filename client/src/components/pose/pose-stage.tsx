import { useEffect, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';

/** A fitted stage's tallest: the viewport's height less room for the status and progress beside it. */
const FITTED_MAX_HEIGHT = 'calc(100svh - 18rem)';

/** The picture's own width and height once the video knows them. */
function useVideoSize(videoRef: RefObject<HTMLVideoElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const read = () => setSize(video.videoWidth > 0 && video.videoHeight > 0 ? { width: video.videoWidth, height: video.videoHeight } : null);
    video.addEventListener('loadedmetadata', read);
    video.addEventListener('resize', read);
    return () => {
      video.removeEventListener('loadedmetadata', read);
      video.removeEventListener('resize', read);
    };
  }, [videoRef]);
  return size;
}

/**
 * A video with the skeleton canvas over it. The canvas has the frame's pixel size and is
 * stretched like the video, so keypoints (frame pixels) land on the body. Mirrored for a
 * selfie camera, so moving left moves left on screen. `isFitted`: the picture keeps its
 * proportions within the width and the viewport's height (a portrait file is not drawn taller
 * than the screen), and the box is the picture's, so the canvas still lies on it.
 */
export function PoseStage({
  videoRef,
  canvasRef,
  isMirrored = false,
  isFitted = false,
  hint,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  isMirrored?: boolean;
  isFitted?: boolean;
  hint?: string | null;
  children?: ReactNode;
}) {
  const size = useVideoSize(videoRef);
  const flip = isMirrored ? '-scale-x-100' : '';
  const ratio = size ? size.width / size.height : 16 / 9;
  const fitted: CSSProperties | undefined = isFitted
    ? { width: `min(100%, calc(${FITTED_MAX_HEIGHT} * ${ratio.toFixed(4)}))`, aspectRatio: `${ratio.toFixed(4)}` }
    : undefined;
  return (
    <div className={`relative overflow-hidden rounded-xl bg-black ${isFitted ? 'mx-auto' : ''}`} style={fitted}>
      <video
        ref={videoRef}
        className={isFitted ? `absolute inset-0 h-full w-full object-contain ${flip}` : `block h-auto w-full ${flip}`}
        playsInline
        muted
        aria-label="Camera or video being analysed"
      />
      <canvas ref={canvasRef} className={`pointer-events-none absolute inset-0 h-full w-full ${flip}`} aria-hidden="true" />
      {hint ? (
        <p role="status" className="absolute inset-x-2 top-2 rounded-lg bg-background/85 px-3 py-2 text-center text-sm font-medium text-primary">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
