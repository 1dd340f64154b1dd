import type { UIMatch } from 'react-router-dom';
import type { TRouteDef } from '@/config/paths';

/** What every route carries in its `handle`: its definition from config/paths.ts. */
export type TRouteHandle = { route: TRouteDef };

function isRouteHandle(handle: unknown): handle is TRouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The deepest matched route that has a definition. */
export function currentRouteDef(matches: readonly UIMatch[]): TRouteDef | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
