import { useEffect, useState, type RefObject } from 'react';

export type TFit = { width: number; height: number; videoWidth: number; videoHeight: number };

/**
 * The largest box of the video's own shape that fits in `area`: a portrait phone stream and a
 * landscape webcam both fill the room layout without scrolling. Follows resizes, rotations and a
 * stream whose size changes; null until the video knows its size.
 */
export function useFitVideo(areaRef: RefObject<HTMLElement | null>, videoRef: RefObject<HTMLVideoElement | null>, isActive: boolean): TFit | null {
  const [fit, setFit] = useState<TFit | null>(null);
  useEffect(() => {
    const area = areaRef.current;
    const video = videoRef.current;
    if (!isActive || !area || !video) return;
    const measure = () => {
      const { videoWidth, videoHeight } = video;
      const { width, height } = area.getBoundingClientRect();
      if (!videoWidth || !videoHeight || !width || !height) return;
      const scale = Math.min(width / videoWidth, height / videoHeight);
      const next = { width: Math.floor(videoWidth * scale), height: Math.floor(videoHeight * scale), videoWidth, videoHeight };
      setFit((previous) => (previous && previous.width === next.width && previous.height === next.height && previous.videoWidth === videoWidth ? previous : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    video.addEventListener('loadedmetadata', measure);
    video.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      video.removeEventListener('loadedmetadata', measure);
      video.removeEventListener('resize', measure);
    };
  }, [areaRef, isActive, videoRef]);
  return fit;
}
