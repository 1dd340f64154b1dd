/**
 * The practice made for the room, as a person two or three metres from the screen meets it:
 * the count, the step, the timer and the rest laid over the camera picture inside the window
 * and tall enough to read from afar (the count's glyphs at least 8% of the window's height), at
 * 1440x900 and 390x844, with Chromium's fake camera (a landscape clip) and a portrait stream (a
 * canvas stream of a phone's shape, standing in for a phone camera: the fake camera has no
 * portrait mode); the framing guide and the reference's loop; every transition spoken (recorded
 * by wrapping speechSynthesis.speak, which still speaks) and the chimes played; the keyboard
 * controls; axe at zero.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/index.js';
import { fakeCameraLaunch, requireMedia, signInWithForm } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions)) });

declare global {
  interface Window {
    spokenByCoach: string[];
    chimes: number;
    portraitCamera: boolean;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.spokenByCoach = [];
    window.chimes = 0;
    window.portraitCamera = false;
    const synthesis = window.speechSynthesis;
    const speak = synthesis.speak.bind(synthesis);
    synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      window.spokenByCoach.push(utterance.text);
      speak(utterance);
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (when?: number) {
      window.chimes += 1;
      start.call(this, when);
    };
    // A portrait camera on demand: a 360x640 canvas stream with something moving in it.
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      if (!window.portraitCamera) return getUserMedia(constraints);
      const canvas = document.createElement('canvas');
      canvas.width = 360;
      canvas.height = 640;
      const context = canvas.getContext('2d')!;
      let frame = 0;
      setInterval(() => {
        frame += 1;
        context.fillStyle = '#345';
        context.fillRect(0, 0, 360, 640);
        context.fillStyle = '#eee';
        context.fillRect(120, 100 + (frame % 60), 120, 400);
      }, 40);
      return canvas.captureStream(25);
    };
  });
});

const spoken = (page: Page) => page.evaluate(() => window.spokenByCoach);

/** The element's box lies inside the window. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height, `${what} bottom edge`).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** The height of the text's glyphs as drawn in the element's font (ascent plus descent of the ink, not the line box). */
const glyphHeight = (locator: Locator) =>
  locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d')!;
    const style = getComputedStyle(element);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const metrics = context.measureText(element.textContent ?? '');
    return metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent;
  });

async function expectReadableFromTheRoom(page: Page, locator: Locator, what: string) {
  await expectInView(page, locator, what);
  const height = await glyphHeight(locator);
  expect(height / page.viewportSize()!.height, `${what}: glyph height ${height.toFixed(0)} px`).toBeGreaterThanOrEqual(0.08);
}

const CASES = [
  { size: { width: 390, height: 844 }, isPortrait: true },
  { size: { width: 390, height: 844 }, isPortrait: false },
  { size: { width: 1440, height: 900 }, isPortrait: false },
  { size: { width: 1440, height: 900 }, isPortrait: true },
] as const;

