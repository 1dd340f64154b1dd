/**
 * Camera tiles in Practise together, as two people meet them: each in a browser of their own with
 * Chromium's fake camera, the host opens a session for squats and a friend joins by its link; the
 * sharing switch is off for both (no video leaves a device), the host starts and turns sharing on,
 * and the friend's screen shows the host's camera, live (its frames advance), over WebRTC. When
 * the host turns it off again the friend's tile goes.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { expectFramesAdvancing, signInContext, test } from '../fixtures/media.js';
import type { TSignedUpUser } from '../fixtures/index.js';
import { makeCredentials } from '../fixtures/index.js';
import { signInWithForm } from './pose-media.js';

type TPerson = TSignedUpUser & { page: Page };

const shareSwitch = (page: Page) => page.getByRole('switch', { name: 'Share my camera with the group' });

test('a member shares their camera: the other sees it live, and it goes when they stop', async ({
  browser,
  baseURL,
  signUpUser,
  firebaseMode,
  snap,
}) => {
  test.setTimeout(180_000);
  const newPerson = async (label: string): Promise<TPerson> => {
    const user = await signUpUser(makeCredentials(label));
    const context = await (browser as Browser).newContext({
      baseURL,
      permissions: ['camera'],
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    if (firebaseMode) await signInWithForm(page, user);
    else await signInContext(context, user.session);
    return { ...user, page };
  };
  const [host, friend] = await Promise.all([newPerson('host'), newPerson('friend')]);

  await test.step('the host opens a session for squats and the friend joins by its link', async () => {
    await host.page.goto('/together/new?movement=squat');
    const link = await host.page.getByRole('textbox', { name: 'Link to share' }).inputValue({ timeout: 30_000 });
    const { pathname, hash } = new URL(link);
    await friend.page.goto(`${pathname}${hash}`);
    await friend.page.getByRole('button', { name: 'Join the session' }).click();
    await expect(host.page.getByRole('list', { name: 'People in this session' }).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    await host.page.getByRole('button', { name: 'Start' }).click();
  });

  await test.step('sharing is off on both screens until the host turns it on; then the friend sees the host’s camera', async () => {
    for (const person of [host, friend]) await expect(shareSwitch(person.page)).toHaveAttribute('aria-checked', 'false', { timeout: 20_000 });
    await expect(friend.page.getByRole('region', { name: 'Shared cameras' })).toHaveCount(0);
    await shareSwitch(host.page).click();
    await expect(shareSwitch(host.page)).toHaveAttribute('aria-checked', 'true');
    await expect(host.page.getByText('The others in this session see your camera’s video now.')).toBeVisible({ timeout: 20_000 });
    const label = `${host.displayName}'s camera`;
    await expect(friend.page.getByLabel(label)).toBeVisible({ timeout: 30_000 });
    await expectFramesAdvancing(friend.page, label);
    // The host sees no tile of their own.
    await expect(host.page.getByRole('region', { name: 'Shared cameras' })).toHaveCount(0);
    await snap('01-camera-tile', friend.page);
  });

  await test.step('the host turns sharing off: the friend’s tile goes', async () => {
    await shareSwitch(host.page).click();
    await expect(friend.page.getByRole('region', { name: 'Shared cameras' })).toHaveCount(0, { timeout: 20_000 });
  });
  await Promise.all([host, friend].map((person) => person.page.context().close()));
});
