/**
 * Correcting one's history and finding one's way on a phone, in both backends: a session
 * deleted after a confirmation is gone from the list and from its movement's chart, the phone bar names
 * its destinations, and logout asks first. Axe stays at zero on the dialogs, the history after a deletion and the phone bar.
 */
import { COLLECTIONS } from '@movelab/shared';
import { expectAccessible } from '../fixtures/axe.js';
import { firebaseFirestore } from '../fixtures/firebase.js';
import { expect, test } from '../fixtures/index.js';
import { signInWithForm } from './pose-media.js';

const analysis = (movementId: string, groupId: string, score: number, createdAt: string) => ({
  score,
  groupId,
  movementId,
  perspectiveId: 'front',
  repCount: 3,
  durationMs: 9_000,
  source: 'camera',
  createdAt,
});

test('a session deleted from history is gone from the list and its chart', async ({ page, api, signUpUser, firebaseMode }) => {
  test.setTimeout(120_000);
  const user = await signUpUser();
  const uid = user.session.user.uid;
  const token = user.session.tokens.idToken;
  const squat = analysis('bodyweight-squat', 'squat', 0.62, '2026-01-02T08:00:00.000Z');
  const lunge = analysis('forward-lunge', 'lunge', 0.93, '2026-01-02T09:00:00.000Z');
  if (firebaseMode) {
    const firestore = firebaseFirestore();
    const path = `${COLLECTIONS.users}/${uid}/${COLLECTIONS.videoAnalysis}`;
    expect(await firestore.create(`${path}/squat-take`, squat, token)).toBe(200);
    expect(await firestore.create(`${path}/lunge-take`, lunge, token)).toBe(200);
  } else {
    const { createdAt: _squatAt, ...squatBody } = squat;
    const { createdAt: _lungeAt, ...lungeBody } = lunge;
    await api('createVideoAnalysis', { params: { uid }, body: squatBody, token });
    await api('createVideoAnalysis', { params: { uid }, body: lungeBody, token });
  }
  await signInWithForm(page, user);
  await page.goto('/movescore/history');
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByTestId('history-item');
  // The first page load signs in again from the stored session: slow on a loaded machine.
  await expect(sessions).toHaveCount(2, { timeout: 30_000 });
  // One chart per movement: the newest session's (the lunge) is shown first, the squat is the other choice.
  const charted = page.getByLabel('Movement charted');
  await expect(charted.getByRole('option')).toHaveText(['Lunge · Forward lunge (1 session)', 'Squat · Bodyweight squat (1 session)']);
  await expect(page.getByTestId('history-chart-score')).toContainText('Score over 1 session: first 93%');

  await test.step('Cancel keeps the session; Delete session removes it from the list, the records and the chart', async () => {
    const lungeRow = sessions.filter({ hasText: 'Score 93%' });
    await lungeRow.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this session?' });
    await expect(dialog).toContainText('cannot be undone');
    await expectAccessible(page, 'history delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(sessions).toHaveCount(2);

    await lungeRow.getByRole('button', { name: /^Delete / }).click();
    await dialog.getByRole('button', { name: 'Delete session' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'was deleted from your history' })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Score 62%');
    // The lunge's chart is gone with its only session; the squat's is shown.
    await expect(charted.getByRole('option')).toHaveText(['Squat · Bodyweight squat (1 session)']);
    await expect(page.getByTestId('history-chart-score')).toContainText('Score over 1 session: first 62%');
    await expect(page.getByTestId('record-score')).toContainText('62%');
    await expectAccessible(page, 'the history after a deletion');
  });

  await test.step('the deletion is stored: a reload shows one session', async () => {
    await page.reload();
    await expect(sessions).toHaveCount(1, { timeout: 30_000 });
  });
});

test('the phone bar names its destinations, and logout asks first @every-size', async ({ page, signUpUser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signUpUser();
  await signInWithForm(page, user);
  const bar = page.getByRole('navigation', { name: 'Quick' });
  for (const name of ['Home', 'Discover', 'Movescore', 'History']) {
    const link = bar.getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link).toHaveText(name);
  }
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
  await bar.getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(bar.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'phone bar');

  await bar.getByRole('button', { name: 'More' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Log out of Movelab?' });
  // The dialog element itself has no box of its own (its panel is fixed): check what it shows.
  await expect(confirm.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectAccessible(page, 'logout confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/discover$/);

  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Log out of Movelab?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth/);
});
