import type { ReactNode, RefObject } from 'react';

/**
 * A video with the skeleton canvas over it. The canvas has the frame's pixel size and is
 * stretched like the video, so keypoints (frame pixels) land on the body. Mirrored for a
 * selfie camera, so moving left moves left on screen.
 */
export function PoseStage({
  videoRef,
  canvasRef,
  isMirrored = false,
  hint,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  isMirrored?: boolean;
  hint?: string | null;
  children?: ReactNode;
}) {
  const flip = isMirrored ? '-scale-x-100' : '';
  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <video ref={videoRef} className={`block h-auto w-full ${flip}`} playsInline muted aria-label="Camera or video being analysed" />
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
