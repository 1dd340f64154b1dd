import { mdiAccountGroup, mdiArrowLeft, mdiHome } from '@mdi/js';
import { PRODUCT_NAME } from '@movelab/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { ProfileDialog } from '@/features/movescore';
import { BackToTop, PageContainer, ROOM_FOR_BACK_TO_TOP, SkipLink, type TLayoutProps } from './container';

const iconButton = 'rounded-full p-3 hover:bg-white/10';

/** Movescore's own frame (spec §2): title, 'Powered by', home and profile buttons. */
export function MovescoreLayout({ meta, children }: TLayoutProps) {
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header className="sticky top-0 z-20 flex h-app-bar items-center gap-1 border-b border-white/10 bg-background/95 px-2 backdrop-blur">
        <Link to={paths.home()} className={iconButton} aria-label={`Back to ${PRODUCT_NAME}`}>
          <Icon path={mdiArrowLeft} />
        </Link>
        <div className="flex flex-1 flex-col leading-tight">
          <span className="text-lg font-bold">Movescore</span>
          <span className="text-xs text-muted">Powered by {PRODUCT_NAME}</span>
        </div>
        <Link to={paths.movescoreHome()} className={iconButton} aria-label="Movescore home">
          <Icon path={mdiHome} />
        </Link>
        <button
          type="button"
          className={iconButton}
          aria-label="Profile and recent sessions"
          aria-haspopup="dialog"
          onClick={() => setIsProfileOpen(true)}
        >
          <Icon path={mdiAccountGroup} />
        </button>
      </header>
      <main id="main" tabIndex={-1} className={`outline-none ${ROOM_FOR_BACK_TO_TOP}`}>
        <PageContainer meta={meta}>{children}</PageContainer>
      </main>
      <BackToTop hasBottomBar={false} />
      <ProfileDialog isOpen={isProfileOpen} onClose={() => setIsProfileOpen(false)} />
    </div>
  );
}
