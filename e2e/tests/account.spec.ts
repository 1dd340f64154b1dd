/**
 * The account's forms on both backends: sign-in, sign-up and reset saying what went wrong (or
 * where the link went) inside the form; the password change in settings; account deletion with
 * its confirmation, and the account that no longer signs in. (settings.spec.ts has the avatar
 * upload, which needs Storage, so these journeys live apart and also run in the firebase-desktop
 * project.)
 */
import { expect, test } from '../fixtures/index.js';
import { logOutWithConfirmation, signInWithForm, signUpWithForm } from '../fixtures/forms.js';
import { loggedLinkCode } from '../fixtures/gateway-log.js';
import { expectInView } from '../fixtures/layout.js';

test('the sign-in and sign-up forms say a refusal beside their button, and the reset form where the link went', async ({
  page,
  signUpUser,
  firebaseMode,
}) => {
  const user = await signUpUser();
  await page.goto('/auth');

  await test.step('each tab keeps its label on one line, on a 390 px phone too', async () => {
    for (const name of ['Sign in', 'Sign up', 'Reset password']) {
      const lines = await page.getByRole('tab', { name }).evaluate((tab) => {
        const range = document.createRange();
        range.selectNodeContents(tab);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines, name).toBe(1);
    }
  });

  await test.step('a wrong password is said inside the sign-in form, in view, with no toast', async () => {
    await signInWithForm(page, { email: user.email, password: 'not-the-password' });
    const form = page.getByRole('tabpanel', { name: 'Sign in' });
    await expect(form.getByRole('alert')).toHaveText('Email or password is incorrect');
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expectInView(page, form.getByRole('alert'), 'the sign-in error');
  });

  await test.step('sign-up shows the password rule before it is broken, and says the e-mail is taken', async () => {
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByRole('tabpanel', { name: 'Sign up' });
    await expect(form.getByLabel('Password')).toHaveAccessibleDescription('At least 6 characters');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByRole('alert')).toHaveText('This email is already used. Please login or reset your password');
    await expect(page.getByRole('alert')).toHaveCount(1);
  });

  await test.step('a reset request says where the link went, and never "sent" for a server that sends no e-mail', async () => {
    await page.getByRole('tab', { name: 'Reset password' }).click();
    const form = page.getByRole('tabpanel', { name: 'Reset password' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    const status = form.getByRole('status');
    if (firebaseMode) {
      await expect(status).toHaveText(`A password reset link was sent to ${user.email}. Open it to choose a new password.`);
    } else {
      await expect(status).toContainText(`This server does not send e-mail: the password reset link for ${user.email} is in the gateway log`);
      await expect(status).not.toContainText('sent');
    }
  });
});

test('a user changes the password in settings with the current one and stays there', async ({ page, signUpUser, snap }) => {
  const user = await signUpUser();
  const newPassword = `${user.password}-renewed`;
  await page.goto('/auth');
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });

  await test.step('the rule shows before it is broken; a wrong current password is said at its field', async () => {
    await expect(form.getByLabel('New password', { exact: true })).toHaveAccessibleDescription('At least 6 characters');
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Repeat the new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('This is not your current password');
    await expect(form.getByLabel('Current password')).toBeFocused();
  });

  await test.step('with the right one the password changes, and the user stays on settings', async () => {
    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
    await snap('01-password-form');
  });

  await test.step('a reload keeps the session, and the new password signs in after a logout', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await logOutWithConfirmation(page);
    await expect(page).toHaveURL(/\/auth/);
    await signInWithForm(page, { email: user.email, password: newPassword });
    // Signed in again, the app goes back to the page the user left.
    await expect(page).toHaveURL(/\/settings$/);
    await snap('02-password-changed');
  });
});

test('a user deletes their account from settings: signed out, and the account no longer signs in', async ({
  page,
  signUpUser,
  api,
  snap,
  firebaseMode,
}) => {
  const user = await signUpUser();
  await page.goto('/auth');
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');

  await test.step('cancel leaves the account as it was', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone');
    await snap('03-delete-account');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('confirmed, the account is deleted and the user lands on sign-in', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Your account was deleted')).toBeVisible();
  });

  await test.step('the old password signs in no more, and the old token reads nothing', async () => {
    const form = page.getByRole('tabpanel', { name: 'Sign in' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email or password is incorrect')).toBeVisible();
    // The embedded gateway's REST API; in Firebase mode the refused sign-in above is the check.
    if (!firebaseMode) {
      await expect(api('getUser', { params: { uid: user.session.user.uid }, token: user.session.tokens.idToken })).rejects.toThrow(/401|403|404/);
    }
  });
});

test('a new sign-up asks for no record it does not have yet, and a verification link opened again says it is verified', async ({
  page,
  browser,
  credentials,
  firebaseMode,
}) => {
  test.skip(firebaseMode, 'reads the verification link from the embedded gateway log');
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/')) notFound.push(response.url());
  });
  await page.goto('/auth');
  const signedUp = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sign-up');
  await signUpWithForm(page, credentials);
  const { user } = (await (await signedUp).json()) as { user: { uid: string } };
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Start-up creates or loads the record in one request: no GET of a record not made yet (404).
  expect(notFound).toEqual([]);

  const link = `/auth?mode=verifyEmail&oobCode=${encodeURIComponent(await loggedLinkCode('email verification link', user.uid))}`;
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByText('Your e-mail address is verified. You can sign in.')).toBeVisible();
  await other.goto(link);
  await expect(other.getByText(/^Your e-mail address is already verified/)).toBeVisible();
  await expect(other.getByRole('alert')).toHaveCount(0);
  await context.close();
});
