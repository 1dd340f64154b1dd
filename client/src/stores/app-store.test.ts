import { APP_VERSION } from '@movelab/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { userRecord } from '@/testing/fake-backend';
import { resetAppStore, useAppStore } from './app-store';

const store = () => useAppStore.getState();

describe('app store', () => {
  beforeEach(() => resetAppStore());

  it('starts on home, signed out, with the app version', () => {
    expect(store()).toMatchObject({
      appVersion: APP_VERSION,
      currentRoutePath: 'home',
      showMenuDrawer: false,
      roles: [],
      rolesStatus: 'unknown',
      search: '',
      currentUser: null,
      currentConversationId: null,
    });
  });

  it('clears the roles, and what is known of them, when the user is set to null', () => {
    store().setCurrentUser({ ...userRecord('u1', { roles: ['ADMIN'] }), uid: 'u1' });
    store().setRoles(['ADMIN']);
    expect(store()).toMatchObject({ roles: ['ADMIN'], rolesStatus: 'known' });

    store().setCurrentUser(null);

    expect(store()).toMatchObject({ currentUser: null, roles: [], rolesStatus: 'unknown' });
  });

  it('keeps the roles when another user is set', () => {
    store().setRoles(['ADMIN']);
    store().setCurrentUser({ ...userRecord('u2'), uid: 'u2' });
    expect(store().roles).toEqual(['ADMIN']);
  });

  it("starts a session with the record's roles, not known for a new user until read again", () => {
    store().startSession({ ...userRecord('u1', { roles: ['ADMIN'] }), uid: 'u1' });
    store().setRoles(['ADMIN']);

    store().startSession({ ...userRecord('u2'), uid: 'u2' });
    expect(store()).toMatchObject({ roles: [], rolesStatus: 'unknown' });

    store().setRoles(['ADMIN']);
    expect(store()).toMatchObject({ roles: ['ADMIN'], rolesStatus: 'known' });
  });

  it('takes the roles of a record read again for the same user, as known as before', () => {
    store().startSession({ ...userRecord('u1'), uid: 'u1' });
    store().setRoles([]);
    store().startSession({ ...userRecord('u1', { roles: ['ADMIN'] }), uid: 'u1' });
    expect(store()).toMatchObject({ roles: ['ADMIN'], rolesStatus: 'known' });
  });

  it('settles the roles at hand when they cannot be read again', () => {
    store().startSession({ ...userRecord('u1'), uid: 'u1' });
    store().settleRoles();
    expect(store()).toMatchObject({ roles: [], rolesStatus: 'known' });
  });

  it('updates the display name of the connected user only', () => {
    store().setDisplayName('Nobody');
    expect(store().currentUser).toBeNull();

    store().setCurrentUser({ ...userRecord('u1'), uid: 'u1' });
    store().setDisplayName('Grace Hopper');
    expect(store().currentUser).toMatchObject({ displayName: 'Grace Hopper', displayNameLowercase: 'grace hopper' });
  });

  it('sets the drawer and the route name', () => {
    store().setShowMenuDrawer(true);
    store().setCurrentRoutePath('discover');
    expect(store()).toMatchObject({ showMenuDrawer: true, currentRoutePath: 'discover' });
  });
});
