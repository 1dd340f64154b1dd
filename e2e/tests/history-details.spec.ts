/**
 * A history that can be opened, in both backends: each session opens (keyboard too) on what was
 * saved, as rich as its result (each rep's score, time and depth, feedback, source, perspective,
 * the chart said plainly where its poses are not here, "Analyse again" to the same movement, and
 * a delete after a confirmation), or its per-step breakdown; another user's session is
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
  // Each rep saved with its time and depth, as the result screen saves them.
  const squatReps = [
    { score: 0.5, durationMs: 2_140, depthDeg: 96.4, rangeRatio: 0.8 },
    { score: 0.7, durationMs: 1_860, depthDeg: 84.2, rangeRatio: 0.9 },
  ];
  const squatId = await seed.analysis(
    { ...analysis('squat', 'bodyweight-squat', [0.5, 0.7], 'file', ['Go about 20° deeper']), reps: squatReps },
    '2026-01-02T08:00:00.000Z',
  );
  const laterSquatId = await seed.analysis(analysis('squat', 'bodyweight-squat', [0.9], 'camera'), '2026-01-02T08:30:00.000Z');
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

  await test.step('Enter on a row opens its details as its result showed them: reps with score, time and depth, feedback, source, perspective', async () => {
    const row = sessions.filter({ hasText: 'Score 60%' });
    const details = row.getByRole('link', { name: /^Details of Squat · Bodyweight squat, / });
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/history/analysis/${squatId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Squat · Bodyweight squat' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('history-item-date')).toHaveText(/\d{1,2}[:.]\d{2}/);
    if (firebaseMode) await expect(page.getByTestId('history-item-date')).toHaveAttribute('dateTime', '2026-01-02T08:00:00.000Z');
    await expect(page.getByTestId('history-item-score')).toHaveText('60%');
    await expect(page.getByTestId('history-item-reps')).toHaveText('2');
    await expect(page.getByTestId('history-item-duration')).toHaveText('9 s');
    await expect(page.getByTestId('history-item-source')).toHaveText('A video file');
    await expect(page.getByRole('list', { name: 'Reps' }).getByRole('listitem')).toHaveText([
      /^Rep 1\s*50%\s*2\.1 s · depth 96°$/,
      /^Rep 2\s*70%\s*1\.9 s · depth 84°$/,
    ]);
    await expect(page.getByTestId('history-item-perspective')).toHaveText('Side');
    await expect(page.getByText('Go about 20° deeper')).toBeVisible();
    // The chart is drawn from the take's poses, which only the device that filmed it keeps.
    await expect(page.getByRole('region', { name: 'Angle curve' })).toContainText('stay on the device that filmed it');
    await expect(page.getByTestId('history-item-no-video')).toContainText('not kept on this device');
    await expect(page.getByRole('link', { name: 'Analyse again' })).toHaveAttribute(
      'href',
      '/movescore/analyze/squat/movement/bodyweight-squat/perspective/side',
    );
    await expectAccessible(page, 'the details of an analysis');
  });

  await test.step('"Analyse again" opens the same movement’s analysis, seen from the same side', async () => {
    await page.getByRole('link', { name: 'Analyse again' }).click();
    await expect(page).toHaveURL(/\/movescore\/analyze\/squat\/movement\/bodyweight-squat\/perspective\/side$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Squat · Bodyweight squat · Side')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/history/analysis/${squatId}$`));
  });

  await test.step('a practice opens on its steps', async () => {
    await page.getByRole('link', { name: 'Your progress' }).click();
    await sessions
      .filter({ hasText: 'Practice' })
      .getByRole('link', { name: /^Details of / })
      .click();
    await expect(page).toHaveURL(new RegExp(`/history/practice/${practiceId}$`));
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

  await test.step('a session is deleted from its own page after a confirmation, and the history no longer lists it', async () => {
    await page.goto(`/movescore/history/analysis/${laterSquatId}`);
    await expect(page.getByTestId('history-item-score')).toHaveText('90%', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Delete this session' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this session?' });
    await expect(confirm).toContainText('This cannot be undone');
    await expectAccessible(page, 'the delete confirmation of a session');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('history-item-score')).toHaveText('90%');
    await page.getByRole('button', { name: 'Delete this session' }).click();
    await confirm.getByRole('button', { name: 'Delete session' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByText('Squat · Bodyweight squat was deleted from your history.')).toBeVisible();
    await expect(sessions).toHaveCount(3, { timeout: 30_000 });
    await expect(sessions.filter({ hasText: 'Score 90%' })).toHaveCount(0);
    await page.goto(`/movescore/history/analysis/${laterSquatId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible({ timeout: 30_000 });
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
