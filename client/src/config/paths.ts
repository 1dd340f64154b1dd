/**
 * Every route of Movelab (spec §2) in one place: path, name, access, layout meta and an href
 * builder. The router, the guards, the navigation and the page title all read this table.
 */
// From its module, not the index: the phone page imports this table without every contract.
import { buildPath } from '@movelab/shared/format';
import { REMOTE_STREAMING_PATH } from './remote-streaming-path';

export type TAccess = 'open' | 'sign-in' | 'admin';
export type TLayoutName = 'default' | 'minimal' | 'movescore';
export type TRouteMeta = {
  layout: TLayoutName;
  /** Render the page edge to edge, without the padded container. */
  withoutContainer?: boolean;
  hideProfileButton?: boolean;
};
export type TRouteDef = {
  path: string;
  name: string;
  /** The section shown in the page title: `Movelab - <section>`. */
  section: string;
  access: TAccess;
  meta: TRouteMeta;
};

const route = <const T extends TRouteDef>(definition: T): T => definition;
const withParams = (path: string) => (params: Record<string, string>) => buildPath(path, params);

const defaultMeta = { layout: 'default' } as const;
const movescoreMeta = { layout: 'movescore' } as const;
const adminRoute = (path: string, name: string) =>
  route({ path: `/administration${path}`, name, section: 'Administration', access: 'admin', meta: defaultMeta });

export const routes = {
  home: route({ path: '/home', name: 'home', section: 'Home', access: 'sign-in', meta: defaultMeta }),
  auth: route({ path: '/auth', name: 'auth', section: 'Sign in', access: 'open', meta: { layout: 'minimal' } }),
  discover: route({ path: '/discover', name: 'discover', section: 'Discover', access: 'sign-in', meta: defaultMeta }),
  discoverActivity: route({
    path: '/discover/:id',
    name: 'discover-activity',
    section: 'Discover',
    access: 'sign-in',
    meta: defaultMeta,
  }),
  friends: route({
    path: '/friends',
    name: 'friends',
    section: 'Friends',
    access: 'sign-in',
    meta: { layout: 'default', hideProfileButton: true },
  }),
  community: route({
    path: '/community',
    name: 'community',
    section: 'Community',
    access: 'sign-in',
    meta: { layout: 'default', hideProfileButton: true },
  }),
  settings: route({
    path: '/settings',
    name: 'settings',
    section: 'Settings',
    access: 'sign-in',
    meta: { layout: 'default', hideProfileButton: true },
  }),
  practice: route({
    path: '/practice/:mode/:id',
    name: 'practice',
    section: 'Practice',
    access: 'sign-in',
    meta: { layout: 'minimal', withoutContainer: true },
  }),
  // Not in the spec's table: Practise together (issue 44): a code to type, a new session, a session by its link.
  together: route({ path: '/together', name: 'together', section: 'Practise together', access: 'sign-in', meta: defaultMeta }),
  togetherNew: route({ path: '/together/new', name: 'together-new', section: 'Practise together', access: 'sign-in', meta: defaultMeta }),
  togetherSession: route({
    path: '/together/:groupId',
    name: 'together-session',
    section: 'Practise together',
    access: 'sign-in',
    meta: defaultMeta,
  }),
  remoteStreaming: route({
    path: REMOTE_STREAMING_PATH,
    name: 'remote-streaming',
    section: 'Remote Cam',
    access: 'open',
    meta: defaultMeta,
  }),
  customRemoteStreaming: route({
    path: `${REMOTE_STREAMING_PATH}/:sessionId`,
    name: 'custom-remote-streaming',
    section: 'Remote Cam',
    access: 'open',
    // The phone's page: no app navigation around the camera.
    meta: { layout: 'minimal' },
  }),
  movescoreHome: route({
    path: '/movescore',
    name: 'movescore-home',
    section: 'Movescore',
    access: 'sign-in',
    meta: movescoreMeta,
  }),
  movescoreSelectGroup: route({
    path: '/movescore/analyze',
    name: 'movescore-select-group',
    section: 'Movescore',
    access: 'sign-in',
    meta: movescoreMeta,
  }),
  movescoreSelectMovement: route({
    path: '/movescore/analyze/:groupId',
    name: 'movescore-select-movement',
    section: 'Movescore',
    access: 'sign-in',
    meta: movescoreMeta,
  }),
  movescoreSelectPerspective: route({
    path: '/movescore/analyze/:groupId/movement/:movementId',
    name: 'movescore-select-perspective',
    section: 'Movescore',
    access: 'sign-in',
    meta: movescoreMeta,
  }),
  // Not in the spec's table: progress over time (every analysis and practice session), a
  // destination of its own in the navigation. It was /movescore/history (movedRoutes redirects);
  // the keys keep their names, which the history feature's links use.
  movescoreHistory: route({
    path: '/history',
    name: 'history',
    section: 'History',
    access: 'sign-in',
    meta: defaultMeta,
  }),
  // Not in the spec's table: what one history item saved, and its replay where the video is on the device.
  movescoreHistoryItem: route({
    path: '/history/:kind/:id',
    name: 'history-item',
    section: 'History',
    access: 'sign-in',
    meta: defaultMeta,
  }),
  // Not in the spec's table: the analysis screen the perspective choice leads to.
  movescoreAnalysis: route({
    path: '/movescore/analyze/:groupId/movement/:movementId/perspective/:perspectiveId',
    name: 'movescore-analysis',
    section: 'Movescore',
    access: 'sign-in',
    meta: movescoreMeta,
  }),
  adminHome: adminRoute('', 'administration'),
  adminUsers: adminRoute('/user', 'admin-users'),
  adminUser: adminRoute('/user/:userId', 'admin-user'),
  adminActivities: adminRoute('/activity', 'admin-activities'),
  adminActivity: adminRoute('/activity/:activityId', 'admin-activity'),
  adminMovement: adminRoute('/activity/:activityId/movements/:movementId', 'admin-movement'),
  adminRoutines: adminRoute('/activity/:activityId/routines', 'admin-routines'),
  adminMovescore: adminRoute('/movescore', 'admin-movescore'),
  adminMovescoreGroup: adminRoute('/movescore/group/:groupId', 'admin-movescore-group'),
  adminMovescoreMovement: adminRoute('/movescore/group/:groupId/movement/:movementId', 'admin-movescore-movement'),
  adminMovescorePerspective: adminRoute('/movescore/group/:groupId/movement/:movementId/perspective/:perspectiveId', 'admin-movescore-perspective'),
  // Not in the spec's table: live users, remote sessions and analyses for admins.
  adminLive: adminRoute('/live', 'admin-live'),
} satisfies Record<string, TRouteDef>;

