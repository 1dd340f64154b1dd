import { PRODUCT_NAME } from '@movelab/shared';
import { useEffect } from 'react';
import type { TRouteDef } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';

export function pageTitle(section: string): string {
  return `${PRODUCT_NAME} - ${section}`;
}

/** On every navigation: the page title and the current route name in the store (spec §2). */
export function useRouteTracking(route: TRouteDef | null, pathname: string): void {
  const setCurrentRoutePath = useAppStore((state) => state.setCurrentRoutePath);
  useEffect(() => {
    document.title = pageTitle(route?.section ?? 'Not found');
    setCurrentRoutePath(route?.name ?? 'not-found');
  }, [route, pathname, setCurrentRoutePath]);
}
