import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { mdiAccountGroup, mdiArrowLeft, mdiClose, mdiHome } from '@mdi/js';
import { PRODUCT_NAME } from '@movelab/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Section } from '@/components/ui/page';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { RecentSessions } from '@/features/movescore/components/recent-sessions';
import { useAppStore } from '@/stores/app-store';
import { PageContainer, SkipLink, type TLayoutProps } from './container';

const iconButton = 'rounded-full p-3 hover:bg-white/10';

/** Movescore's own frame (spec §2): title, 'Powered by', home and profile buttons. */
export function MovescoreLayout({ meta, children }: TLayoutProps) {
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const currentUser = useAppStore((state) => state.currentUser);
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
        <button type="button" className={iconButton} aria-label="Profile and recent sessions" onClick={() => setIsProfileOpen(true)}>
          <Icon path={mdiAccountGroup} />
        </button>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <PageContainer meta={meta}>{children}</PageContainer>
      </main>
      <Dialog open={isProfileOpen} onClose={() => setIsProfileOpen(false)} className="relative z-40">
        <DialogPanel className="fixed inset-0 overflow-y-auto bg-background">
          <div className="sticky top-0 flex h-app-bar items-center gap-2 border-b border-white/10 bg-background px-2">
            <button type="button" className={iconButton} aria-label="Close" onClick={() => setIsProfileOpen(false)}>
              <Icon path={mdiClose} />
            </button>
            <DialogTitle className="text-lg font-semibold">{currentUser?.displayName ?? 'Profile'}</DialogTitle>
          </div>
          <div className="mx-auto max-w-3xl p-4">
            <Section title="Recent Sessions">{currentUser ? <RecentSessions uid={currentUser.uid} /> : null}</Section>
          </div>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
