/** Application state (spec §3/§4): one small store for what the whole app shares. */
import { APP_VERSION, type TUser } from '@movelab/shared';
import { create } from 'zustand';

/** The connected user: the users/{uid} record plus the identity uid. */
export type TCurrentUser = TUser & { uid: string };

export type TAppState = {
  appVersion: string;
  /** The name of the current route (see config/paths.ts). */
  currentRoutePath: string;
  showMenuDrawer: boolean;
  roles: string[];
  search: string;
  currentUser: TCurrentUser | null;
  currentConversationId: string | null;
};

export type TAppActions = {
  /** Setting the user to null also clears the roles. */
  setCurrentUser: (user: TCurrentUser | null) => void;
  setRoles: (roles: string[]) => void;
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
  search: '',
  currentUser: null,
  currentConversationId: null,

  setCurrentUser: (user) => set(user ? { currentUser: user } : { currentUser: null, roles: [] }),
  setRoles: (roles) => set({ roles: [...roles] }),
  setShowMenuDrawer: (isShown) => set({ showMenuDrawer: isShown }),
  setCurrentRoutePath: (routeName) => set({ currentRoutePath: routeName }),
  setDisplayName: (displayName) =>
    set((state) =>
      state.currentUser
        ? { currentUser: { ...state.currentUser, displayName, displayNameLowercase: displayName.toLowerCase() } }
        : {},
    ),
  setSearch: (search) => set({ search }),
  setCurrentConversationId: (conversationId) => set({ currentConversationId: conversationId }),
}));

/** Back to the state at start-up (sign-out, tests). */
export function resetAppStore(): void {
  useAppStore.setState(useAppStore.getInitialState(), true);
}
