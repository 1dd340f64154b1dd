import { describe, expect, it } from 'vitest';
import { hrefByName, paths, routes, safeRedirect } from './paths';

describe('paths', () => {
  const all = Object.values(routes);

  it('give every route a path and a name of its own', () => {
    expect(new Set(all.map((route) => route.path)).size).toBe(all.length);
    expect(new Set(all.map((route) => route.name)).size).toBe(all.length);
  });

  it('keep admin access and the /administration pages together, so no admin page is open and no admin link is shown to all', () => {
    for (const route of all) {
      expect(route.access === 'admin', route.path).toBe(route.path === '/administration' || route.path.startsWith('/administration/'));
    }
  });

  it('have a link builder for every route, whose links the route itself matches', () => {
    const sample = (name: string) => `${name}-1`;
    for (const [key, route] of Object.entries(routes)) {
      const build = paths[key as keyof typeof paths];
      expect(typeof build, key).toBe('function');
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
      const params = Object.fromEntries(names.map((name) => [name, sample(name)]));
      const href = names.length > 0 ? (build as (params: Record<string, string>) => string)(params) : (build as () => string)();
      const pattern = new RegExp(`^${route.path.replace(/:([A-Za-z]+)/g, '[^/]+')}$`);
      expect(href, key).toMatch(pattern);
      for (const name of names) expect(href, key).toContain(sample(name));
    }
  });

  it('name every route without parameters for the navigation, and none with them', () => {
    for (const route of all) expect(hrefByName[route.name]).toBe(route.path.includes(':') ? undefined : route.path);
  });

  it('build links with encoded parameters', () => {
    expect(paths.movescoreSelectPerspective({ groupId: 'g 1', movementId: 'm/2' })).toBe(
      '/movescore/analyze/g%201/movement/m%2F2',
    );
    expect(paths.adminMovescorePerspective({ groupId: 'g', movementId: 'm', perspectiveId: 'p' })).toBe(
      '/administration/movescore/group/g/movement/m/perspective/p',
    );
  });

  it('only redirect to paths of this site after sign-in', () => {
    expect(safeRedirect('/discover/42?x=1')).toBe('/discover/42?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('/auth?redirect=/x')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});
