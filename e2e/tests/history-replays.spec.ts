/**
 * Replays kept on this device, in both backends: a take analysed here (a video of two real
 * squats) replays from its details, the device keeping the newest 10 replays; signing out leaves
 * none of the user's videos behind for the next person, whose own session filmed elsewhere is not
 * kept on this device.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { analysis, seeder } from '../fixtures/history-seed.js';
import { expect, makeCredentials, test } from '../fixtures/index.js';
import { logOutWithApp, requireMedia, signInWithForm, SQUAT_VIDEO } from './pose-media.js';

type TKeptEntry = { key: string; uid: string; keptAt: string };

/**
 * Reads, or adds to, the replays kept in this browser: the app's IndexedDB store (`movelab-device`,
 * `replays`), once the app has made it (opening it first would make an empty database the app
 * could no longer upgrade). Answers the keys kept, oldest first.
 */
function keptReplays(page: Page, add: TKeptEntry[] = []): Promise<string[]> {
  return page.evaluate(async (entries) => {
    const known = await indexedDB.databases();
    if (!known.some((database) => database.name === 'movelab-device' && (database.version ?? 0) >= 2)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('movelab-device');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const transaction = db.transaction('replays', 'readwrite');
      for (const entry of entries) transaction.objectStore('replays').put({ ...entry, replay: {} });
      const kept = await new Promise<TKeptEntry[]>((resolve, reject) => {
        const request = transaction.objectStore('replays').getAll();
        request.onsuccess = () => resolve(request.result as TKeptEntry[]);
        request.onerror = () => reject(request.error);
      });
      return kept.sort((a, b) => a.keptAt.localeCompare(b.keptAt)).map((entry) => entry.key);
    } finally {
      db.close();
    }
  }, add);
}

test.describe('replays kept on this device @not-on-phone', () => {
  test('a filmed take replays from its details; the newest 10 are kept; sign-out leaves no video for the next user', async ({
    page,
    api,
    signUpUser,
    firebaseMode,
  }) => {
    test.setTimeout(420_000);
    requireMedia();
    const user = await signUpUser();
    const uid = user.session.user.uid;
    const other = await signUpUser(makeCredentials('other'));
    const otherUid = other.session.user.uid;
    const filmedElsewhere = await seeder(api, other, firebaseMode).analysis(
      analysis('squat', 'bodyweight-squat', [0.8], 'camera'),
      '2026-01-04T08:00:00.000Z',
    );
    await signInWithForm(page, user);

    await test.step('ten older replays of this user and one of another are already on this device', async () => {
      // The app opens its database at start (the query cache kept for offline starts).
      await expect
        .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((database) => database.name === 'movelab-device')))
        .toBe(true);
      const older = Array.from({ length: 10 }, (_, i) => ({ key: `${uid}/analysis/older-${i}`, uid, keptAt: `2026-01-01T00:0${i}:00.000Z` }));
      const others = { key: `${otherUid}/analysis/kept-by-other`, uid: otherUid, keptAt: '2026-01-02T00:00:00.000Z' };
      expect(await keptReplays(page, [...older, others])).toHaveLength(11);
    });

    await test.step('a take of two real squats is analysed on the device and saved', async () => {
      await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
      await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
      await page.getByLabel('Upload a video').setInputFiles(SQUAT_VIDEO);
      // A busy machine analyses the 16 s clip at down to a quarter speed (and may drop a rep's frames).
      await expect(page.getByTestId('analysis-rep-count')).toHaveText(/^[12]$/, { timeout: 150_000 });
      await expect(page.getByText('Saved to your sessions')).toBeVisible({ timeout: 30_000 });
    });

    let takeId = '';
    await test.step('its details, opened from History, offer the replay, which plays', async () => {
      await page.goto('/movescore/history');
      const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
      await expect(sessions).toHaveCount(1, { timeout: 30_000 });
      await sessions.getByRole('link', { name: /^Details of / }).click();
      await expect(page).toHaveURL(/\/\/[^/]+\/history\/analysis\/[^/]+$/);
      takeId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('button', { name: 'Replay against the reference' }).click();
      const video = page.getByTestId('replay-video');
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
      expect(await video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
      const position = page.getByLabel('Position in the video');
      expect(Number(await position.getAttribute('max'))).toBeGreaterThan(1);
      const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
      await page.getByRole('button', { name: 'Play the replay' }).click();
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(before + 0.3);
      await expect(page.getByTestId('history-item-no-video')).toHaveCount(0);
      // The take's poses are kept with its video: the result's chart is drawn again.
      await expect(
        page.getByRole('region', { name: 'Angle curve' }).getByRole('img', { name: /over time, yours against the reference$/ }),
      ).toBeVisible();
      await expectAccessible(page, 'the replay of a kept take');
    });

    await test.step('the device keeps the newest 10: the two oldest went, the new take and the other user’s stay', async () => {
      const kept = await keptReplays(page);
      expect(kept).toHaveLength(10);
      expect(kept).not.toContain(`${uid}/analysis/older-0`);
      expect(kept).not.toContain(`${uid}/analysis/older-1`);
      expect(kept).toContain(`${uid}/analysis/${takeId}`);
      expect(kept).toContain(`${otherUid}/analysis/kept-by-other`);
    });

    await test.step('signing out removes this user’s replays, and only theirs', async () => {
      // From an ordinary page, as a user signing out would.
      await page.goto('/home');
      await logOutWithApp(page);
      await expect.poll(() => keptReplays(page)).toEqual([`${otherUid}/analysis/kept-by-other`]);
    });

    await test.step('the next user on this browser gets no replay: the take is not theirs, and their own was filmed elsewhere', async () => {
      await signInWithForm(page, other);
      await page.goto(`/movescore/history/analysis/${takeId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('replay-video')).toHaveCount(0);
      await page.goto(`/movescore/history/analysis/${filmedElsewhere}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Squat · Bodyweight squat' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('history-item-no-video')).toContainText('not kept on this device');
      await expect(page.getByRole('button', { name: /^Replay/ })).toHaveCount(0);
      await expectAccessible(page, 'a session filmed elsewhere');
    });
  });
});
