import { describe, expect, it } from 'vitest';
import { routes } from '@/config/paths';
import { routeAccess } from './access';

const signedOut = { isSignedIn: false, roles: [], rolesStatus: 'unknown' } as const;
const member = { isSignedIn: true, roles: [], rolesStatus: 'known' } as const;
const admin = { isSignedIn: true, roles: ['ADMIN'], rolesStatus: 'known' } as const;
const allow = { kind: 'allow' };
const redirect = (to: string) => ({ kind: 'redirect', to });

describe('routeAccess', () => {
  it('lets everyone on open routes', () => {
    expect(routeAccess(routes.auth, signedOut, '/auth')).toEqual(allow);
    expect(routeAccess(routes.customRemoteStreaming, signedOut, '/remote-streaming/abc')).toEqual(allow);
  });

  it('sends signed-out viewers to /auth with the way back', () => {
    expect(routeAccess(routes.discover, signedOut, '/discover?tab=2')).toEqual(redirect('/auth?redirect=%2Fdiscover%3Ftab%3D2'));
    expect(routeAccess(routes.adminUsers, signedOut, '/administration/user')).toEqual(redirect('/auth?redirect=%2Fadministration%2Fuser'));
  });

  it('keeps admin routes for ADMIN only: an empty role list is not enough', () => {
    expect(routeAccess(routes.adminHome, member, '/administration')).toEqual(redirect('/home'));
    expect(routeAccess(routes.adminHome, { ...member, roles: ['EDITOR'] }, '/administration')).toEqual(redirect('/home'));
    expect(routeAccess(routes.adminHome, admin, '/administration')).toEqual(allow);
    expect(routeAccess(routes.home, member, '/home')).toEqual(allow);
  });

  it('waits on admin routes while the roles are unknown, since ADMIN may still be granted', () => {
    const unknown = { ...member, rolesStatus: 'unknown' } as const;
    expect(routeAccess(routes.adminUser, unknown, '/administration/user/u1')).toEqual({ kind: 'wait' });
    expect(routeAccess(routes.adminUser, { ...unknown, roles: ['EDITOR'] }, '/administration/user/u1')).toEqual({ kind: 'wait' });
    // ADMIN at hand already opens them; other routes never wait.
    expect(routeAccess(routes.adminUser, { ...unknown, roles: ['ADMIN'] }, '/administration/user/u1')).toEqual(allow);
    expect(routeAccess(routes.discover, unknown, '/discover')).toEqual(allow);
    expect(routeAccess(routes.adminHome, { ...signedOut, roles: ['ADMIN'] }, '/administration')).toEqual(
      redirect('/auth?redirect=%2Fadministration'),
    );
  });
});
