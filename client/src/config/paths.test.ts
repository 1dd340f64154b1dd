import { describe, expect, it } from 'vitest';
import { paths, routes, safeRedirect } from './paths';

describe('paths', () => {
  it('hold the 14 spec routes, the movescore analysis and history routes, the 11 administration children and the admin live page', () => {
    const all = Object.values(routes);
    expect(all).toHaveLength(28);
    expect(all.filter((route) => route.access === 'admin')).toHaveLength(12);
    expect(new Set(all.map((route) => route.name)).size).toBe(all.length);
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
