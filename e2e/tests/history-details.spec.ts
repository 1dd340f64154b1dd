/**
 * A history that can be opened, in both backends: each session opens (keyboard too) on what was
 * saved, with its per-rep or per-step breakdown, feedback and source; another user's session is
 * not found; the charts show one movement at a time with the time on their axis; a result that
 * was not filmed here says the video is not on this device. Axe stays at zero on the history and the details.
 * A take analysed here (a video of two real squats) replays from its details,
 * the device keeping the newest 10 replays; signing out leaves none of the user's videos behind for
 * the next person, whose own session filmed elsewhere is not kept on this device.
 */
import type { Page } from '@playwright/test';
import { COLLECTIONS } from '@movelab/shared';
import { expectAccessible } from '../fixtures/axe.js';
import { firebaseFirestore } from '../fixtures/firebase.js';
import type { TApiClient } from '../fixtures/api.js';
import { expect, makeCredentials, test, type TSignedUpUser } from '../fixtures/index.js';
import { logOutWithApp, requireMedia, signInWithForm, SQUAT_VIDEO } from './pose-media.js';

const suffix = () => Math.random().toString(36).slice(2, 12).padEnd(10, '0');
const clientId = (label: string) => `${label}-${suffix()}-e2e`;

const analysis = (groupId: string, movementId: string, repScores: number[], source: string, feedback: string[] = []) => ({
  score: Number((repScores.reduce((sum, score) => sum + score, 0) / repScores.length).toFixed(3)),
  groupId,
  movementId,
  perspectiveId: 'side',
  repCount: repScores.length,
  durationMs: 9_000,
  source,
  reps: repScores.map((score) => ({ score })),
  feedback,
});

/** Saves results as the app does, through the REST table or straight into Firestore under the rules. */
function seeder(api: TApiClient, user: TSignedUpUser, firebaseMode: boolean) {
  const uid = user.session.user.uid;
  const token = user.session.tokens.idToken;
  const firestore = firebaseMode ? firebaseFirestore() : null;
  return {
    analysis: async (body: ReturnType<typeof analysis>, createdAt: string) => {
      const id = clientId('analysis');
      if (firestore)
        expect(await firestore.create(`${COLLECTIONS.users}/${uid}/${COLLECTIONS.videoAnalysis}/${id}`, { ...body, createdAt }, token)).toBe(200);
      else await api('createVideoAnalysis', { params: { uid }, body: { ...body, id }, token });
      return id;
    },
    practice: async (createdAt: string) => {
      const resultId = suffix().repeat(2);
      const completion = {
        routineId: 'full-body-starter',
        activityId: 'bodyweight-strength',
        startedAt: createdAt,
        durationMs: 120_000,
        steps: [
          { movementId: 'squat', targetReps: 12, reps: 12, seconds: 40, score: 0.81 },
          { movementId: 'lunge', targetReps: 10, reps: 6, seconds: 30 },
        ],
      };
      const session = {
        kind: 'practice',
        activityId: 'bodyweight-strength',
        routineId: 'full-body-starter',
        startedAt: createdAt,
        durationMs: 120_000,
        reps: 18,
        score: 0.81,
      };
      if (firestore) {
        expect(
          await firestore.create(
            `${COLLECTIONS.routineCompletion}/${resultId}-completion`,
            { ...completion, userId: uid, completedAt: createdAt },
            token,
          ),
        ).toBe(200);
        expect(await firestore.create(`${COLLECTIONS.userStatSessions}/${resultId}-session`, { ...session, userId: uid, createdAt }, token)).toBe(
          200,
        );
      } else {
        await api('createRoutineCompletion', { body: { ...completion, id: `${resultId}-completion` }, token });
        await api('createUserStatSession', { body: { ...session, id: `${resultId}-session` }, token });
      }
      return `${resultId}-session`;
    },
  };
}

