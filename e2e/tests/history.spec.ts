/**
 * The history screen (progress over time) with sessions seeded through the REST contract the
 * app uses: reached from Movescore and from the profile recap, filtered by kind, group and
 * movement (the list follows), records and the chart's table alternative, more pages loaded
 * with the keyboard, and both exports downloaded and read back. Screenshots at the project's width.
 */
import fs from 'node:fs';
import type { TSignedUpUser } from '../fixtures/index.js';
import { expectInView } from '../fixtures/layout.js';
import { expect, test } from '../fixtures/index.js';
import type { TApiClient } from '../fixtures/api.js';
import { signInWithForm } from './pose-media.js';

const analysis = (groupId: string, movementId: string, score: number, rangeRatio: number) => ({
  score,
  groupId,
  movementId,
  perspectiveId: 'front',
  repCount: 3,
  durationMs: 9_000,
  source: 'camera',
  reps: [0, 1, 2].map(() => ({ score, rangeRatio, depthDeg: 95 })),
});

async function seed(api: TApiClient, user: TSignedUpUser, extraSquats: number) {
  const token = user.session.tokens.idToken;
  const uid = user.session.user.uid;
  const create = (body: unknown) => api('createVideoAnalysis', { params: { uid }, body, token });
  await create(analysis('squat', 'bodyweight-squat', 0.62, 0.8));
  await create(analysis('squat', 'goblet-squat', 0.74, 0.9));
  await create(analysis('lunge', 'forward-lunge', 0.93, 1));
  for (let index = 0; index < extraSquats; index += 1) await create(analysis('squat', 'bodyweight-squat', 0.5, 0.7));
  await api('createUserStatSession', {
    body: {
      kind: 'practice',
      activityId: 'bodyweight-strength',
      routineId: null,
      startedAt: new Date().toISOString(),
      durationMs: 300_000,
      reps: 48,
      score: null,
    },
    token,
  });
}

test('history: reached from movescore and the recap, filtered, paged and exported', async ({ page, api, signUpUser, snap }) => {
  test.setTimeout(120_000);
  const user = await signUpUser();
  // 54 analyses and a practice: more than one page of 50.
  await seed(api, user, 51);
  await signInWithForm(page, user);

  await test.step('Movescore links to the history; everything loads newest first, one page at a time', async () => {
    await page.goto('/movescore');
    await page.getByRole('link', { name: 'Your progress' }).click();
    await expect(page).toHaveURL(/\/\/[^/]+\/history$/);
    await expect(page).toHaveTitle('Movelab - History');
    await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
    await expect(sessions).toHaveCount(50);
    await expect(sessions.first()).toContainText('Practice · Bodyweight strength');
    await expect(sessions.first()).toContainText('48 reps');
    await expect(page.getByTestId('record-reps')).toContainText('48');
    // Keyboard only: focus the button and press Enter.
    await page.getByRole('button', { name: 'Load older sessions' }).focus();
    await page.keyboard.press('Enter');
    await expect(sessions).toHaveCount(55);
    await expect(page.getByRole('button', { name: 'Load older sessions' })).toHaveCount(0);
    await expect(page.getByTestId('record-score')).toContainText('93%');
    await expect(page.getByTestId('record-score')).toContainText('Lunge · Forward lunge');
    await expect(page.getByTestId('record-current-streak')).toContainText('1 day');
    // One movement charted at a time: the bodyweight squats' 52 sessions, not every analysis together.
    await page.getByLabel('Movement charted').selectOption({ label: 'Squat · Bodyweight squat (52 sessions)' });
    await expect(page.getByTestId('history-chart-score')).toContainText('Score over 52 sessions');
  });

  await test.step('filters: group, movement and kind narrow the list', async () => {
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
    await page.getByLabel('Group').selectOption({ label: 'Lunge' });
    await expect(page).toHaveURL(/group=lunge/);
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Score 93%');
    await page.getByLabel('Group').selectOption({ label: 'Squat' });
    await page.getByLabel('Movement', { exact: true }).selectOption({ label: 'Goblet squat' });
    // All three filters lie wholly within the window, on a 390 px phone too: none is cut off.
    for (const label of ['Show', 'Group', 'Movement']) {
      const filter = page.getByLabel(label, { exact: true });
      await filter.scrollIntoViewIfNeeded();
      await expectInView(page, filter, `the ${label} filter`);
    }
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Squat · Goblet squat');
    await expect(sessions.first()).toContainText('Range 90%');
    await page.getByLabel('Show', { exact: true }).selectOption('practice');
    await expect(page.getByLabel('Movement', { exact: true })).toHaveCount(0);
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Practice');
    // The chart's numbers as a table, for screen readers and keyboards.
    await page.getByText('Chart data as a table').click();
    await expect(page.getByRole('table')).toContainText('48');
    await snap('history-filtered');
  });

  await test.step('export: the CSV and the JSON are downloads of the selected sessions', async () => {
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
    await page.getByLabel('Show', { exact: true }).selectOption('all');
    await expect(page).not.toHaveURL(/kind=/);
    await page.getByLabel('Group').selectOption({ label: 'Squat' });
    // The export reads the filter in the address: wait until the list shows the squats only.
    await expect(page).toHaveURL(/group=squat/);
    await expect(sessions.first()).toContainText('Squat · Bodyweight squat');
    await expect(sessions.filter({ hasText: 'Practice' })).toHaveCount(0);
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^movelab-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await csvFile.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('date,kind,group,movement,activity,score_percent,reps,duration_s,range_of_motion_percent,depth_deg,source,id');
    expect(csv).toHaveLength(1 + 53);
    expect(csv.filter((line) => line.includes(',analysis,Squat,Goblet squat,,74,3,9,90,95,camera,'))).toHaveLength(1);

    const jsonDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download JSON' }).click();
    const jsonFile = await jsonDownload;
    const json = JSON.parse(fs.readFileSync((await jsonFile.path())!, 'utf8')) as { count: number; sessions: { groupId: string }[] };
    expect(json.count).toBe(53);
    expect(new Set(json.sessions.map((session) => session.groupId))).toEqual(new Set(['squat']));
  });

  await test.step('the profile recap figures link to the history', async () => {
    await page.goto('/movescore');
    await page
      .getByRole('button', { name: /profile/i })
      .first()
      .click();
    const recap = page.getByRole('list', { name: 'Recap' });
    await expect(recap.getByRole('link', { name: /Sessions/ })).toContainText('55');
    await snap('history-profile-recap');
    await recap.getByRole('link', { name: /Average score/ }).click();
    await expect(page).toHaveURL(/\/\/[^/]+\/history\?kind=analysis$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Show', { exact: true })).toHaveValue('analysis');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item').first()).toContainText('Score');
    await page.getByLabel('Show', { exact: true }).selectOption('all');
    await snap('history');
  });
});

test('history: a new user sees an empty history with a way to start', async ({ page, signUpUser, snap }) => {
  const user = await signUpUser();
  await signInWithForm(page, user);
  await page.goto('/movescore/history');
  await expect(page.getByText('No sessions here yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analyse a movement' })).toHaveAttribute('href', '/movescore/analyze');
  await snap('history-empty');
  // Filtered to practice, the empty history says so and leads to a practice.
  await page.goto('/movescore/history?kind=practice');
  await expect(page.getByText('No practice sessions yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find an activity in Discover' })).toHaveAttribute('href', '/discover');
});
