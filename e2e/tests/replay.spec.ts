/**
 * Replay against the reference: a real video of two goblet squats (side view, the clip the
 * demo squat reference is built from) is uploaded and analysed on the device, then replayed
 * from the result: the rep list with scores, a jump to rep 2, slow motion, both skeletons drawn
 * over the video, and a feedback line marking the reps it is about. The video stays in the
 * browser (an object URL of the file).
 */
import { expectAccessible } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/index.js';
import { fakeCameraLaunch, requireMedia, signInWithForm, SQUAT_VIDEO } from './pose-media.js';

// The practice test films with Chromium's fake camera (people walking); the analysis test uploads a file.
test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions)) });

/** Pixels of the overlay in the person's colour (solid green) and the ghost's (light grey). */
function overlayPixels(canvas: HTMLCanvasElement): { person: number; ghost: number } {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let person = 0;
  let ghost = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a > 200 && g > 180 && r < 120) person += 1;
    else if (a > 60 && r > 200 && g > 200 && b > 200) ghost += 1;
  }
  return { person, ghost };
}

const repRange = (name: string | null) => {
  const match = /from (\d+\.\d) s to (\d+\.\d) s/.exec(name ?? '');
  if (!match) throw new Error(`No time range in "${name}"`);
  return { from: Number(match[1]), to: Number(match[2]) };
};

