/**
 * The installed app offline (Playwright's offline context): a user who signed in and opened the
 * screens once reloads the app without a network, analyses a video file or practises a
 * routine, closes the page and opens the app again (the result still waits on the device), then
 * goes online and finds the result saved exactly once. Screens that need the server say so.
 * In both backends: what was saved is read over the embedded REST API, or from Firestore with
 * the user's own token in Firebase mode.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { COLLECTIONS, type TAuthSession, type TRoutineCompletion, type TUserStatSession, type TVideoAnalysis } from '@movelab/shared';
import type { TApiClient } from '../fixtures/api.js';
import { expectAccessible } from '../fixtures/axe.js';
import { firebaseChangePassword, firebaseSignIn, firestoreList } from '../fixtures/firebase.js';
import { expect, test, type TSignedUpUser } from '../fixtures/index.js';
import { practiseCoreBasicsByHand, requireMedia, signInWithForm, SQUAT_VIDEO } from './pose-media.js';
import { logOutWithConfirmation } from '../fixtures/forms.js';
import { waitForDeviceCache } from '../fixtures/device-cache.js';
import { setOnline } from '../fixtures/network.js';

const ANALYSIS_PATH = '/movescore/analyze/squat/movement/bodyweight-squat/perspective/side';
const ROUTINE_PATH = '/practice/routine/core-basics';

/** Signs in once the service worker controls the page, so what the screens load is kept. */
async function signInInstalled(page: Page, user: TSignedUpUser): Promise<void> {
  await page.goto('/auth');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
}

/** What the server holds for the signed-in account of `session`, in either backend. */
function storedFor(api: TApiClient, firebaseMode: boolean, session: TAuthSession) {
  const { uid } = session.user;
  const token = session.tokens.idToken;
  const mine = { field: 'userId', value: uid };
  return {
    analyses: (): Promise<TVideoAnalysis[]> =>
      firebaseMode
        ? firestoreList(token, `${COLLECTIONS.users}/${uid}/${COLLECTIONS.videoAnalysis}`)
        : api('listVideoAnalyses', { params: { uid }, query: { limit: 10 }, token }),
    completions: (): Promise<TRoutineCompletion[]> =>
      firebaseMode ? firestoreList(token, COLLECTIONS.routineCompletion, mine) : api('listRoutineCompletions', { token }),
    sessions: (): Promise<TUserStatSession[]> =>
      firebaseMode ? firestoreList(token, COLLECTIONS.userStatSessions, mine) : api('listUserStatSessions', { token }),
  };
}

/** Signs in by the backend's own API (not the page), for reading what the account holds. */
const signInBy = (api: TApiClient, firebaseMode: boolean, email: string, password: string): Promise<TAuthSession> =>
  firebaseMode ? firebaseSignIn(email, password) : api('signIn', { body: { email, password } });

/**
 * Opens the app again in a new page (same browser profile, still offline). The caller closes the
 * old page only after checking what the new one shows and what the server holds: one clean-clone
 * run saw a page closed while offline write its waiting result as it closed, a request that
 * reached the server without the page's emulated headers (so outside the emulated offline
 * network), which a tab closed on a device without a network cannot do. The writes are
 * idempotent, so such a write at the close changes nothing the later steps check.
 */
async function openAgain(context: BrowserContext, path: string): Promise<Page> {
  const next = await context.newPage();
  await next.goto(path);
  return next;
}

