import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { movedRoutes, routes, type TRouteDef, type TRouteKey } from '@/config/paths';
import { AppRoot } from './root';
import type { TRouteHandle } from './route-handle';

// Route-level code splitting: each screen group is its own chunk, loaded on first visit.
const social = () => import('./routes/social');
const movescore = () => import('./routes/movescore');
const remoteStreaming = () => import('./routes/remote-streaming');
// A phone opening a join link: its screen (and WebRTC code) loads while the app boots, not after.
if (typeof window !== 'undefined' && window.location.pathname.startsWith(routes.remoteStreaming.path)) void remoteStreaming();
const discover = () => import('./routes/discover');
// Practise together: its three screens in one chunk.
const together = () => import('./routes/together');
// One chunk for the whole administration area.
const admin = lazy(() => import('./routes/admin'));
const named = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => lazy(async () => ({ default: pick(await load()) }));

const screens: Record<TRouteKey, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./routes/home')),
  auth: lazy(() => import('./routes/auth')),
  discover: named(discover, (module) => module.DiscoverRoute),
  discoverActivity: named(discover, (module) => module.DiscoverActivityRoute),
  friends: named(social, (module) => module.FriendsRoute),
  community: named(social, (module) => module.CommunityRoute),
  settings: lazy(() => import('./routes/settings')),
  practice: lazy(() => import('./routes/practice')),
  together: named(together, (module) => module.TogetherHomeRoute),
  togetherNew: named(together, (module) => module.TogetherNewRoute),
  togetherSession: named(together, (module) => module.TogetherSessionRoute),
  remoteStreaming: named(remoteStreaming, (module) => module.RemoteStreamingRoute),
  customRemoteStreaming: named(remoteStreaming, (module) => module.RemoteStreamingRoute),
  movescoreHome: named(movescore, (module) => module.MovescoreHomeRoute),
  movescoreSelectGroup: named(movescore, (module) => module.MovescoreSelectGroupRoute),
  movescoreSelectMovement: named(movescore, (module) => module.MovescoreSelectMovementRoute),
  movescoreSelectPerspective: named(movescore, (module) => module.MovescoreSelectPerspectiveRoute),
  movescoreAnalysis: named(movescore, (module) => module.MovescoreAnalysisRoute),
  // Its own chunk: the chart library loads only with the history.
  movescoreHistory: lazy(() => import('./routes/movescore-history')),
  movescoreHistoryItem: lazy(() => import('./routes/movescore-history-item')),
  adminHome: admin,
  adminUsers: admin,
  adminUser: admin,
  adminActivities: admin,
  adminActivity: admin,
  adminMovement: admin,
  adminRoutines: admin,
  adminMovescore: admin,
  adminMovescoreGroup: admin,
  adminMovescoreMovement: admin,
  adminMovescorePerspective: admin,
  // Its own chunk: the chart library loads only for this page.
  adminLive: lazy(() => import('./routes/admin-live')),
};

const NotFound = lazy(() => import('./routes/not-found'));
const notFoundRoute: TRouteDef = {
  path: '*',
  name: 'not-found',
  section: 'Not found',
  access: 'open',
  meta: { layout: 'minimal' },
};

function screenRoute(definition: TRouteDef, Screen: ComponentType): RouteObject {
  const handle: TRouteHandle = { route: definition };
  return { path: definition.path, element: <Screen />, handle };
}

/** An old address: the same place at its new prefix, with its query and hash (a link saved before the move). */
function MovedTo({ from, to }: { from: string; to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: `${to}${location.pathname.slice(from.length)}`, search: location.search, hash: location.hash }} replace />;
}

/** Every route of spec §2 under the root view; `/` goes to /home, moved addresses to their new place. */
export function createAppRoutes(): RouteObject[] {
  const children = (Object.keys(routes) as TRouteKey[]).map((key) => screenRoute(routes[key], screens[key]));
  const moved = movedRoutes.flatMap(({ from, to }) =>
    [from, `${from}/*`].map((path): RouteObject => ({ path, element: <MovedTo from={from} to={to} /> })),
  );
  return [
    ...moved,
    {
      element: <AppRoot />,
      children: [{ path: '/', element: <Navigate to={routes.home.path} replace /> }, ...children, screenRoute(notFoundRoute, NotFound)],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
