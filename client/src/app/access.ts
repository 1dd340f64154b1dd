import { isAdmin } from '@movelab/shared';
import { paths, type TRouteDef } from '@/config/paths';
import type { TRolesStatus } from '@/stores/app-store';

export type TViewer = { isSignedIn: boolean; roles: readonly string[]; rolesStatus: TRolesStatus };

/** What the guard does with a route: show it, wait for the roles, or send elsewhere. */
export type TAccessDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/**
 * The guard's decision for this route and viewer (spec §4/§6). Signed-out viewers go to /auth
 * with the way back; admin routes need ADMIN strictly (an empty role list does not count, unlike
 * the spec's hasRole) and send others home, but only once the roles are known: ADMIN may still
 * be granted as the app connects, so until then the route waits.
 */
export function routeAccess(route: Pick<TRouteDef, 'access'>, viewer: TViewer, returnTo: string): TAccessDecision {
  if (route.access === 'open') return { kind: 'allow' };
  if (!viewer.isSignedIn) return { kind: 'redirect', to: paths.auth(returnTo) };
  if (route.access !== 'admin' || isAdmin(viewer.roles)) return { kind: 'allow' };
  return viewer.rolesStatus === 'known' ? { kind: 'redirect', to: paths.home() } : { kind: 'wait' };
}