test('offline after a first visit: Discover opens from the device copy, a page never opened says it needs the network and loads when it returns @not-on-phone', async ({
  page,
  context,
  signUpUser,
}) => {
  test.setTimeout(120_000);
  const user = await signUpUser();

  await test.step('online: sign in, without opening Discover or the analysis screen', async () => {
    await signInInstalled(page, user);
    await waitForDeviceCache(page, 'Bodyweight strength');
  });

  await test.step('offline: Discover lists the catalogue kept on the device', async () => {
    await setOnline(context, false);
    await page.goto('/discover');
    await expect(page.getByRole('link', { name: /Bodyweight strength/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Loading activities')).toHaveCount(0);
    await expectAccessible(page, 'discover offline');
  });

  await test.step('offline: an analysis screen never opened says what it needs instead of spinning', async () => {
    await page.goto(ANALYSIS_PATH);
    await expect(page.getByText('You are offline and this part has not been opened on this device before')).toBeVisible();
    await expectAccessible(page, 'analysis screen offline, never opened');
  });

  await test.step('online again: the screen loads by itself', async () => {
    await setOnline(context, true);
    await expect(page.getByRole('button', { name: "Use this device's camera" })).toBeVisible({ timeout: 60_000 });
  });
});

test('an analysis of a video file made offline is kept on the device and saved once when the network returns @not-on-phone', async ({
  page,
  context,
  api,
  signUpUser,
  snap,
  firebaseMode,
}) => {
  test.setTimeout(270_000);
  requireMedia();
  const user = await signUpUser();
  const stored = storedFor(api, firebaseMode, user.session);

  await test.step('online: sign in and open the analysis screen once', async () => {
    await signInInstalled(page, user);
    await page.goto(ANALYSIS_PATH);
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: "Use this device's camera" })).toBeVisible();
    await waitForDeviceCache(page, 'Side');
    // The pose model and its WASM are on the device once the first load finished.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const names = await caches.keys();
            const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
            return urls.flat().filter((url) => /\/models\/.+\.(bin|wasm)$/.test(url)).length;
          }),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
  });

  await test.step('offline: the app reloads with an offline state, no error screen', async () => {
    await setOnline(context, false);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Sync' }).getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(page.getByText('could not start')).toHaveCount(0);
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await expectAccessible(page, 'the analysis screen offline');
    await snap('01-offline-analysis');
  });

  await test.step('offline: a video file is analysed and the result kept on the device', async () => {
    await page.getByLabel('Upload a video').setInputFiles(SQUAT_VIDEO);
    await expect(page.getByTestId('analysis-score')).toHaveText(/^\d{1,3}%$/, { timeout: 120_000 });
    await expect(page.getByText('Kept on this device:')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 result waiting to sync' })).toBeVisible();
    await expectAccessible(page, 'the offline result with its waiting list');
    await snap('02-offline-result');
  });

  await test.step('what needs the server says so', async () => {
    await page.goto('/remote-streaming');
    await expect(page.getByText('The remote camera needs a connection')).toBeVisible();
    await expectAccessible(page, 'the remote camera offline');
  });

  page = await test.step('opened again offline in a new page, the old one then closed: the result still waits', async () => {
    const next = await openAgain(context, '/movescore');
    await expect(next.getByRole('status').filter({ hasText: '1 result waiting to sync' })).toBeVisible();
    await expect(next.getByRole('list', { name: 'Waiting to sync' })).toContainText('Analysis: Bodyweight squat (Side)');
    expect(await stored.analyses()).toEqual([]);
    await page.close();
    return next;
  });

  await test.step('online again: written once, and the waiting list empties', async () => {
    await setOnline(context, true);
    await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 20_000 });
    const analyses = await stored.analyses();
    expect(analyses).toHaveLength(1);
    expect(analyses[0]).toMatchObject({ groupId: 'squat', perspectiveId: 'side', source: 'file' });
    // Opening the app again sends nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await stored.analyses()).toHaveLength(1);
    const sessions = await stored.sessions();
    expect(sessions.filter((session) => session.kind === 'movescore')).toHaveLength(1);
  });
});

