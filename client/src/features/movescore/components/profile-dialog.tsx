import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { mdiClose } from '@mdi/js';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/page';
import { useAppStore } from '@/stores/app-store';
import { historyHref } from '../history';
import { ProfileHeader } from './profile-header';
import { RecapTiles } from './recap-tiles';
import { RecentSessions } from './recent-sessions';

/**
 * The full-screen profile dialog of the movescore layout: Headless UI traps the focus inside
 * and closes it on Escape; the close button and the header's back button close it too.
 */
export function ProfileDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const currentUser = useAppStore((state) => state.currentUser);
  return (
    <Dialog open={isOpen} onClose={onClose} className="relative z-40">
      <DialogPanel className="fixed inset-0 overflow-y-auto bg-background">
        <div className="sticky top-0 z-10 flex h-app-bar items-center gap-2 border-b border-white/10 bg-background px-2">
          <DialogTitle className="flex-1 px-2 text-lg font-semibold">Profile</DialogTitle>
          <button type="button" className="rounded-full p-3 hover:bg-white/10" aria-label="Close" onClick={onClose}>
            <Icon path={mdiClose} />
          </button>
        </div>
        {currentUser ? (
          <div className="mx-auto flex max-w-3xl flex-col gap-8 p-4">
            <ProfileHeader user={currentUser} onClose={onClose} />
            <RecapTiles uid={currentUser.uid} onNavigate={onClose} />
            <Section
              title="Recent Sessions"
              action={
                <Link to={historyHref()} onClick={onClose} className={buttonClasses('ghost')}>
                  All history
                </Link>
              }
            >
              <RecentSessions uid={currentUser.uid} />
            </Section>
          </div>
        ) : null}
      </DialogPanel>
    </Dialog>
  );
}
