/// <reference lib="dom" />
/**
 * The paired phone put to use: from Remote Cam, once the phone is live, the desktop goes on to
 * analysis or practice with that camera while the phone stays connected (the session lives above
 * the routes). The phone says where to stand it for the chosen movement's view; the practice
 * plays the phone's stream (the pose model runs on the desktop) and is saved with source remote;
 * the phone dropping mid-practice is said plainly, with this device's camera offered instead.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { expect } from '../fixtures/index.js';
import { newPhone, signInContext, test } from '../fixtures/media.js';
import { joinUrlOf, REMOTE_VIDEO, remoteStreamId, waitForRemoteFrame } from '../fixtures/remote.js';

const PRACTICE_VIDEO = 'Camera or video being analysed';

/** Moves the app to `path` as its own links do (no reload: a reload would rebuild the phone's connection). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const streamIdOf = (page: Page, label: string) =>
  page.locator(`video[aria-label="${label}"]`).evaluate((video: HTMLVideoElement) => (video.srcObject as MediaStream | null)?.id ?? null);

test('a paired phone is used for analysis and practice, advises where to stand, and its loss mid-practice is said plainly', async ({
  page,
  context,
  signUpUser,
  snap,
}) => {
  test.setTimeout(240_000);
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const phone = await newPhone(context);
  await phone.goto(await joinUrlOf(page));

  await test.step('joined, the phone gives general placement advice until a movement is chosen', async () => {
    const advice = phone.getByRole('region', { name: 'Where to put the phone' });
    await expect(advice.getByTestId('placement-text')).toHaveText(/once a movement is chosen on the desktop/i, { timeout: 30_000 });
    await expect(advice).toContainText('head to feet');
    await expectAccessible(phone, 'the phone page with placement advice');
  });

  await test.step('live on the desktop: practise or analyse with this camera', async () => {
    await phone.getByRole('button', { name: 'Start streaming' }).click();
    await waitForRemoteFrame(page);
    const use = page.getByRole('region', { name: 'Use this camera' });
    await expect(use.getByRole('link', { name: 'Practise with this camera' })).toBeVisible();
    await expectAccessible(page, 'Remote Cam with a live phone');
    await snap('01-remote-cam-live');
    await use.getByRole('link', { name: 'Analyse with this camera' }).click();
    await expect(page).toHaveURL(/\/movescore\/analyze$/);
  });

  await test.step("the analysis of a side perspective offers the live phone, and the phone says to stand side-on", async () => {
    await goInApp(page, '/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
    await expect(page.getByRole('button', { name: "Start with the phone's camera" })).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('placement-text')).toHaveText(/side-on to you/, { timeout: 15_000 });
    await snap('02-phone-side-advice', phone);
  });

  let phoneStreamId: string | null = null;
  await test.step("practice runs on the phone's stream and is saved with source remote", async () => {
    await goInApp(page, '/practice/routine/core-basics');
    const start = page.getByRole('button', { name: "Start with the phone's camera" });
    await expect(start).toBeEnabled({ timeout: 30_000 });
    phoneStreamId = await remoteStreamId(page, REMOTE_VIDEO);
    expect(phoneStreamId).not.toBeNull();
    await start.click();
    const stage = page.getByRole('region', { name: 'Practice in progress' });
    await expect(stage.getByTestId('practice-seconds')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    // The practice's own video plays the stream received from the phone, not a camera of this device.
    expect(await streamIdOf(page, PRACTICE_VIDEO)).toBe(phoneStreamId);
    await page.getByRole('button', { name: 'End session' }).click();
    await expect(page.getByRole('heading', { name: 'Well done' })).toBeVisible();
    await expect(page.getByText('Saved to your history')).toBeVisible({ timeout: 15_000 });

    await goInApp(page, '/movescore/history');
    const row = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item').first();
    await expect(row).toContainText('Practice · Core stability', { timeout: 30_000 });
    await expect(row).toContainText('Phone camera');
  });

  await test.step('the phone dropping mid-practice is said plainly; this device’s camera takes over', async () => {
    await goInApp(page, '/practice/routine/core-basics');
    await page.getByRole('button', { name: "Start with the phone's camera" }).click();
    const stage = page.getByRole('region', { name: 'Practice in progress' });
    await expect(stage.getByTestId('practice-seconds')).toBeVisible({ timeout: 30_000 });
    await phone.context().close();
    const lost = page.getByRole('alert', { name: 'Phone camera lost' });
    await expect(lost).toContainText("The phone's camera has disconnected", { timeout: 30_000 });
    await expect(lost.getByRole('button', { name: 'Reconnect the phone' })).toBeVisible();
    await expectAccessible(page, 'the practice after the phone dropped');
    await snap('03-phone-lost');
    await lost.getByRole('button', { name: "Continue with this device's camera" }).click();
    await expect(lost).toBeHidden();
    await expect.poll(() => streamIdOf(page, PRACTICE_VIDEO)).not.toBe(phoneStreamId);
    await expect(page.getByRole('button', { name: 'Resume' })).toBeHidden();
  });
});
