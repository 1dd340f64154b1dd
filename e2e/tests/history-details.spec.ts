/**
 * A history that can be opened, in both backends: each session opens (keyboard too) on what was
 * saved, with its per-rep or per-step breakdown, feedback and source; another user's session is
 * not found; the charts show one movement at a time with the time on their axis; a result that
 * was not filmed here says the video is not on this device. Axe stays at zero on the history and
 * the details.
 */
import { expectAccessible } from '../fixtures/axe.js';
import { analysis, seeder } from '../fixtures/history-seed.js';
import { expect, makeCredentials, test } from '../fixtures/index.js';
import { signInWithForm } from './pose-media.js';

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
