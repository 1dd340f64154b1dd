/** The navigation of spec §2: entries, their targets (route names) and groups. */
import { mdiAccountGroup, mdiCamera, mdiChartLine, mdiCog, mdiCompass, mdiEarth, mdiHome, mdiLogout, mdiShieldAccount, mdiVideoCheck } from '@mdi/js';

export type TNavEntry = {
  /** Matched against the current route name to find the active entry. */
  name: string;
  label: string;
  icon: string;
  /** The route name the entry leads to; 'auth' is logout. */
  target: string;
  group: 'top' | 'middle' | 'bottom';
  isLogout?: boolean;
  /** Shown only to accounts with the ADMIN role (strict `isAdmin`). */
  isAdminOnly?: boolean;
};

export const navEntries: readonly TNavEntry[] = [
  { name: 'home', label: 'Home', icon: mdiHome, target: 'home', group: 'top' },
  { name: 'discover', label: 'Discover', icon: mdiCompass, target: 'discover', group: 'top' },
  { name: 'friends', label: 'Friends', icon: mdiAccountGroup, target: 'friends', group: 'top' },
  { name: 'community', label: 'Community', icon: mdiEarth, target: 'community', group: 'top' },
  { name: 'movescore', label: 'Movescore', icon: mdiVideoCheck, target: 'movescore-select-group', group: 'middle' },
  // Not in the spec's list: every analysis and practice session, a destination of its own.
  { name: 'history', label: 'History', icon: mdiChartLine, target: 'history', group: 'middle' },
  { name: 'remote-streaming', label: 'Remote Cam', icon: mdiCamera, target: 'remote-streaming', group: 'middle' },
  { name: 'admin', label: 'Administration', icon: mdiShieldAccount, target: 'administration', group: 'bottom', isAdminOnly: true },
  { name: 'settings', label: 'Settings', icon: mdiCog, target: 'settings', group: 'bottom' },
  { name: 'logout', label: 'Logout', icon: mdiLogout, target: 'auth', group: 'bottom', isLogout: true },
];

/**
 * The phone's bottom bar: the core destinations, each with its label, then "More" (the drawer,
 * with every entry and logout): the same entries as the rail, four of them at hand. The spec's
 * bar put logout first, where one tap signed out, and left out Discover and Movescore.
 */
export const bottomBarEntries: readonly TNavEntry[] = ['home', 'discover', 'movescore', 'history'].flatMap((name) =>
  navEntries.filter((entry) => entry.name === name),
);

/**
 * The active entry is the one whose name is contained in the current route name (spec §2).
 * An entry whose name starts the route name wins ('admin' in 'admin-movescore-group', whose
 * name also contains 'movescore'); otherwise, when several are contained ('home' and
 * 'movescore' in 'movescore-home'), the longest, most specific name wins.
 */
export function activeEntryName(routeName: string): string | null {
  const matches = navEntries.filter((entry) => !entry.isLogout && routeName.includes(entry.name));
  if (matches.length === 0) return null;
  const prefixed = matches.filter((entry) => routeName.startsWith(entry.name));
  const candidates = prefixed.length > 0 ? prefixed : matches;
  return candidates.reduce((best, entry) => (entry.name.length > best.name.length ? entry : best)).name;
}

/** The entries a viewer sees: admin-only ones for admins alone. */
export function visibleEntries(entries: readonly TNavEntry[], isViewerAdmin: boolean): TNavEntry[] {
  return entries.filter((entry) => !entry.isAdminOnly || isViewerAdmin);
}
