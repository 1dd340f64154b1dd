/**
 * Smoke: the first thing a new person does. Sign up through the UI, land on /home, stay signed
 * in across a reload, sign out back to /auth. Runs on the phone and desktop projects.
 */
import { logOutWithConfirmation, signUpWithForm } from '../fixtures/forms.js';
import { expect, test } from '../fixtures/index.js';

const AUTH_URL = /\/auth(\?.*)?$/;
const HOME_URL = /\/home$/;

test('a new user signs up, stays signed in after a reload and signs out', async ({ page, credentials, snap }) => {
  await test.step('a signed-out visitor is sent to the sign-in page', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(AUTH_URL);
    await expect(page.getByRole('heading', { name: /welcome to movelab/i })).toBeVisible();
    await snap('01-auth');
  });

  await test.step('sign up through the form', async () => {
    await signUpWithForm(page, credentials);
  });

  await test.step('lands on /home, greeted by name', async () => {
    await expect(page).toHaveURL(HOME_URL);
    await expect(page.getByRole('heading', { name: credentials.displayName })).toBeVisible();
    await snap('02-home');
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expect(page).toHaveURL(HOME_URL);
    await expect(page.getByRole('heading', { name: credentials.displayName })).toBeVisible();
  });

  await test.step('signing out returns to /auth, and /home stays closed', async () => {
    await logOutWithConfirmation(page);
    await expect(page).toHaveURL(AUTH_URL);
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    await snap('03-signed-out');
    await page.goto('/home');
    await expect(page).toHaveURL(AUTH_URL);
  });
});

test('an existing user signs in with the form; a wrong password is refused with the catalogue message', async ({ page, signUpUser, snap }) => {
  const user = await signUpUser();
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(`${user.password}-wrong`);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(AUTH_URL);
  await snap('01-wrong-password');

  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByRole('heading', { name: user.displayName })).toBeVisible();
});

test('a new user may leave the display name empty and is greeted without the placeholder name', async ({ page, credentials }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign up' });
  await expect(form.getByText('Optional: without one you appear as New User')).toBeVisible();
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)$/ })).toBeVisible();
});
