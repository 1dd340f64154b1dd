/// <reference lib="dom" />
/**
 * The paired phone put to use, in both backends: from Remote Cam, once the phone is live, the
 * desktop goes on to analysis or practice with that camera while the phone stays connected (the
 * session lives above the routes). The phone's browser films two real goblet squats (Chromium's
 * fake camera fed with the MIT clip, looped); the phone says where to stand it for the chosen
 * movement's view; the practice plays the received stream (the pose model runs on the desktop) and
 * is saved with source remote, "Phone camera" in History. A squat analysis filmed by the phone
 * counts the clip's squats live on the desktop and saves the take. The phone dropping
 * mid-practice is said plainly, with this device's camera offered instead, and that panel works
 * at 390x844 by keyboard. Signing out ends the phone's session.
 */
import type { Page } from '@playwright/test';
import type { TUser } from '@movelab/shared';
import { expectAccessible } from '../fixtures/axe.js';
import { firestoreDocument } from '../fixtures/firebase.js';
import { expect, test } from '../fixtures/index.js';
import { expectInView, tabTo } from '../fixtures/layout.js';
import { newPhone } from '../fixtures/media.js';
import { joinUrlOf, REMOTE_VIDEO, remoteStreamId, waitForRemoteFrame } from '../fixtures/remote.js';
import { fakeCameraLaunch, logOutWithApp, requireMedia, signInWithForm, SQUAT_CAMERA_CLIP } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions, SQUAT_CAMERA_CLIP)) });

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

