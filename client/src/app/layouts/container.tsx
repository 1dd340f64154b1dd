import { mdiArrowUp } from '@mdi/js';
import { SCROLL_THRESHOLD } from '@movelab/shared';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { coversKeptClear } from '@/lib/keep-clear';
import type { TRouteMeta } from '@/config/paths';

/** The padded page container, unless the route asks to render edge to edge. */
export function PageContainer({ meta, children }: { meta: TRouteMeta | undefined; children: ReactNode }) {
  if (meta?.withoutContainer) return <>{children}</>;
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-8">{children}</div>;
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-semibold text-background focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}

export type TLayoutProps = { meta: TRouteMeta | undefined; children: ReactNode };

/**
 * Room at the foot of a page's main element, so that scrolled to its end the last control sits
 * above the back-to-top button (44 px high, 24 px from the bottom; on the phone 96 px, over the
 * 80 px bottom bar) and can be tapped.
 */
export const ROOM_FOR_BACK_TO_TOP = 'pb-20';
/** The same with the phone's bottom bar below (from lg the bar is a side rail). */
export const ROOM_ABOVE_BOTTOM_BAR = 'pb-40 lg:pb-20';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const isScrolledPast = () => window.scrollY > SCROLL_THRESHOLD;

/**
 * Once the page has scrolled past the threshold (300 px), a button back to the top of the
 * page, above the phone's bottom bar; it moves the focus to the page's content, so the keyboard
 * and a screen reader go on from the top too. Over a part kept clear (a replay's video and its
 * controls, `lib/keep-clear`) it steps aside (hidden) until the page scrolls on.
 */
export function BackToTop({ hasBottomBar }: { hasBottomBar: boolean }) {
  const isShown = useSyncExternalStore(subscribeToScroll, isScrolledPast, () => false);
  const ref = useRef<HTMLButtonElement>(null);
  const [isCovering, setCovering] = useState(false);
  useEffect(() => {
    if (!isShown) return;
    const check = () => setCovering(ref.current ? coversKeptClear(ref.current.getBoundingClientRect()) : false);
    check();
    const stopScroll = subscribeToScroll(check);
    window.addEventListener('resize', check);
    return () => {
      stopScroll();
      window.removeEventListener('resize', check);
    };
  }, [isShown]);
  if (!isShown) return null;
  const toTop = () => {
    const isReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: isReduced ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button
      ref={ref}
      type="button"
      onClick={toTop}
      // Hidden, not removed: still measured, so it comes back once the part is scrolled past.
      aria-hidden={isCovering || undefined}
      tabIndex={isCovering ? -1 : undefined}
      className={`${isCovering ? 'invisible' : ''} fixed right-4 z-30 flex min-h-11 items-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold shadow-lg ring-1 ring-white/10 hover:bg-white/10 ${hasBottomBar ? 'bottom-24 lg:bottom-6' : 'bottom-6'}`}
    >
      <Icon path={mdiArrowUp} />
      Back to top
    </button>
  );
}
