/**
 * Results arriving live, in both backends: an admin (ADMIN_EMAILS of the e2e gateway) watches
 * /administration/live and the user's second device (another browser signed in as the same
 * user) shows their history, while the user analyses a video file and finishes a practice on
 * their first device through the real screens. The rows arrive on both without a reload. In the
 * embedded backend the gateway publishes from its REST routes; in Firebase mode the client
 * writes to Firestore and sends a notice on its socket, which the gateway checks first.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../fixtures/env.js';
import { expect, test as base, type TSignedUpUser } from '../fixtures/index.js';
import { practiseCoreBasicsByHand, requireMedia, signInWithForm, SQUAT_VIDEO } from './pose-media.js';

// An admin page and two devices of another user: runs in the desktop projects only (the phone
// project ignores it: e2e/playwright.config.ts).

type TOpenDevice = (person: { email: string; password: string }) => Promise<Page>;

const test = base.extend<{ openDevice: TOpenDevice }>({
  /** Another browser (its own storage, as a second device has), signed in through the form; closed after the test. */
  openDevice: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (person) => {
      // The offline service worker is not what this checks.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      contexts.push(context);
      const page = await context.newPage();
      await signInWithForm(page, person);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

type TWatchers = { admin: Page; secondDevice: Page };

/**
 * The admin on the live page and the user's second device on its history, then the user's first
 * device (`page`) signed in: the admin sees the user connected with two devices.
 */
async function watch(openDevice: TOpenDevice, page: Page, user: TSignedUpUser): Promise<TWatchers> {
  const openAdmin = async () => {
    const admin = await openDevice({ email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD });
    // A listed admin is granted ADMIN as the gateway first verifies the sign-in (in Firebase mode
    // as the app connects): until the app knows, the admin routes send to Home, so wait for the
    // rail's Administration entry first, as the admin specs do.
    await expect(admin.getByRole('link', { name: 'Administration' })).toBeAttached({ timeout: 30_000 });
    await admin.goto('/administration/live');
    await expect(admin.getByRole('heading', { name: 'Live' })).toBeVisible({ timeout: 30_000 });
    await expect(admin.getByText('Live: updates arrive as they happen.')).toBeVisible();
    return admin;
  };
  const openUserDevices = async () => {
    // The first sign-in makes the user's record (in Firebase mode on the client): the second device goes first.
    const secondDevice = await openDevice(user);
    const showHistory = async () => {
      await secondDevice.goto('/movescore/history');
      await expect(secondDevice.getByText('No sessions here yet.')).toBeVisible({ timeout: 20_000 });
    };
    await Promise.all([showHistory(), signInWithForm(page, user)]);
    return secondDevice;
  };
  // Each in its own browser: they load side by side.
  const [admin, secondDevice] = await Promise.all([openAdmin(), openUserDevices()]);
  // Both of the user's devices hold a connection the gateway publishes to.
  const presence = admin.getByRole('list', { name: 'Connected users' }).getByRole('listitem').filter({ hasText: user.displayName });
  await expect(presence).toContainText('2 devices', { timeout: 20_000 });
  return { admin, secondDevice };
}

test('an analysed video and a finished practice arrive live on the admin page and in the history on the user’s second device', async ({
  page,
  openDevice,
  adminSession,
  signUpUser,
  snap,
}) => {
  // Three browsers signed in, the pose model and a 16 s clip of two squats: 90 to 120 s on two cores shared with
  // several other runs (load average 15), so the whole-run limit has room for a busier moment.
  test.setTimeout(210_000);
  requireMedia();
  expect(adminSession.user.email).toBe(E2E_ADMIN_EMAIL);
  const user = await signUpUser();
  const { admin, secondDevice } = await test.step('the admin on the live page, the second device on the history', () =>
    watch(openDevice, page, user));
  const history = secondDevice.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');

  await test.step('an uploaded video analysed on the first device', async () => {
    await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await page.getByLabel('Upload a video').setInputFiles(SQUAT_VIDEO);
    const score = page.getByTestId('analysis-score');
    await expect(score).toHaveText(/^\d{1,3}%$/, { timeout: 120_000 });
    await expect(page.getByText('Saved to your sessions')).toBeVisible();
    const percent = (await score.textContent())!;

    const row = admin.getByRole('table', { name: 'Live analyses' }).getByRole('row').filter({ hasText: user.displayName });
    await expect(row).toContainText(percent);
    await expect(row).toContainText('Squat');
    await expect(row).toContainText('Bodyweight squat');
    await snap('01-admin-live-analysis', admin);

    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Squat · Bodyweight squat');
    await expect(history).toContainText(`Score ${percent}`);
    await snap('02-second-device-history', secondDevice);
  });

  await test.step('a routine practised without the camera on the first device', async () => {
    await page.goto('/practice/routine/core-basics');
    await practiseCoreBasicsByHand(page);
    await expect(page.getByText('Saved to your history')).toBeVisible();

    // Named by its activity, with its reps and duration.
    const row = admin.getByRole('table', { name: 'Live practices' }).getByRole('row').filter({ hasText: user.displayName });
    await expect(row).toContainText('Core stability');
    await expect(row.getByRole('cell').nth(3)).toHaveText('10');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^[1-9]\d* s$/);
    await snap('03-admin-live-practice', admin);

    await expect(history).toHaveCount(2);
    // The user's history names it by the routine practised.
    await expect(history.filter({ hasText: 'Practice · Core basics' })).toContainText('10 reps');
  });
});
