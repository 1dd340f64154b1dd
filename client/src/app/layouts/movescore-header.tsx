import { mdiAccountCircle, mdiArrowLeft, mdiHome } from '@mdi/js';
import { PRODUCT_NAME } from '@movelab/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { ProfileDialog } from '@/features/movescore';

/**
 * Whether the app has a page before this one to go back to. The browser router numbers its
 * entries (`idx` in the history state, 0 for the first page the app opened, kept on a
 * replace); a memory router gives its first entry the key 'default'.
 */
function hasPreviousEntry(locationKey: string): boolean {
  const index: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index > 0 : locationKey !== 'default';
}

/** Back to the previous page; with none in the app (a link opened), to Movescore's home, or from there to the app's. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (hasPreviousEntry(location.key)) void navigate(-1);
    else void navigate(location.pathname === paths.movescoreHome() ? paths.home() : paths.movescoreHome());
  };
}

// An icon above its label, like the phone's bottom bar: readable at a glance, 48 px high.
const labelledButton = 'flex min-h-12 min-w-14 flex-col items-center justify-center gap-0.5 rounded-lg px-2 text-xs font-medium hover:bg-white/10';

/**
 * Movescore's header (spec §2, Movescore layout): back, the title and 'Powered by', the home
 * button to Movescore's home and the profile button opening the profile dialog, each named by
 * its visible label (home as 'Movescore home'). It sits in the app's shell, beside the rail or above the bottom bar.
 */
export function MovescoreHeader() {
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const goBack = useGoBack();
  return (
    <header className="flex h-app-bar items-center gap-1 border-b border-white/10 bg-background/95 px-2 backdrop-blur">
      <button type="button" className={labelledButton} onClick={goBack}>
        <Icon path={mdiArrowLeft} />
        <span>Back</span>
      </button>
      <div className="flex min-w-0 flex-1 flex-col px-1 leading-tight">
        <span className="truncate text-lg font-bold">Movescore</span>
        <span className="truncate text-xs text-muted">Powered by {PRODUCT_NAME}</span>
      </div>
      {/* Its name holds its label and tells it from the rail's Home, the app's. */}
      <Link to={paths.movescoreHome()} className={labelledButton} aria-label="Movescore home">
        <Icon path={mdiHome} />
        <span>Home</span>
      </Link>
      <button type="button" className={labelledButton} aria-haspopup="dialog" onClick={() => setIsProfileOpen(true)}>
        <Icon path={mdiAccountCircle} />
        <span>Profile</span>
      </button>
      <ProfileDialog isOpen={isProfileOpen} onClose={() => setIsProfileOpen(false)} />
    </header>
  );
}