test('a practice done offline is kept on the device and saved once when the network returns @not-on-phone', async ({
  page,
  context,
  api,
  signUpUser,
  firebaseMode,
}) => {
  test.setTimeout(150_000);
  const user = await signUpUser();
  const stored = storedFor(api, firebaseMode, user.session);

  await test.step('online: sign in and open the routine once', async () => {
    await signInInstalled(page, user);
    await page.goto(ROUTINE_PATH);
    await expect(page.getByRole('heading', { name: 'Core basics' })).toBeVisible();
    await waitForDeviceCache(page, 'Dead bug');
  });

  await test.step('offline: the routine is practised without the camera', async () => {
    await setOnline(context, false);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Sync' }).getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await practiseCoreBasicsByHand(page);
    await expect(page.getByText('Kept on this device:')).toBeVisible();
  });

  page = await test.step('opened again offline in a new page, the old one then closed: the practice still waits', async () => {
    const next = await openAgain(context, '/home');
    await expect(next.getByRole('list', { name: 'Waiting to sync' })).toContainText('Practice: Core basics, 10 reps');
    expect(await stored.completions()).toEqual([]);
    await page.close();
    return next;
  });

  await test.step('online again: one completion and one practice session', async () => {
    await setOnline(context, true);
    await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const completions = await stored.completions();
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ routineId: 'core-basics', activityId: 'core-stability' });
    const sessions = await stored.sessions();
    expect(sessions.filter((session) => session.kind === 'practice' && session.reps === 10)).toHaveLength(1);
  });
});

test('a sign-in revoked while offline: the waiting practice goes to its own account after it signs in again, never to another one @not-on-phone', async ({
  page,
  context,
  api,
  signUpUser,
  credentials,
  firebaseMode,
}) => {
  test.setTimeout(150_000);
  const owner = await signUpUser();
  const other = await signUpUser({ ...credentials, email: `other-${credentials.email}`, displayName: `${credentials.displayName} other` });
  const newPassword = `${owner.password}-renewed`;

  await test.step('online: the owner signs in and opens the routine; offline: practises it', async () => {
    await signInInstalled(page, owner);
    await page.goto(ROUTINE_PATH);
    await expect(page.getByRole('heading', { name: 'Core basics' })).toBeVisible();
    await waitForDeviceCache(page, 'Dead bug');
    await setOnline(context, false);
    await page.reload();
    await page.getByRole('button', { name: 'Practise without the camera' }).click();
    await expect(page.getByTestId('practice-seconds')).toHaveText('1', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('button', { name: 'Skip the rest' }).click();
    for (let rep = 1; rep <= 10; rep += 1) await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect(page.getByText('Kept on this device:')).toBeVisible();
  });

  await test.step('meanwhile the password changes elsewhere, which ends every sign-in of the owner', async () => {
    if (firebaseMode) await firebaseChangePassword(owner.session.tokens.idToken, newPassword);
    else await api('updateAccount', { body: { password: newPassword }, token: owner.session.tokens.idToken });
  });

  await test.step('online again: the ended sign-in leads to the sign-in screen and nothing is written', async () => {
    await setOnline(context, true);
    await expect(page).toHaveURL(/\/auth/, { timeout: 20_000 });
    const ownerNow = await signInBy(api, firebaseMode, owner.email, newPassword);
    expect(await storedFor(api, firebaseMode, ownerNow).completions()).toEqual([]);
  });

  await test.step('another account signing in on this device neither sees nor receives the practice', async () => {
    await signInWithForm(page, other);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('list', { name: 'Waiting to sync' })).toHaveCount(0);
    expect(await storedFor(api, firebaseMode, other.session).completions()).toEqual([]);
    await logOutWithConfirmation(page);
    await expect(page).toHaveURL(/\/auth/);
  });

  await test.step('the owner signs in again: the practice is written to the owner, once', async () => {
    await signInWithForm(page, { email: owner.email, password: newPassword });
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 20_000 });
    const ownerNow = await signInBy(api, firebaseMode, owner.email, newPassword);
    const completions = await storedFor(api, firebaseMode, ownerNow).completions();
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ routineId: 'core-basics', userId: owner.session.user.uid });
    expect(await storedFor(api, firebaseMode, other.session).completions()).toEqual([]);
  });
});
