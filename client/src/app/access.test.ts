import { describe, expect, it } from 'vitest';
import { routes } from '@/config/paths';
import { accessRedirect } from './access';

const signedOut = { isSignedIn: false, roles: [] };
const member = { isSignedIn: true, roles: [] };
const admin = { isSignedIn: true, roles: ['ADMIN'] };

describe('accessRedirect', () => {
  it('lets everyone on open routes', () => {
    expect(accessRedirect(routes.auth, signedOut, '/auth')).toBeNull();
    expect(accessRedirect(routes.customRemoteStreaming, signedOut, '/remote-streaming/abc')).toBeNull();
  });

  it('sends signed-out viewers to /auth with the way back', () => {
    expect(accessRedirect(routes.discover, signedOut, '/discover?tab=2')).toBe('/auth?redirect=%2Fdiscover%3Ftab%3D2');
    expect(accessRedirect(routes.adminUsers, signedOut, '/administration/user')).toBe(
      '/auth?redirect=%2Fadministration%2Fuser',
    );
  });

  it('keeps admin routes for ADMIN only: an empty role list is not enough', () => {
    expect(accessRedirect(routes.adminHome, member, '/administration')).toBe('/home');
    expect(accessRedirect(routes.adminHome, { isSignedIn: true, roles: ['EDITOR'] }, '/administration')).toBe('/home');
    expect(accessRedirect(routes.adminHome, admin, '/administration')).toBeNull();
    expect(accessRedirect(routes.home, member, '/home')).toBeNull();
  });
});
