/** Application state (spec §3/§4): one small store for what the whole app shares. */
import { APP_VERSION, sameRoles, type TUser } from '@movelab/shared';
import { create } from 'zustand';

/** The connected user: the users/{uid} record plus the identity uid. */
export type TCurrentUser = TUser & { uid: string };

/**
 * Whether `roles` are settled for the current user. The record read at start-up may lack an ADMIN
 * the gateway grants as it verifies the app's connection (ADMIN_EMAILS in firebase mode), so they
 * stay 'unknown' until the connection has read them again, or failed to.
 */
export type TRolesStatus = 'unknown' | 'known';

export type TAppState = {
  appVersion: string;
  /** The name of the current route (see config/paths.ts). */
  currentRoutePath: string;
  showMenuDrawer: boolean;
  roles: string[];
  rolesStatus: TRolesStatus;
  search: string;
  currentUser: TCurrentUser | null;
  currentConversationId: string | null;
};

export type TAppActions = {
  /** Setting the user to null also clears the roles, and what is known of them. */
  setCurrentUser: (user: TCurrentUser | null) => void;
  /**
   * The user and roles of a record just read at start-up (or an auth change). Another user's
   * roles are not known yet; read again for the same user, the record is as current as the
   * connection's read, so what was known stays known.
   */
  startSession: (user: TCurrentUser) => void;
  /** The current user's roles, as read from the gateway: known from then on. */
  setRoles: (roles: string[]) => void;
  /** The roles could not be read again (no connection, a failed read): those at hand stand. */
  settleRoles: () => void;
  setShowMenuDrawer: (isShown: boolean) => void;
  setCurrentRoutePath: (routeName: string) => void;
  setDisplayName: (displayName: string) => void;
  setSearch: (search: string) => void;
  setCurrentConversationId: (conversationId: string | null) => void;
};

export const useAppStore = create<TAppState & TAppActions>()((set) => ({
  appVersion: APP_VERSION,
  currentRoutePath: 'home',
  showMenuDrawer: false,
  roles: [],
  rolesStatus: 'unknown',
  search: '',
  currentUser: null,
  currentConversationId: null,

  setCurrentUser: (user) => set(user ? { currentUser: user } : { currentUser: null, roles: [], rolesStatus: 'unknown' }),
  startSession: (user) =>
    set((state) => ({
      currentUser: user,
      roles: [...user.roles],
      rolesStatus: state.currentUser?.uid === user.uid ? state.rolesStatus : 'unknown',
    })),
  setRoles: (roles) => set((state) => ({ roles: sameRoles(state.roles, roles) ? state.roles : [...roles], rolesStatus: 'known' })),
  settleRoles: () => set({ rolesStatus: 'known' }),
  setShowMenuDrawer: (isShown) => set({ showMenuDrawer: isShown }),
  setCurrentRoutePath: (routeName) => set({ currentRoutePath: routeName }),
  setDisplayName: (displayName) =>
    set((state) =>
      state.currentUser ? { currentUser: { ...state.currentUser, displayName, displayNameLowercase: displayName.toLowerCase() } } : {},
    ),
  setSearch: (search) => set({ search }),
  setCurrentConversationId: (conversationId) => set({ currentConversationId: conversationId }),
}));

/** Back to the state at start-up (sign-out, tests). */
export function resetAppStore(): void {
  useAppStore.setState(useAppStore.getInitialState(), true);
}
