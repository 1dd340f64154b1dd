import { mdiMenu } from '@mdi/js';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { activeEntryName } from '@/components/navigation/entries';
import { BottomBar, NavDrawer, NavRail } from '@/components/navigation/navigation';
import { Avatar, initials } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useAvatarUrl } from '@/features/settings';
import { useAppStore } from '@/stores/app-store';
import { BackToTop, PageContainer, ROOM_ABOVE_BOTTOM_BAR, ROOM_FOR_BACK_TO_TOP, SkipLink, type TLayoutProps } from './container';
import { useConfirmedLogout } from './logout-confirmation';

/**
 * The profile button: the user's avatar (or initials), opening settings. Its name starts with
 * the initials it may show, so the visible text is part of the name (WCAG 2.5.3, Label in
 * Name): a voice-control user who says what they see reaches it.
 */
function ProfileButton({ className }: { className: string }) {
  const currentUser = useAppStore((state) => state.currentUser);
  const avatar = useAvatarUrl(currentUser?.uid ?? '');
  if (!currentUser) return null;
  return (
    <Link to={paths.settings()} className={className} aria-label={`${initials(currentUser.displayName)}: profile and settings`}>
      <Avatar url={avatar.data ?? ''} name={currentUser.displayName} size={36} />
    </Link>
  );
}

/**
 * The app shell: rail (lg and up) or app bar, drawer and bottom bar (below lg). A section's own
 * `header` (Movescore's) takes the app bar's place at every width, beside the same navigation.
 */
export function DefaultLayout({ meta, children, header }: TLayoutProps & { header?: ReactNode }) {
  const routeName = useAppStore((state) => state.currentRoutePath);
  const isDrawerShown = useAppStore((state) => state.showMenuDrawer);
  const setShowMenuDrawer = useAppStore((state) => state.setShowMenuDrawer);
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const { requestLogout: logout, dialog: logoutDialog } = useConfirmedLogout();
  const activeName = activeEntryName(routeName);
  // Open pages (remote camera) are also used signed out, e.g. on a phone: no app navigation then.
  const hasNavigation = isSignedIn;
  // A section header brings its own profile button.
  const hasProfileButton = hasNavigation && !meta?.hideProfileButton && !header;

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      {hasNavigation ? <NavRail activeName={activeName} onLogout={logout} /> : null}
      {hasNavigation ? <NavDrawer isOpen={isDrawerShown} onClose={() => setShowMenuDrawer(false)} activeName={activeName} onLogout={logout} /> : null}
      {header ? (
        <div className={`sticky top-0 z-20 ${hasNavigation ? 'lg:pl-rail' : ''}`}>{header}</div>
      ) : (
        <header className="sticky top-0 z-20 flex h-app-bar items-center gap-2 border-b border-white/10 bg-background/95 px-2 backdrop-blur lg:hidden">
          {hasNavigation ? (
            <button
              type="button"
              className="rounded-full p-3 hover:bg-white/10"
              aria-label="Open menu"
              aria-expanded={isDrawerShown}
              onClick={() => setShowMenuDrawer(true)}
            >
              <Icon path={mdiMenu} />
            </button>
          ) : null}
          <Link to={paths.home()} className="flex items-center px-2" aria-label="Movelab home">
            <img src="/logo.svg" alt="" width={140} height={31} />
          </Link>
          <span className="flex-1" />
          {hasProfileButton ? <ProfileButton className="rounded-full p-2 hover:bg-white/10" /> : null}
        </header>
      )}
      {hasProfileButton ? <ProfileButton className="fixed right-6 top-3 z-20 hidden rounded-full p-1 hover:bg-white/10 lg:block" /> : null}
      <main id="main" tabIndex={-1} className={`outline-none ${hasNavigation ? `${ROOM_ABOVE_BOTTOM_BAR} lg:pl-rail` : ROOM_FOR_BACK_TO_TOP}`}>
        <PageContainer meta={meta}>{children}</PageContainer>
      </main>
      <BackToTop hasBottomBar={hasNavigation} />
      {hasNavigation ? <BottomBar activeName={activeName} onLogout={logout} onMore={() => setShowMenuDrawer(true)} /> : null}
      {logoutDialog}
    </div>
  );
}