test('the count, step, timer and rest sit over the camera picture, inside the window and readable from 3 m', async ({ page, signUpUser, snap }) => {
  test.setTimeout(900_000);
  requireMedia();
  const user = await signUpUser();
  await signInWithForm(page, user);
  for (const { size, isPortrait } of CASES) {
    const label = `${size.width}x${size.height}, ${isPortrait ? 'portrait' : 'landscape'} stream`;
    await test.step(label, async () => {
      await page.setViewportSize(size);
      await page.goto('/practice/routine/full-body-starter');
      await page.evaluate((portrait) => (window.portraitCamera = portrait), isPortrait);
      // Before filming: the reference moving, drawn from the reference itself.
      await expect(page.getByRole('img', { name: /Squat: one rep of the reference movement/ })).toBeVisible({ timeout: 30_000 });
      // The model loads and compiles on this device; under load that is slow, and it holds up the countdown.
      await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 180_000 });
      await page.getByRole('button', { name: 'Start with the camera' }).click();
      const stage = page.getByRole('region', { name: 'Practice in progress' });
      // The framing guide shows from the countdown until the first rep, which the fake camera's
      // clip of people walking by can give within seconds: its place is checked as soon as it shows.
      const guide = stage.getByTestId('framing-guide');
      await expect(guide).toBeVisible({ timeout: 90_000 });
      await expectInView(page, guide, 'the framing guide');
      await expect(stage.getByTestId('practice-reps')).toBeVisible({ timeout: 90_000 });
      // The picture fits the window, whatever the stream's shape.
      const picture = stage.getByTestId('practice-picture');
      await expectInView(page, picture, 'the camera picture');
      await expectReadableFromTheRoom(page, stage.getByTestId('practice-reps'), 'the rep count');
      // The camera counts: C does nothing, so it is not among the keys shown (on a desktop; a phone shows none).
      if (size.width === 1440) await expect(stage.getByTestId('practice-keys')).not.toContainText('C count a rep');
      await expectInView(page, stage.getByTestId('practice-step'), 'the step');
      await expect(stage.getByTestId('practice-step')).toHaveText('Step 1 of 3: Squat');
      await expectInView(page, stage.getByTestId('practice-timer'), 'the timer');
      for (const name of ['Pause', 'Next step', 'End session']) await expectInView(page, stage.getByRole('button', { name }), name);
      if (size.width === 1440 && !isPortrait) await snap('practice-room-desktop');
      if (size.width === 390 && isPortrait) await snap('practice-room-phone');
      await expectAccessible(page, `the practice at ${label}`);

      await page.getByRole('button', { name: 'Next step' }).click();
      const rest = stage.getByTestId('practice-rest');
      await expect(rest).toHaveText(/^Rest\s*(30|29|28)\s*s$/);
      await expectInView(page, rest, 'the rest countdown');
      await expectReadableFromTheRoom(page, stage.getByTestId('practice-rest-seconds'), 'the rest countdown');
      await expect(stage.getByRole('region', { name: 'Rest' })).toContainText('Next: Lunge');
      await expectAccessible(page, `the rest at ${label}`);
      await page.getByRole('button', { name: 'End session' }).click();
      // The summary: saved if the camera clip made a rep count before the skip, else nothing was recorded.
      await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText(
        /^(Set finished: \d+ of 12 reps|Nothing was recorded)$/,
      );
    });
  }
});

test('the coach says every transition, plays its sounds, and the keyboard runs the session', async ({ page, signUpUser }) => {
  test.setTimeout(150_000);
  const user = await signUpUser();
  await signInWithForm(page, user);
  await page.goto('/practice/routine/full-body-starter');
  await page.getByRole('button', { name: 'Practise without the camera' }).click();
  const stage = page.getByRole('region', { name: 'Practice in progress' });
  await expect(stage.getByTestId('practice-reps')).toHaveText('0', { timeout: 15_000 });
  // The keys that work now: counting by hand, C counts.
  await expect(stage.getByTestId('practice-keys')).toContainText('Space pause or resume · N or → next · Esc end · C count a rep');
  await expect.poll(() => spoken(page)).toEqual(['Get ready. Squat', 'Start: 12 reps']);
  await expect.poll(() => page.evaluate(() => window.chimes)).toBeGreaterThan(0);

  await test.step('Space pauses and resumes', async () => {
    await expect(stage.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-keyshortcuts', 'Space');
    await page.keyboard.press('Space');
    await expect(stage.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(stage.getByText('Paused', { exact: true })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(stage.getByRole('button', { name: 'Pause' })).toBeVisible();
  });

  await test.step('C counts by hand; the last rep and the end of the set are said, then the rest and what comes next', async () => {
    for (let rep = 1; rep <= 12; rep += 1) {
      await page.keyboard.press('c');
      if (rep < 12) await expect(stage.getByTestId('practice-reps')).toHaveText(String(rep));
    }
    await expect(stage.getByRole('region', { name: 'Rest' })).toContainText('Next: Lunge');
    await expectAccessible(page, 'the rest');
  });

  await test.step('N skips the rest, Esc ends the session', async () => {
    await page.keyboard.press('n');
    await expect(stage.getByTestId('practice-step')).toHaveText('Step 2 of 3: Lunge', { timeout: 15_000 });
    await expect(stage.getByTestId('practice-reps')).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    // The lunges were ended before their first rep: no praise, the plan as far as it went.
    await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText('Session finished: 1 of 3 steps done');
  });

  const said = await spoken(page);
  expect(said).toEqual([
    'Get ready. Squat',
    'Start: 12 reps',
    'Paused',
    'Go on',
    ...Array.from({ length: 11 }, (_, index) => String(index + 1)),
    'Last rep',
    '12',
    'Set done',
    'Rest 30 seconds',
    'Next: Lunge',
    'Get ready. Next movement: Lunge',
    'Start: 10 reps',
    'Set ended: 0 of 10 reps',
    'Session finished: 1 of 3 steps done',
  ]);
});