test('a paired phone is used for analysis and practice, its loss mid-practice is said plainly, and signing out ends it', async ({
  page,
  api,
  signUpUser,
  snap,
  firebaseMode,
}) => {
  test.setTimeout(300_000);
  requireMedia();
  const host = await signUpUser();
  const [uid, token] = [host.session.user.uid, host.session.tokens.idToken];
  /** The remote session id kept on the user's record, read as the user (over REST, or from Firestore in Firebase mode). */
  const savedSessionId = async () => {
    const record = firebaseMode ? await firestoreDocument<TUser>(token, `users/${uid}`) : await api('getUser', { params: { uid }, token });
    return record?.apiRtcConversationId ?? null;
  };
  await signInWithForm(page, host);
  await page.goto('/remote-streaming');
  const joinUrl = await joinUrlOf(page);
  const sessionId = new URL(joinUrl).pathname.split('/').pop();
  const phone = await newPhone(page.context());
  await phone.goto(joinUrl);

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

  await test.step('the analysis of a side perspective offers the live phone, and the phone says to stand side-on', async () => {
    await goInApp(page, '/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
    await expect(page.getByRole('button', { name: "Start with the phone's camera" })).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('placement-text')).toHaveText(/side-on to you/, { timeout: 15_000 });
    await snap('02-phone-side-advice', phone);
  });

  await test.step('the squats the phone films are counted on the desktop, and the take is saved as filmed by the phone', async () => {
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await page.getByRole('button', { name: "Start with the phone's camera" }).click();
    await expect(page.getByTestId('live-rep-count')).toBeVisible({ timeout: 15_000 });
    // The phone films the clip's squats; the desktop's pose model counts them from the received stream.
    await expect(page.getByTestId('live-rep-count')).toHaveText(/[1-9]/, { timeout: 90_000 });
    await snap('03-phone-squat-counted');
    await page.getByRole('button', { name: 'Stop and see the result' }).click();
    await expect(page.getByTestId('analysis-rep-count')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByText('Saved to your sessions')).toBeVisible({ timeout: 15_000 });
    // The phone stays connected for what follows.
    await expect(phone.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  });

  let phoneStreamId: string | null = null;
  await test.step("practice runs on the phone's stream and is saved with source remote", async () => {
    // The glute bridge is counted by hand (the camera does not track it): a rep counted whatever the phone films.
    await goInApp(page, '/practice/routine/hip-opener');
    const start = page.getByRole('button', { name: "Start with the phone's camera" });
    await expect(start).toBeEnabled({ timeout: 30_000 });
    phoneStreamId = await remoteStreamId(page, REMOTE_VIDEO);
    expect(phoneStreamId).not.toBeNull();
    await start.click();
    const stage = page.getByRole('region', { name: 'Practice in progress' });
    await stage.getByRole('button', { name: 'Count a rep' }).click({ timeout: 30_000 });
    await expect(stage.getByTestId('practice-reps')).toHaveText('1');
    // The practice's own video plays the stream received from the phone, not a camera of this device.
    expect(await streamIdOf(page, PRACTICE_VIDEO)).toBe(phoneStreamId);
    await page.getByRole('button', { name: 'End session' }).click();
    await stage.getByRole('alertdialog', { name: 'End the session?' }).getByRole('button', { name: 'End and save' }).click();
    // Ended during the glute bridge: its reps against its 12, not praise.
    await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText('Set finished: 1 of 12 reps');
    await expect(page.getByText('Saved to your history')).toBeVisible({ timeout: 15_000 });

    await goInApp(page, '/history');
    const rows = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
    await expect(rows.first()).toContainText('Practice · Hip opener', { timeout: 30_000 });
    await expect(rows.first()).toContainText('Phone camera');
    // The squat analysis before it, filmed by the phone too.
    await expect(rows.nth(1)).toContainText('Squat · Bodyweight squat');
    await expect(rows.nth(1)).toContainText('Phone camera');
  });

  await test.step('the phone dropping mid-practice is said plainly; at 390x844 the panel is in view and works by keyboard', async () => {
    await goInApp(page, '/practice/routine/core-basics');
    await page.getByRole('button', { name: "Start with the phone's camera" }).click();
    const stage = page.getByRole('region', { name: 'Practice in progress' });
    await expect(stage.getByTestId('practice-seconds')).toBeVisible({ timeout: 30_000 });
    // The phone's page goes (its socket and connection with it).
    await phone.close();
    const lost = page.getByRole('alert', { name: 'Phone camera lost' });
    await expect(lost).toContainText("The phone's camera has disconnected", { timeout: 30_000 });
    await expectAccessible(page, 'the practice after the phone dropped');
    await snap('04-phone-lost');

    await page.setViewportSize({ width: 390, height: 844 });
    const keepGoing = lost.getByRole('button', { name: "Continue with this device's camera" });
    const reconnect = lost.getByRole('button', { name: 'Reconnect the phone' });
    await expectInView(page, lost, 'the phone-lost panel at 390x844');
    await expectInView(page, keepGoing, "Continue with this device's camera at 390x844");
    await expectInView(page, reconnect, 'Reconnect the phone at 390x844');
    await expectAccessible(page, 'the practice after the phone dropped, at 390x844');
    await snap('05-phone-lost-390');

    await tabTo(page, reconnect, 'Reconnect the phone');
    await page.keyboard.press('Enter');
    const pairing = page.getByRole('region', { name: 'Phone camera', exact: true });
    const close = pairing.getByRole('button', { name: 'Close' });
    // The panel takes the focus, its Close first after its heading.
    await expect(pairing.getByRole('heading', { name: 'Reconnect the phone' })).toBeFocused();
    await expectInView(page, pairing, 'the pairing panel at 390x844');
    await expectInView(page, close, 'the pairing panel’s Close at 390x844');
    await expectAccessible(page, 'the pairing panel over the practice, at 390x844');
    await snap('06-reconnect-390');
    await tabTo(page, close, 'Close');
    await page.keyboard.press('Enter');
    await expect(pairing).toBeHidden();

    await tabTo(page, keepGoing, "Continue with this device's camera");
    await page.keyboard.press('Enter');
    await expect(lost).toBeHidden();
    await expect.poll(() => streamIdOf(page, PRACTICE_VIDEO)).not.toBe(phoneStreamId);
    await expect(page.getByRole('button', { name: 'Resume' })).toBeHidden();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('signing out ends the session: the user record forgets it and its join link is refused', async () => {
    await expect.poll(() => savedSessionId()).toBe(sessionId);
    // The practice's screen has no navigation: ended (once asked), then from Home, where the rail offers Logout.
    await page.getByRole('button', { name: 'End session' }).click();
    await page.getByRole('alertdialog', { name: 'End the session?' }).getByRole('button', { name: 'End and save' }).click();
    await goInApp(page, '/home');
    await logOutWithApp(page);
    expect(await savedSessionId()).toBeNull();
    const late = await newPhone(page.context());
    await late.goto(joinUrl);
    await expect(late.getByRole('alert')).toHaveText(/^This (session has ended|session no longer exists)/, { timeout: 30_000 });
    await late.close();
  });
});
