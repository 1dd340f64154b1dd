import { isAdmin } from '@movelab/shared';
import { paths, type TRouteDef } from '@/config/paths';

export type TViewer = { isSignedIn: boolean; roles: readonly string[] };

/**
 * Where a viewer must go instead of this route, or null when they may stay (spec §4/§6).
 * Signed-out viewers go to /auth with the way back; admin routes need ADMIN strictly (an
 * empty role list does not count, unlike the spec's hasRole) and send others home.
 */
export function accessRedirect(route: Pick<TRouteDef, 'access'>, viewer: TViewer, returnTo: string): string | null {
  if (route.access === 'open') return null;
  if (!viewer.isSignedIn) return paths.auth(returnTo);
  if (route.access === 'admin' && !isAdmin(viewer.roles)) return paths.home();
  return null;
}
