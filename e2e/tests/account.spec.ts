/**
 * Account deletion from settings, on both backends: the confirmation, the deletion, and the
 * account that no longer signs in. (settings.spec.ts has the avatar upload, which needs Storage,
 * so this journey lives apart and also runs in the firebase-desktop project.)
 */
import { expect, test } from '../fixtures/index.js';
import { signInWithForm } from '../fixtures/forms.js';

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
