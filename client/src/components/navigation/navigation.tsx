/**
 * The shell's navigation (spec §2): a permanent rail at lg and up that widens on hover or
 * focus, and below lg a temporary drawer plus a labelled bottom bar of the core destinations.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { mdiClose, mdiDotsHorizontal } from '@mdi/js';
import { isAdmin } from '@movelab/shared';
import { Icon } from '@/components/ui/icon';
import { useAppStore } from '@/stores/app-store';
import { bottomBarEntries, navEntries, visibleEntries, type TNavEntry } from './entries';
import { compactItemClasses, NavItem } from './nav-item';

type TNavProps = { activeName: string | null; onLogout: () => void };

const groups = ['top', 'middle', 'bottom'] as const;

function entriesOf(group: TNavEntry['group'], isViewerAdmin: boolean): TNavEntry[] {
  return visibleEntries(navEntries, isViewerAdmin).filter((entry) => entry.group === group);
}

function GroupedEntries({ activeName, onLogout, onNavigate, labelClassName }: TNavProps & { onNavigate?: () => void; labelClassName?: string }) {
  const isViewerAdmin = useAppStore((state) => isAdmin(state.roles));
  return (
    <div className="flex flex-1 flex-col justify-between gap-6">
      {groups.map((group) => (
        <ul key={group} className="flex flex-col gap-1" aria-label={`${group} navigation`}>
          {entriesOf(group, isViewerAdmin).map((entry) => (
            <li key={entry.name}>
              <NavItem
                entry={entry}
                isActive={entry.name === activeName}
                onLogout={onLogout}
                {...(onNavigate ? { onNavigate } : {})}
                {...(labelClassName ? { labelClassName } : {})}
              />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** lg and up: a 56 px rail that grows to 196 px over the content on hover or keyboard focus. */
export function NavRail(props: TNavProps) {
  return (
    <nav
      aria-label="Main"
      className="group fixed inset-y-0 left-0 z-30 hidden w-rail flex-col gap-6 overflow-hidden border-r border-white/10 bg-surface px-1 py-4 transition-[width] duration-200 hover:w-sidebar focus-within:w-sidebar lg:flex"
    >
      <a href="/home" className="flex h-10 items-center overflow-hidden px-2" aria-label="Movelab home">
        <img src="/favicon.svg" alt="" width={32} height={32} className="shrink-0 group-hover:hidden group-focus-within:hidden" />
        <img src="/logo.svg" alt="" width={160} height={35} className="hidden shrink-0 group-hover:block group-focus-within:block" />
      </a>
      <GroupedEntries {...props} labelClassName="opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100" />
    </nav>
  );
}

/** Below lg: the temporary drawer (keyboard usable, closes on Escape and outside click). */
export function NavDrawer({ isOpen, onClose, ...props }: TNavProps & { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} className="relative z-40 lg:hidden">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-y-0 left-0 flex">
        <DialogPanel className="flex w-72 max-w-[85vw] flex-col gap-6 bg-surface p-4">
          <div className="flex items-center justify-between">
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <img src="/logo.svg" alt="Movelab" width={160} height={35} />
            <button type="button" onClick={onClose} className="rounded-full p-2 hover:bg-white/10" aria-label="Close menu">
              <Icon path={mdiClose} />
            </button>
          </div>
          <nav aria-label="Main" className="flex flex-1 flex-col">
            <GroupedEntries {...props} onNavigate={onClose} />
          </nav>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** Below lg: the core destinations with their labels, and More, which opens the drawer. */
export function BottomBar({ activeName, onLogout, onMore }: TNavProps & { onMore: () => void }) {
  return (
    <nav aria-label="Quick" className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden">
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5 items-center px-1">
        {bottomBarEntries.map((entry) => (
          <li key={entry.name} className="flex justify-center">
            <NavItem entry={entry} isActive={entry.name === activeName} onLogout={onLogout} isCompact />
          </li>
        ))}
        <li className="flex justify-center">
          <button type="button" className={compactItemClasses(false)} aria-haspopup="dialog" onClick={onMore}>
            <Icon path={mdiDotsHorizontal} className="shrink-0" />
            <span>More</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
