/// <reference lib="dom" />
/**
 * Movescore analysis with the device's camera: the camera (Chromium's fake one) films two real
 * goblet squats from the side (the MIT clip, as MJPEG), so the take counts reps and is saved;
 * a take with no counted rep is not saved (analysis.spec.ts and the result screen's own tests).
 * Filmed side-on for a movement filmed from the front, the set-up check asks the person to turn.
 * The running take's Stop stays inside the window however the page is scrolled, a key stops it
 * from across the room, and its turns are spoken (recorded by wrapping speechSynthesis.speak).
 */
import { expectAccessible } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/index.js';
import { expectInView } from '../fixtures/layout.js';
import { fakeCameraLaunch, requireMedia, signInWithForm, SQUAT_CAMERA_CLIP } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions, SQUAT_CAMERA_CLIP)) });

declare global {
  interface Window {
    spokenByCoach: string[];
  }
}

test('a user analyses a squat with the camera, sees the result and finds the session in Recent Sessions', async ({ page, signUpUser, snap }) => {
  test.setTimeout(180_000);
  requireMedia();
  const user = await signUpUser();
  await page.addInitScript(() => {
    window.spokenByCoach = [];
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      window.spokenByCoach.push(utterance.text);
      speak(utterance);
    };
  });

  await signInWithForm(page, user);

  await test.step('the analysis screen loads the pose model on this device', async () => {
    await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
    await expect(page.getByRole('heading', { name: 'Choose a video source' })).toBeVisible();
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: "Use my phone's camera" })).toBeVisible();
    await snap('01-choose-source');
  });

  await test.step('camera, countdown, then recording with a live rep count', async () => {
    await page.getByRole('button', { name: "Use this device's camera" }).click();
    await expect(page.getByText(/Get ready \(\d\)/)).toBeVisible();
    await expect(page.getByTestId('live-rep-count')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => window.spokenByCoach.slice(0, 2))).toEqual(['Get ready', 'Start']);
    // Before the first rep, the set-up check says where the camera goes for this (side) perspective.
    await expect(page.getByRole('region', { name: 'Set-up check' })).toContainText('2 to 3 m to your side');
    // The skeleton canvas takes the camera's frame size once poses come back.
    await expect.poll(() => page.locator('canvas[aria-hidden="true"]').evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(640);
    // The clip's first squat counted live, then the take is stopped.
    await expect(page.getByTestId('live-rep-count')).toHaveText(/[1-9]/, { timeout: 90_000 });
    await snap('02-recording');
  });

  await test.step('Stop stays in the window wherever the page is scrolled, and a key stops the take from across the room', async () => {
    const stop = page.getByRole('button', { name: 'Stop and see the result' });
    await expectInView(page, stop, 'Stop, as the take starts');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), 'the page scrolled').toBeGreaterThan(0);
    await expectInView(page, stop, 'Stop, scrolled to the end of the page');
    await expect(stop).toHaveAttribute('aria-keyshortcuts', 'Space Enter S');
    // The keys are shown where a keyboard is likely (from the sm width up), as in a practice.
    const keys = page.getByTestId('take-keys');
    if ((page.viewportSize()?.width ?? 0) >= 600) await expect(keys).toHaveText('Keys: Space or S stop and see the result');
    else await expect(keys).toBeHidden();
    await expectAccessible(page, 'a running camera take');
    await page.keyboard.press('s');
    await expect(stop).toBeHidden();
    await expect.poll(() => page.evaluate(() => window.spokenByCoach.at(-1))).toMatch(/^Stopped: [1-9]\d* reps?$/);
  });

  await test.step('the result: score, reps, feedback, angle chart; saved', async () => {
    await expect(page.getByTestId('analysis-score')).toHaveText(/^\d{1,3}%$/);
    await expect(page.getByTestId('analysis-rep-count')).toHaveText(/^\d+$/);
    await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^knee angle over time/ })).toBeVisible();
    await expect(page.getByText('Saved to your sessions')).toBeVisible();
    await snap('03-result');
  });

  await test.step('the camera take was recorded on the device and replays with the skeleton', async () => {
    await page.getByRole('button', { name: 'Replay against the reference' }).click();
    const replay = page.getByRole('region', { name: 'Replay' });
    const video = replay.getByTestId('replay-video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
    await replay.getByLabel('Position in the video').fill('2');
    await expect(replay.getByTestId('replay-overlay')).toHaveAttribute('data-person', 'drawn');
    await expect(replay.getByRole('button', { name: 'Play the replay' })).toBeVisible();
  });

  await test.step('the session is in Recent Sessions', async () => {
    await page.getByRole('link', { name: 'Back to Movescore' }).click();
    const recent = page.getByRole('region', { name: 'Recent sessions' });
    await expect(recent.getByText('Squat')).toBeVisible();
    await snap('04-recent-sessions');
  });
});

test('filmed side-on for a movement filmed from the front, the set-up check asks the person to face the camera, and the result says it', async ({
  page,
  signUpUser,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the check runs on the device, whatever the backend or screen: the desktop project covers it');
  test.setTimeout(180_000);
  requireMedia();
  await signInWithForm(page, await signUpUser());
  await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/front');
  await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: "Use this device's camera" }).click();
  const check = page.getByRole('region', { name: 'Set-up check' });
  await expect(check).toContainText('2 to 3 m in front of you', { timeout: 15_000 });
  // The clip stands side-on for about 9 s before its first squat, when the check goes.
  await expect(check.getByRole('status')).toHaveText('The camera sees you side-on: face it, this movement is filmed from the front.', {
    timeout: 8_000,
  });
  await expectAccessible(page, 'the set-up check asking to turn');
  // The take's result says so first, in the feedback that is saved with it.
  await expect(page.getByTestId('live-rep-count')).toHaveText(/[1-9]/, { timeout: 90_000 });
  await page.getByRole('button', { name: 'Stop and see the result' }).click();
  await expect(page.getByRole('region', { name: 'Feedback' }).getByRole('listitem').first()).toHaveText(
    'Filmed side-on, where this movement is filmed from the front: film it facing the camera for a fair score.',
  );
});
