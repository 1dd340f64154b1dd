import { useEffect, useState, type RefObject } from 'react';

/**
 * The Fullscreen API on one element: whether it is full screen, a toggle, and whether the
 * browser offers it at all (the practice fills the window without it). Leaves full screen
 * when the element goes.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [ref]);
  const toggle = () => {
    setError(null);
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (!canFullscreen || !ref.current) return;
    ref.current.requestFullscreen().catch(() => setError('Full screen was refused by the browser: the practice still fills this window.'));
  };
  return { isFullscreen, canFullscreen, toggle, error };
}