export type TRouteKey = keyof typeof routes;

/** Addresses that moved: the old prefix leads to the new one, with the rest of the address kept. */
export const movedRoutes: readonly { from: string; to: string }[] = [{ from: '/movescore/history', to: routes.movescoreHistory.path }];

/** The /auth link, with the place to return to after sign-in. */
function authHref(redirect?: string): string {
  if (!redirect || redirect === routes.home.path) return routes.auth.path;
  return `${routes.auth.path}?${new URLSearchParams({ redirect }).toString()}`;
}

/** Links to every route; parameterised routes take their params. */
export const paths = {
  root: '/',
  home: () => routes.home.path,
  auth: authHref,
  discover: () => routes.discover.path,
  discoverActivity: withParams(routes.discoverActivity.path),
  friends: () => routes.friends.path,
  community: () => routes.community.path,
  settings: () => routes.settings.path,
  practice: withParams(routes.practice.path),
  together: () => routes.together.path,
  /** A new session for a routine or a movement, optionally inviting a friend once it is open (no plan: the page asks for one). */
  togetherNew: (plan?: { routine: string } | { movement: string }, invite?: string) => {
    const query = new URLSearchParams({ ...plan, ...(invite ? { invite } : {}) }).toString();
    return query ? `${routes.togetherNew.path}?${query}` : routes.togetherNew.path;
  },
  togetherSession: withParams(routes.togetherSession.path),
  remoteStreaming: () => routes.remoteStreaming.path,
  customRemoteStreaming: withParams(routes.customRemoteStreaming.path),
  movescoreHome: () => routes.movescoreHome.path,
  movescoreSelectGroup: () => routes.movescoreSelectGroup.path,
  movescoreSelectMovement: withParams(routes.movescoreSelectMovement.path),
  movescoreSelectPerspective: withParams(routes.movescoreSelectPerspective.path),
  movescoreAnalysis: withParams(routes.movescoreAnalysis.path),
  movescoreHistory: () => routes.movescoreHistory.path,
  movescoreHistoryItem: withParams(routes.movescoreHistoryItem.path),
  adminHome: () => routes.adminHome.path,
  adminUsers: () => routes.adminUsers.path,
  adminUser: withParams(routes.adminUser.path),
  adminActivities: () => routes.adminActivities.path,
  adminActivity: withParams(routes.adminActivity.path),
  adminMovement: withParams(routes.adminMovement.path),
  adminRoutines: withParams(routes.adminRoutines.path),
  adminMovescore: () => routes.adminMovescore.path,
  adminMovescoreGroup: withParams(routes.adminMovescoreGroup.path),
  adminMovescoreMovement: withParams(routes.adminMovescoreMovement.path),
  adminMovescorePerspective: withParams(routes.adminMovescorePerspective.path),
  adminLive: () => routes.adminLive.path,
} as const;

/** The route names the navigation targets (they take no parameters). */
export const hrefByName: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(routes)
    .filter((definition) => !definition.path.includes(':'))
    .map((definition) => [definition.name, definition.path]),
);

/**
 * Where to go after sign-in: a same-site path only (never another origin, never /auth again),
 * else home.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return routes.home.path;
  }
  if (target === routes.auth.path || target.startsWith(`${routes.auth.path}?`)) return routes.home.path;
  return target;
}
