/**
 * Access (spec §4/§6): a signed-in user without ADMIN is refused everywhere under
 * /administration, in the browser (each of the 11 children sends them to /home) and at the
 * API (admin endpoints answer 403 and change nothing). A signed-out visitor to a protected page
 * is sent to /auth and comes back to that page after signing in.
 */
import type { TApiName } from '@movelab/shared';
import { ApiCallError, type TCallOptions } from '../fixtures/api.js';
import { signInWithForm } from '../fixtures/forms.js';
import { expect, makeCredentials, test } from '../fixtures/index.js';

test('a user without ADMIN is sent home from every administration page', async ({ page, signUpUser }) => {
  // Eleven full loads of the built app on a shared 2-core machine.
  test.setTimeout(180_000);
  const user = await signUpUser();
  await page.goto('/auth');
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  // No way in is offered: the navigation has no Administration entry for this account.
  await expect(page.getByRole('link', { name: 'Settings' }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  const children = [
    '',
    '/user',
    `/user/${user.session.user.uid}`,
    '/activity',
    '/activity/bodyweight-strength',
    '/activity/bodyweight-strength/movements/squat',
    '/activity/bodyweight-strength/routines',
    '/movescore',
    '/movescore/group/squat',
    '/movescore/group/squat/movement/bodyweight-squat',
    '/movescore/group/squat/movement/bodyweight-squat/perspective/front',
  ];
  expect(children).toHaveLength(11);
  for (const child of children) {
    await page.goto(`/administration${child}`);
    await expect(page, `/administration${child}`).toHaveURL(/\/home$/, { timeout: 20_000 });
    await expect(page).toHaveTitle('Movelab - Home');
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(user.displayName) })).toBeVisible();
  }
});

test('admin endpoints answer 403 to a user without ADMIN and change nothing', async ({ api, signUpUser }) => {
  const user = await signUpUser();
  const other = await signUpUser(makeCredentials('other'));
  const token = user.session.tokens.idToken;
  const uid = user.session.user.uid;
  // The client creates users/{uid} on first start; these accounts never opened the app.
  for (const account of [user, other]) {
    await api('createUser', {
      token: account.session.tokens.idToken,
      params: { uid: account.session.user.uid },
      body: { displayName: account.displayName, email: account.email },
    });
  }

  const refused = async (name: TApiName, options: TCallOptions = {}) => {
    const error = await api(name, { ...options, token }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error, `${name} should be refused`).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status, name).toBe(403);
  };

  // What the refused calls would have changed, read before and after. Not the catalogue's counts:
  // other specs' admins add groups and activities to it side by side with this one.
  const before = {
    activity: await api('getActivity', { token, params: { activityId: 'bodyweight-strength' } }),
    group: await api('getGroup', { token, params: { groupId: 'squat' } }),
  };

  await refused('countUsers');
  await refused('filterUsers');
  await refused('setRoles', { params: { uid }, body: { roles: ['ADMIN'] } });
  await refused('setDisabled', { params: { uid: other.session.user.uid }, body: { disabled: true } });
  await refused('createGroup', { body: { name: 'Intruder group', coverUrl: '', description: '' } });
  await refused('updateGroup', { params: { groupId: 'squat' }, body: { name: 'Renamed' } });
  await refused('deleteGroup', { params: { groupId: 'squat' }, query: { children: 'cascade' } });
  await refused('createGroupMovement', { params: { groupId: 'squat' }, body: { name: 'Intruder', description: '' } });
  await refused('createCategory', { body: { name: 'Intruders', description: '', order: 9, icon: 'run' } });
  await refused('updateActivity', { params: { activityId: 'bodyweight-strength' }, body: { name: 'Hacked' } });
  await refused('deleteActivity', { params: { activityId: 'bodyweight-strength' }, query: { children: 'cascade' } });
  await refused('deleteRoutine', { params: { routineId: 'full-body-starter' } });

  expect(await api('getUser', { token, params: { uid } })).toMatchObject({ roles: [] });
  expect(await api('listGroups', { token, query: { prefix: 'Intruder' } })).toEqual([]);
  expect((await api('listCategories', { token })).map((category) => category.name)).not.toContain('Intruders');
  expect(await api('getActivity', { token, params: { activityId: 'bodyweight-strength' } })).toEqual(before.activity);
  expect(await api('getGroup', { token, params: { groupId: 'squat' } })).toEqual(before.group);
  expect(await api('getRoutine', { token, params: { routineId: 'full-body-starter' } })).toMatchObject({
    name: 'Full-body starter',
  });
  // The other account was not disabled: it still signs in.
  const again = await api('signIn', { body: { email: other.email, password: other.password } });
  expect(again.user.uid).toBe(other.session.user.uid);
});

test('a signed-out visitor to /settings signs in and lands back on /settings', async ({ page, signUpUser }) => {
  const user = await signUpUser();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings$/);
  await expect(page).toHaveTitle('Movelab - Sign in');

  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle('Movelab - Settings');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});
