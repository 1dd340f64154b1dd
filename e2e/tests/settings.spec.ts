/**
 * Settings, social pages and the installable app: a user edits their profile and avatar and
 * finds them again after a reload; Friends and Community open; the manifest is served and the
 * service worker takes control. Runs on the phone and desktop projects.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';
import { expectAccessible } from '../fixtures/axe.js';
import { signInWithForm } from '../fixtures/forms.js';

/** A small PNG drawn by the browser itself, as a person's photo would be picked. */
async function drawPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#00E0FF';
    context.fillRect(0, 0, 64, 64);
    context.fillStyle = '#141414';
    context.fillRect(16, 16, 32, 32);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('a user changes name, height and avatar in settings and finds them after a reload', async ({ page, signUpUser, snap }) => {
  const user = await signUpUser();
  const newName = `${user.displayName} Renamed`;
  await page.goto('/auth');
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/home$/);

  await test.step('settings open from the profile button, which settings itself hides', async () => {
    await page.getByRole('link', { name: 'Profile and settings' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile and settings' })).toHaveCount(0);
    await expect(page.getByText('2.6.0')).toBeVisible();
    await expect(page.getByRole('img', { name: `${user.displayName}'s initials` })).toBeVisible();
  });

  const profile = page.getByRole('form', { name: 'Profile' });
  await test.step('change the display name and the height', async () => {
    await profile.getByLabel('Display name').fill(newName);
    const height = profile.getByRole('spinbutton', { name: 'Height' });
    await height.fill('');
    await height.pressSequentially('18x2');
    await expect(height).toHaveValue('182');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
  });

  await test.step('upload an avatar and see it', async () => {
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPng(page) });
    await expect(page.getByText('Avatar saved')).toBeVisible();
    const avatar = page.getByRole('img', { name: `${newName}'s avatar` });
    await expect(avatar).toHaveAttribute('src', /\/files\/avatars\//);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await snap('01-settings-saved');
  });

  await test.step('a reload shows the saved values', async () => {
    await page.reload();
    await expect(profile.getByLabel('Display name')).toHaveValue(newName);
    await expect(profile.getByRole('spinbutton', { name: 'Height' })).toHaveValue('182');
    const avatar = page.getByRole('img', { name: `${newName}'s avatar` });
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  });

  await test.step('a height past the range is saved as the most allowed, and said so', async () => {
    const height = profile.getByRole('spinbutton', { name: 'Height' });
    await expect(height).toHaveAccessibleDescription('From 50 to 272 cm');
    await height.fill('1800');
    await height.press('Tab');
    await expect(height).toHaveValue('272');
    await expect(profile.getByRole('status')).toHaveText('Height set to 272 cm, the most allowed');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved. Height set to 272 cm, the most allowed.')).toBeVisible();
    await expectAccessible(page, 'a clamped height said');
    await page.reload();
    await expect(profile.getByRole('spinbutton', { name: 'Height' })).toHaveValue('272');
  });

  await test.step('Friends lists the people practised with (nobody yet), Community is coming soon; neither has the profile button', async () => {
    for (const [path, title, text] of [
      ['/friends', 'Friends', 'Practise together with someone and they appear here.'],
      ['/community', 'Community', 'Coming soon'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Profile and settings' })).toHaveCount(0);
    }
    await snap('02-community');
  });
});

test('the app is installable: manifest served, service worker in control', async ({ page, request }) => {
  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.ok()).toBe(true);
  const manifest = (await manifestResponse.json()) as { name: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest.name).toBe('Movelab');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  await page.goto('/auth');
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');

  // The API is never answered from the service worker's caches.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const isFromServiceWorker = await page.evaluate(async () => {
    const url = new URL(`/api/config?probe=${Date.now()}`, location.href).href;
    // The timing entry is recorded once the body has been read, which can be after fetch resolves.
    const recorded = new Promise<PerformanceResourceTiming>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const entry = list.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
        if (entry) {
          observer.disconnect();
          resolve(entry);
        }
      });
      observer.observe({ type: 'resource' });
    });
    await (await fetch(url)).text();
    const entry = await recorded;
    return entry.workerStart > 0 && entry.transferSize === 0;
  });
  expect(isFromServiceWorker).toBe(false);
});