test('a user replays an analysed video: reps with scores, jump to a rep, slow motion, both skeletons, feedback on the timeline', async ({
  page,
  signUpUser,
  snap,
}) => {
  // A busy machine analyses the 16 s clip at down to a quarter speed.
  test.setTimeout(200_000);
  requireMedia();
  const user = await signUpUser();
  await signInWithForm(page, user);

  await test.step('the uploaded squats are analysed on the device', async () => {
    await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
    await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
    await page.getByLabel('Upload a video').setInputFiles(SQUAT_VIDEO);
    await expect(page.getByTestId('analysis-score')).toHaveText(/^\d{1,3}%$/, { timeout: 120_000 });
    await expect(page.getByTestId('analysis-rep-count')).toHaveText('2');
  });

  const replay = page.getByRole('region', { name: 'Replay' });
  const video = replay.getByTestId('replay-video');
  const reps = replay.getByRole('list', { name: 'Reps in the take' }).getByRole('button');
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);

  await test.step('the replay lists the reps with their scores and jumps to rep 2', async () => {
    await page.getByRole('button', { name: 'Replay against the reference' }).click();
    await expect(reps).toHaveCount(2);
    await expect(reps.nth(0)).toHaveAccessibleName(/^Rep 1, \d{1,3}%, from \d+\.\d s to \d+\.\d s$/);
    await expect(reps.nth(1)).toHaveAccessibleName(/^Rep 2, \d{1,3}%, from \d+\.\d s to \d+\.\d s$/);
    const second = repRange(await reps.nth(1).textContent());
    const first = repRange(await reps.nth(0).textContent());
    expect(second.from).toBeGreaterThanOrEqual(first.to - 0.1);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    await reps.nth(1).click();
    await expect.poll(currentTime).toBeGreaterThanOrEqual(second.from - 0.05);
    expect(await currentTime()).toBeLessThanOrEqual(second.to + 0.05);
    await expect(reps.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(replay.getByTestId('replay-position')).toContainText('rep 2 of 2');
  });

  await test.step('scrolled anywhere along the replay, the back-to-top button never lies over its video or controls', async () => {
    const player = replay.locator('[data-keep-clear]');
    /** Whether a shown back-to-top button overlaps the player (a hidden one is out of the accessibility tree). */
    const covers = () =>
      page.evaluate(() => {
        const part = document.querySelector('[data-keep-clear]')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('button'))
          .filter((button) => button.textContent?.includes('Back to top') && getComputedStyle(button).visibility !== 'hidden')
          .some((button) => {
            const box = button.getBoundingClientRect();
            return box.left < part.right && part.left < box.right && box.top < part.bottom && part.top < box.bottom;
          });
      });
    for (const block of ['start', 'center', 'end'] as const) {
      await player.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
      // Two frames: the scroll has been handled and the button drawn (or hidden) where it now is.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await covers(), `scrolled to the player's ${block}`).toBe(false);
    }
  });

  await test.step('the person and the reference are drawn over the video inside the rep', async () => {
    const overlay = replay.getByTestId('replay-overlay');
    await expect(overlay).toHaveAttribute('data-person', 'drawn');
    await expect(overlay).toHaveAttribute('data-ghost', 'drawn');
    const pixels = await overlay.evaluate(overlayPixels);
    expect(pixels.person).toBeGreaterThan(200);
    expect(pixels.ghost).toBeGreaterThan(200);
    // Hiding the reference leaves only the person.
    await replay.getByLabel('Show the reference').uncheck();
    await expect(overlay).toHaveAttribute('data-ghost', 'none');
    expect((await overlay.evaluate(overlayPixels)).ghost).toBe(0);
    await replay.getByLabel('Show the reference').check();
    await expect(overlay).toHaveAttribute('data-ghost', 'drawn');
  });

  await test.step('slow motion changes the playback rate, and the video plays from the rep', async () => {
    const speed = replay.getByRole('group', { name: 'Playback speed' });
    await speed.getByRole('button', { name: 'Slow motion 0.25×' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(0.25);
    await expect(speed.getByRole('button', { name: 'Slow motion 0.25×' })).toHaveAttribute('aria-pressed', 'true');
    await expect(speed.getByRole('button', { name: 'Normal speed 1×' })).toHaveAttribute('aria-pressed', 'false');
    const before = await currentTime();
    await replay.getByRole('button', { name: 'Play the replay' }).click();
    await expect.poll(currentTime).toBeGreaterThan(before + 0.1);
    await replay.getByRole('button', { name: 'Pause the replay' }).click();
    await expect(replay.getByRole('button', { name: 'Play the replay' })).toBeVisible();
    await speed.getByRole('button', { name: 'Slow motion 0.5×' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(0.5);
  });

  await test.step('a feedback line marks the reps it is about on the timeline and jumps to its moment', async () => {
    const feedback = replay.getByRole('region', { name: 'Feedback on the timeline' });
    const line = feedback.getByRole('button').first();
    await expect(line).toHaveAttribute('aria-pressed', 'false');
    // Keyboard only: rep 1, then the feedback line.
    await reps.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(reps.nth(0)).toHaveAttribute('aria-current', 'true');
    await line.focus();
    await page.keyboard.press('Space');
    await expect(line).toHaveAttribute('aria-pressed', 'true');
    const marked = replay.getByRole('list', { name: 'Reps in the take' }).getByRole('button', { name: /about the selected feedback$/ });
    await expect(marked.first()).toBeVisible();
    await expect(replay.getByTestId('replay-moment').first()).toBeVisible();
    const range = repRange(await marked.first().textContent());
    await expect.poll(currentTime).toBeGreaterThanOrEqual(range.from - 0.05);
    expect(await currentTime()).toBeLessThanOrEqual(range.to + 0.05);
    await expect(replay.getByTestId('replay-timeline').locator('[data-highlighted]').first()).toBeVisible();
    await snap('replay');
    await expectAccessible(page, 'the replay');
  });
});

test('a practice session offers the replay of its last set, recorded from the camera on the device', async ({ page, signUpUser }) => {
  test.setTimeout(120_000);
  requireMedia();
  const user = await signUpUser();
  await signInWithForm(page, user);
  await page.goto('/practice/routine/full-body-starter');
  await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start with the camera' }).click();
  // The squat step counts against its reference: the set's poses and video are kept once poses come.
  await expect(page.getByTestId('practice-reps')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Get ready' })).toBeHidden();
  // Two new skeletons drawn once the step is under way: the set has at least two poses, which a
  // take (and so a replay) needs; one pose alone gives no replay.
  const skeleton = page.locator('canvas[aria-hidden="true"]');
  const drawing = () => skeleton.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
  for (let pose = 0; pose < 2; pose += 1) {
    const drawn = await drawing();
    await expect.poll(drawing, { timeout: 15_000 }).not.toBe(drawn);
  }
  await page.getByRole('button', { name: 'End session' }).click();
  await page.getByRole('alertdialog', { name: 'End the session?' }).getByRole('button', { name: 'End and save' }).click();
  // Saved if the clip made a rep count, else nothing was recorded: the filmed set replays either way.
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText(
    /^(Set finished: \d+ of 12 reps|Nothing was recorded)$/,
  );
  await page.getByRole('button', { name: 'Replay the last set' }).click();
  const replay = page.getByRole('region', { name: 'Replay of the last set' });
  const video = replay.getByTestId('replay-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
  await expect(replay.getByRole('group', { name: 'Playback speed' })).toBeVisible();
});
