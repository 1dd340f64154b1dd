/**
 * The server goes away and comes back (embedded backend: every `/api` request fails as a
 * stopped server's would): the page says so in plain words, never the browser's "Failed to
 * fetch", and shows its data again by itself once the server answers, without "Try again".
 */
import type { Route } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/index.js';
import { waitForDeviceCache } from '../fixtures/device-cache.js';
import { signInWithForm } from './pose-media.js';

const serverDown = (route: Route) => route.abort('connectionrefused');

test('with the server down a page says so plainly, and recovers by itself when the server returns', async ({ page, signUpUser }) => {
  test.setTimeout(150_000);
  const user = await signUpUser();
  await signInWithForm(page, user);
  await page.goto('/movescore/history');
  await expect(page.getByText('No sessions here yet.')).toBeVisible({ timeout: 30_000 });
  // The account's record is kept on the device a moment after it is read: a reload before that,
  // with the server down, cannot open the account at all ("Your profile could not be loaded").
  await waitForDeviceCache(page, user.email);

  await page.route('**/api/**', serverDown);
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Your history could not be loaded' });
  await expect(failure).toContainText('The server cannot be reached right now. This page tries again by itself', { timeout: 30_000 });
  await expect(page.getByText(/Failed to fetch|Network request failed|TypeError/)).toHaveCount(0);
  await expectAccessible(page, 'history with the server down');

  await page.unroute('**/api/**', serverDown);
  await expect(page.getByText('No sessions here yet.')).toBeVisible({ timeout: 30_000 });
  await expect(failure).toHaveCount(0);
});
