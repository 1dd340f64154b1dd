/**
 * Camera practice of a routine with Chromium's fake camera (a real clip of people walking, no
 * exercises in it). What this checks: the start screen says how each step is tracked, the
 * camera and the pose model run during the session, the plank's timer waits for a plank the
 * camera sees (people walking upright are none), time stands still while paused, a rest can be skipped, the
 * 'Get ready' countdown runs before each step, reps of a movement without a reference motion
 * are counted with the button, and the finished session is saved as a routine completion and
 * a practice session (read back over REST, or from Firestore in Firebase mode). It does not check camera rep counting against real squats: the clip has
 * none (the engine's tests and the live-session unit test cover counting). The summary says
 * what was done against the plan: a skipped step as skipped, a short set as "2 of 12 reps",
 * "Well done" only for a plan done to its every target.
 */
import { COLLECTIONS, type TRoutineCompletion, type TUserStatSession } from '@movelab/shared';
import { expectAccessible } from '../fixtures/axe.js';
import { firestoreList } from '../fixtures/firebase.js';
import { expect, test } from '../fixtures/index.js';
import { fakeCameraLaunch, requireMedia, signInWithForm } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions)) });

test('a user practises a routine with the camera, pauses, counts reps and the completion is saved', async ({
  page,
  api,
  signUpUser,
  snap,
  firebaseMode,
}) => {
  test.setTimeout(150_000);
  requireMedia();
  const user = await signUpUser();
  await signInWithForm(page, user);

  await test.step('the routine opens and the camera starts with the pose model', async () => {
    await page.goto('/practice/routine/core-basics');
    await expect(page.getByRole('heading', { name: 'Core basics' })).toBeVisible();
    // Told before the start how each step is tracked, not once running.
    const tracking = page.getByRole('list', { name: 'How each step is tracked with the camera' });
    await expect(tracking.getByRole('listitem')).toHaveText([
      'Plank · 30 s — Timed: the timer runs while the camera sees you in position',
      'Dead bug · 10 reps — Not tracked by the camera: tap Count a rep after each rep',
    ]);
    await expectAccessible(page, 'the start screen');
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start with the camera' }).click();
    // The countdown overlay, with the session's progress.
    const overlay = page.getByRole('status').filter({ hasText: 'Get ready' });
    await expect(overlay).toContainText('Get ready (3)');
    await expect(overlay).toContainText('Step 1 of 2: Plank');
  });

  await test.step("the plank's timer waits for a plank: people walking upright are none", async () => {
    const seconds = page.getByTestId('practice-seconds');
    await expect(page.getByRole('status').filter({ hasText: 'Get into position' })).toBeVisible({ timeout: 15_000 });
    // Poses come back from the worker: the skeleton canvas takes the camera's size, then is drawn
    // again for pose after pose, and the plank's time stays at 0 all along.
    const skeleton = page.locator('canvas[aria-hidden="true"]');
    await expect.poll(() => skeleton.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(640);
    const drawing = () => skeleton.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
    for (let pose = 0; pose < 5; pose += 1) {
      const drawn = await drawing();
      await expect.poll(drawing, { timeout: 15_000 }).not.toBe(drawn);
    }
    await expect(seconds).toHaveText('0');
    await expect(page.getByText('Get into position')).toBeVisible();
    await expectAccessible(page, 'the plank waiting for its position');
    await page.getByRole('button', { name: 'Next step' }).click();
  });

  await test.step('rest, skipped; the countdown; then the dead bug counted by hand to its target', async () => {
    await expect(page.getByRole('region', { name: 'Rest' })).toContainText('Next: Dead bug');
    await page.getByRole('button', { name: 'Skip the rest' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Get ready' })).toContainText('Step 2 of 2: Dead bug');
    const count = page.getByRole('button', { name: 'Count a rep' });
    // Pausing stops the time.
    const timer = page.getByTestId('practice-timer');
    await expect(timer).toHaveText(/^0:0[2-9]$/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await timer.textContent();
    await page.waitForTimeout(2_000);
    await expect(timer).toHaveText(paused!);
    await snap('01-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(timer).not.toHaveText(paused!);
    for (let rep = 1; rep <= 10; rep += 1) {
      await count.click();
      if (rep < 10) await expect(page.getByTestId('practice-reps')).toHaveText(String(rep));
    }
  });

  await test.step('the summary says the plank was skipped, and is saved as a completion and a practice session', async () => {
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByRole('heading', { level: 1 })).toHaveText('Session finished: 1 of 2 steps done');
    await expect(page.getByTestId('practice-outcome')).toContainText('Core basics: 1 of 2 steps done, 1 step skipped; 10 reps in');
    await expect(summary.getByRole('listitem').first()).toHaveText(/^Plank\s*0 of 30 s · skipped$/);
    await expect(summary.getByRole('listitem').nth(1)).toHaveText(/^Dead bug\s*10 of 10 reps · done$/);
    await expect(page.getByTestId('practice-total-reps')).toHaveText('10');
    await expect(page.getByText('Saved to your history')).toBeVisible();
    await snap('02-summary');
    const token = user.session.tokens.idToken;
    const mine = { field: 'userId', value: user.session.user.uid };
    const [completion] = firebaseMode
      ? await firestoreList<TRoutineCompletion>(token, COLLECTIONS.routineCompletion, mine)
      : await api('listRoutineCompletions', { token });
    expect(completion).toMatchObject({ routineId: 'core-basics', activityId: 'core-stability' });
    expect(completion!.steps.map((step) => [step.movementId, step.reps])).toEqual([
      ['plank', 0],
      ['dead-bug', 10],
    ]);
    // What was done against each step's target: the plank never held, so none of its 30 s.
    expect(completion!.steps[0]!.seconds).toBe(0);
    expect(completion!.steps.map((step) => step.targetSeconds ?? step.targetReps)).toEqual([30, 10]);
    const sessions = firebaseMode
      ? await firestoreList<TUserStatSession>(token, COLLECTIONS.userStatSessions, mine)
      : await api('listUserStatSessions', { token });
    expect(sessions.some((session) => session.kind === 'practice' && session.routineId === 'core-basics' && session.reps === 10)).toBe(true);
  });
});

test('a set ended at 3 of its 12 reps, once asked, is summed up as that, not praised', async ({ page, signUpUser }) => {
  test.setTimeout(90_000);
  await signInWithForm(page, await signUpUser());
  await page.goto('/practice/routine/full-body-starter');
  await page.getByRole('button', { name: 'Practise without the camera' }).click();
  const count = page.getByRole('button', { name: 'Count a rep' });
  await count.click();
  await expect(page.getByTestId('practice-reps')).toHaveText('1', { timeout: 15_000 });
  await count.click();
  await expect(page.getByTestId('practice-reps')).toHaveText('2');
  // End session asks first: Keep practising goes on; from the keyboard, Esc asks and Enter ends.
  await page.getByRole('button', { name: 'End session' }).click();
  const question = page.getByRole('alertdialog', { name: 'End the session?' });
  await expect(question).toContainText('what you did so far is saved');
  await expectAccessible(page, 'the question before ending');
  await question.getByRole('button', { name: 'Keep practising' }).click();
  await expect(question).toBeHidden();
  await count.click();
  await expect(page.getByTestId('practice-reps')).toHaveText('3');
  await page.keyboard.press('Escape');
  await expect(question.getByRole('button', { name: 'End and save' })).toBeFocused();
  await page.keyboard.press('Enter');

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText('Set finished: 3 of 12 reps');
  await expect(page.getByTestId('practice-outcome')).toContainText(
    'Full-body starter: 0 of 3 steps done, 1 step ended early, 2 steps not reached; 3 reps in',
  );
  await expect(summary.getByRole('listitem')).toHaveText(/^Squat\s*3 of 12 reps · ended early$/);
  await expect(summary.getByText('Well done')).toHaveCount(0);
  await expect(page.getByText('Saved to your history')).toBeVisible();
  await expectAccessible(page, 'the summary of a short set');
});