test('a history row opens on what was saved; another user’s session is not found; one chart per movement, with times', async ({
  page,
  api,
  signUpUser,
  firebaseMode,
}) => {
  test.setTimeout(150_000);
  const user = await signUpUser();
  const seed = seeder(api, user, firebaseMode);
  const squatId = await seed.analysis(analysis('squat', 'bodyweight-squat', [0.5, 0.7], 'file', ['Go about 20° deeper']), '2026-01-02T08:00:00.000Z');
  await seed.analysis(analysis('squat', 'bodyweight-squat', [0.9], 'camera'), '2026-01-02T08:30:00.000Z');
  await seed.analysis(analysis('lunge', 'forward-lunge', [0.93], 'remote'), '2026-01-02T09:00:00.000Z');
  const practiceId = await seed.practice('2026-01-02T10:00:00.000Z');
  const other = await signUpUser(makeCredentials('other'));
  const otherSeed = seeder(api, other, firebaseMode);
  const othersAnalysis = await otherSeed.analysis(analysis('squat', 'bodyweight-squat', [0.4], 'camera'), '2026-01-03T08:00:00.000Z');
  const othersPractice = await otherSeed.practice('2026-01-03T09:00:00.000Z');

  await signInWithForm(page, user);
  await page.goto('/movescore/history');
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
  await expect(sessions).toHaveCount(4, { timeout: 30_000 });

  await test.step('the charts show one movement at a time, their axis labels carrying the time', async () => {
    const picker = page.getByLabel('Movement charted');
    await expect(picker.getByRole('option')).toHaveText([
      /^Practice · Full-body starter \(1 session\)$/,
      /^Lunge · Forward lunge \(1 session\)$/,
      /^Squat · Bodyweight squat \(2 sessions\)$/,
    ]);
    await picker.selectOption({ label: 'Squat · Bodyweight squat (2 sessions)' });
    const score = page.getByTestId('history-chart-score');
    await expect(score).toContainText('Score over 2 sessions: first 60%, last 90%');
    // The x-axis ticks are the ones with a time of day (the y-axis has percentages).
    const ticks = score.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /\d{1,2}[:.]\d{2}/ });
    await expect(ticks.first()).toBeVisible();
    // Two sessions of one day half an hour apart (Firestore keeps the time given; the gateway stamps
    // its own, the same minute for both, and recharts draws one label for the two): the labels differ.
    if (firebaseMode) {
      await expect(ticks).toHaveCount(2);
      expect(new Set(await ticks.allTextContents()).size).toBe(2);
    }
    await picker.selectOption({ label: 'Lunge · Forward lunge (1 session)' });
    await expect(score).toContainText('Score over 1 session: first 93%');
    await expectAccessible(page, 'the history with its charts');
  });

  await test.step('Enter on a row opens its details: reps with scores, feedback, source; the video is not on this device', async () => {
    const row = sessions.filter({ hasText: 'Score 60%' });
    const details = row.getByRole('link', { name: /^Details of Squat · Bodyweight squat, / });
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/movescore/history/analysis/${squatId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Squat · Bodyweight squat' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('history-item-date')).toHaveText(/\d{1,2}[:.]\d{2}/);
    if (firebaseMode) await expect(page.getByTestId('history-item-date')).toHaveAttribute('dateTime', '2026-01-02T08:00:00.000Z');
    await expect(page.getByTestId('history-item-score')).toHaveText('60%');
    await expect(page.getByTestId('history-item-reps')).toHaveText('2');
    await expect(page.getByTestId('history-item-duration')).toHaveText('9 s');
    await expect(page.getByTestId('history-item-source')).toHaveText('A video file');
    await expect(page.getByRole('list', { name: 'Reps' }).getByRole('listitem')).toHaveText(['Rep 1: 50%', 'Rep 2: 70%']);
    await expect(page.getByText('Go about 20° deeper')).toBeVisible();
    await expect(page.getByTestId('history-item-no-video')).toContainText('not kept on this device');
    await expectAccessible(page, 'the details of an analysis');
  });

  await test.step('a practice opens on its steps', async () => {
    await page.getByRole('link', { name: 'Your progress' }).click();
    await sessions
      .filter({ hasText: 'Practice' })
      .getByRole('link', { name: /^Details of / })
      .click();
    await expect(page).toHaveURL(new RegExp(`/movescore/history/practice/${practiceId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Practice · Full-body starter' })).toBeVisible({ timeout: 15_000 });
    // Saved with a score but no source (as before the camera was kept): a camera counted it.
    await expect(page.getByTestId('history-item-source')).toHaveText('A camera');
    await expect(page.getByTestId('history-item-reps')).toHaveText('18');
    await expect(page.getByTestId('history-item-duration')).toHaveText('120 s');
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText([
      /^Squat\s*12 \/ 12 reps · 81%$/,
      /^Lunge\s*6 \/ 10 reps$/,
    ]);
    await expect(page.getByTestId('history-item-no-video')).toBeVisible();
    await expectAccessible(page, 'the details of a practice');
  });

  await test.step('another user’s sessions are not found', async () => {
    for (const path of [`/movescore/history/analysis/${othersAnalysis}`, `/movescore/history/practice/${othersPractice}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Rep 1')).toHaveCount(0);
    }
    await expectAccessible(page, 'a session not found');
  });
});

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

test.describe('replays kept on this device', () => {
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
      await expect(page).toHaveURL(/\/movescore\/history\/analysis\/[^/]+$/);
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
      // Movescore's own screens have no navigation rail: Logout is on the app's.
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
