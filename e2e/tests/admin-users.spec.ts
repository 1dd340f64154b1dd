/**
 * Administration of users, as an admin uses it on a phone and on a desktop: the user list
 * (filters, pages, back/forward), granting ADMIN, and disabling an account.
 */
import { expectAccessible } from '../fixtures/axe.js';
import { adminJourneys, signIn, submitSignIn, tag } from '../fixtures/admin.js';
import { expect, test } from '../fixtures/index.js';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../fixtures/env.js';
import { firebaseFirestore } from '../fixtures/firebase.js';

adminJourneys();

test('an admin filters and pages through users, grants ADMIN to one who can then open the administration, and disables another', async ({
  page,
  api,
  browser,
  snap,
  signUpUser,
  firebaseMode,
}) => {
  const prefix = `Zq${tag()}`;
  const emailPrefix = prefix.toLowerCase();
  const people = Array.from({ length: 12 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return { displayName: `${prefix} ${number}`, email: `${emailPrefix}-${number}@e2e.movelab.test`, password: E2E_PASSWORD };
  });
  const uids: string[] = [];
  for (const person of people) {
    const { session } = firebaseMode ? await signUpUser(person) : { session: await api('signUp', { body: person }) };
    uids.push(session.user.uid);
    const record = { displayName: person.displayName, email: person.email };
    const token = session.tokens.idToken;
    if (firebaseMode) {
      // The first-start record the client writes (users.ts createUser), as the user, through the rules;
      // without its createdAt, which the rules take only as the server's time of the write.
      const data = { ...record, displayNameLowercase: person.displayName.toLowerCase(), roles: [], activities: [], routineSubscriptions: [] };
      expect(await firebaseFirestore().create(`users/${session.user.uid}`, data, token)).toBe(200);
    } else {
      await api('createUser', { params: { uid: session.user.uid }, token, body: record });
    }
  }
  await test.step('a link to the user list opened signed out leads through sign-in to the list, not Home', async () => {
    // Right after signing in: the roles are read again as the app connects (in Firebase mode the
    // admin's first sign-in is granted ADMIN only then), and the page waits for them.
    await page.goto('/administration/user');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadministration%2Fuser$/);
    await submitSignIn(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/administration\/user$/);
  });
  await test.step('the home counts say "1 user" for one and the plural for any other number', async () => {
    await page.goto('/administration');
    const counts = page.getByRole('list', { name: 'Counts' }).getByRole('listitem');
    await expect(counts.first()).toHaveText(/^\d+ Users?$/, { timeout: 30_000 });
    for (const [singular, plural] of [
      ['User', 'Users'],
      ['Activity', 'Activities'],
      ['Movescore group', 'Movescore groups'],
    ] as const) {
      const item = counts.filter({ hasText: new RegExp(`^\\d+ (${singular}|${plural})$`) });
      await expect(item).toHaveText(/^\d+ /);
      const [count = '', noun] = ((await item.textContent()) ?? '').split(/ (.*)/);
      expect(noun, `${count} ${noun}`).toBe(count === '1' ? singular : plural);
    }
    await page.goto('/administration/user');
  });
  const rows = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('link') });

  await test.step('filter by name and page through with next, previous and the browser history', async () => {
    await page.getByLabel('Page size').selectOption('10');
    await page.getByLabel('Name starts with').fill(prefix.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`name=${prefix.toLowerCase()}`));
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(`${prefix} 01`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(`${prefix} 11`);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(`${prefix} 01`);
    await page.goBack();
    await expect(rows).toHaveCount(2);
    await page.goForward();
    await expect(rows).toHaveCount(10);
    await expectAccessible(page, 'the admin user list');
    await snap('03-users-by-name');
  });

  await test.step('filter by e-mail prefix, sorted by e-mail', async () => {
    await page.getByLabel('Name starts with').fill('');
    await page.getByLabel('E-mail starts with').fill(`${emailPrefix}-0`);
    await expect(page.getByText(/sorted by e-mail/)).toBeVisible();
    await expect(rows).toHaveCount(9);
    await expect(rows.first()).toContainText(`${emailPrefix}-01@`);
    await expect(rows.last()).toContainText(`${emailPrefix}-09@`);
  });

  await test.step('grant ADMIN after confirming', async () => {
    await page.getByRole('link', { name: `${prefix} 03` }).click();
    await expect(page.getByRole('heading', { name: `${prefix} 03`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Grant ADMIN' }).click();
    const confirm = page.getByRole('dialog', { name: 'Grant ADMIN?' });
    await confirm.getByRole('button', { name: 'Grant ADMIN' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Revoke ADMIN' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^ADMIN$/ })).toBeVisible();
    await expectAccessible(page, 'the admin user details');
    await snap('04-user-granted');
  });

  await test.step('the new admin opens the administration', async () => {
    // A second person in a fresh browser; the offline service worker is not what this checks.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const other = await context.newPage();
    await signIn(other, people[2]!.email, E2E_PASSWORD);
    await other.goto('/administration');
    await expect(other).toHaveURL(/\/administration$/);
    await expect(other.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
    await context.close();
  });

  await test.step('a disabled account is shown as such and no longer signs in; enabled again, it does', async () => {
    await page.goto(`/administration/user/${uids[4]}`);
    await expect(page.getByRole('heading', { name: `${prefix} 05`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('dialog', { name: 'Disable account?' }).getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByRole('definition').filter({ hasText: /^Disabled$/ })).toBeVisible();

    const context = await browser.newContext({ serviceWorkers: 'block' });
    const other = await context.newPage();
    await other.goto('/auth');
    const form = other.getByRole('tabpanel', { name: 'Sign in' });
    await form.getByLabel('Email').fill(people[4]!.email);
    await form.getByLabel('Password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.getByText(/disabled/i)).toBeVisible();
    await expect(other).toHaveURL(/\/auth/);

    await page.getByRole('button', { name: 'Enable account' }).click();
    await page.getByRole('dialog', { name: 'Enable account?' }).getByRole('button', { name: 'Enable account' }).click();
    await expect(page.getByRole('definition').filter({ hasText: /^Active$/ })).toBeVisible();
    await signIn(other, people[4]!.email, E2E_PASSWORD);
    await context.close();
  });
});
