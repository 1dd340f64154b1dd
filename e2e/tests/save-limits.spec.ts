/**
 * An account that has stored too many results in a short time (the gateway's per-account save
 * rate, SAVE_RATE_LIMIT) finishes a practice: the app says the save is paused and the result is
 * kept on the device, sends nothing more while the pause lasts (no retry loop), and writes the
 * practice once, by itself, when the pause is over. Embedded backend: the gateway counts the saves.
 */
import { LIMIT_MESSAGES } from '@movelab/shared';
import { ApiCallError } from '../fixtures/api.js';
import { expect, test } from '../fixtures/index.js';
import { practiseCoreBasicsByHand, signInWithForm } from './pose-media.js';

const ROUTINE_PATH = '/practice/routine/core-basics';
/** More than any configured window allows: the flood stops at the first refusal. */
const FLOOD_MAX = 500;

test('a practice refused with 429 is kept on the device, not retried during the pause, and saved once after it', async ({
  page,
  api,
  signUpUser,
  isMobile,
}) => {
  test.skip(isMobile, 'one account flooding its save budget: the desktop project covers it');
  test.setTimeout(180_000);
  const user = await signUpUser();
  const token = user.session.tokens.idToken;
  const posts = { completions: 0, sessions: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/routine_completion')) posts.completions += 1;
    if (request.url().endsWith('/api/user_stat_sessions')) posts.sessions += 1;
  });

  await signInWithForm(page, user);
  await page.goto(ROUTINE_PATH);
  await expect(page.getByRole('heading', { name: 'Core basics' })).toBeVisible();

  await test.step("another device of the account spends the window's budget", async () => {
    let refusal: ApiCallError | null = null;
    for (let sent = 0; sent < FLOOD_MAX && !refusal; sent += 1) {
      refusal = await api('createUserStatSession', {
        body: { kind: 'movescore', startedAt: new Date().toISOString(), durationMs: 1000, reps: 1 },
        token,
      }).then(
        () => null,
        (error: unknown) => (error instanceof ApiCallError ? error : Promise.reject(error)),
      );
    }
    expect(refusal).toMatchObject({ status: 429, code: 'app/rate-limited' });
  });

  await test.step('the practice is refused for now: the app says so and keeps it on the device', async () => {
    await practiseCoreBasicsByHand(page);
    // The catalogue's words, with the wait the gateway gave (at most the window: 30 s in scripts/serve.mjs).
    const paused = page.getByRole('status').filter({ hasText: /^Too many results saved in a short time: kept on this device/ });
    await expect(paused).toHaveText(/^Too many results saved in a short time: kept on this device, it will be saved in \d+ s$/);
    expect(LIMIT_MESSAGES.savesPaused(42)).toBe('Too many results saved in a short time: kept on this device, it will be saved in 42 s');
    await expect(page.getByRole('list', { name: 'Waiting to sync' })).toContainText('Practice: Core basics, 10 reps');
    await expect(page.getByRole('region', { name: 'Sync' })).toContainText('paused, too many results saved in a short time');
    expect(await api('listRoutineCompletions', { token })).toEqual([]);
    expect(posts.completions).toBe(1);
  });

  await test.step('after the pause it is written once, without a retry in between', async () => {
    await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 90_000 });
    const completions = await api('listRoutineCompletions', { token });
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ routineId: 'core-basics' });
    const sessions = await api('listUserStatSessions', { token, query: { limit: 200 } });
    expect(sessions.filter((session) => session.kind === 'practice')).toHaveLength(1);
    // One refused try, then one write each once the pause was over.
    expect(posts).toEqual({ completions: 2, sessions: 1 });
  });
});
