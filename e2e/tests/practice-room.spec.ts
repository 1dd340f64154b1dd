/**
 * The practice made for the room, as a person two or three metres from the screen meets it:
 * the count, the step, the timer and the rest laid over the camera picture inside the window
 * and tall enough to read from afar (the count's glyphs at least 8% of the window's height), at
 * 1440x900 and 390x844, with Chromium's fake camera (a landscape clip) and a portrait stream (a
 * canvas stream of a phone's shape, standing in for a phone camera: the fake camera has no
 * portrait mode); the framing guide and the reference's loop; every transition spoken (recorded
 * by wrapping speechSynthesis.speak, which still speaks) and the chimes played; the keyboard
 * controls, with End session and Esc asking before the practice ends; the count, the timer, the
 * notices and the rest beside the picture (never over the framing guide), a long cue wrapped inside
 * its box; axe at zero.
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

type TBox = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator, what: string): Promise<TBox> => {
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  return box!;
};
const overlaps = (a: TBox, b: TBox) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/**
 * What is read from afar sits beside the picture, not over it (so the framing guide's area, inside
 * the picture, is clear): the count's box on the picture's left (a screen wider than tall) or below
 * it (a phone held upright), the notices on its right or above it.
 */
async function expectBesideThePicture(page: Page, stage: Locator, isUpright: boolean) {
  const picture = await boxOf(stage.getByTestId('practice-picture'), 'the camera picture');
  const [count, notices] = [
    await boxOf(stage.getByTestId('practice-count-box'), 'count'),
    await boxOf(stage.getByTestId('practice-notices'), 'notices'),
  ];
  for (const testId of ['practice-count-box', 'practice-notices', 'practice-timer']) {
    const box = await boxOf(stage.getByTestId(testId), testId);
    expect(overlaps(box, picture), `${testId} (${JSON.stringify(box)}) off the picture (${JSON.stringify(picture)})`).toBe(false);
    await expectInView(page, stage.getByTestId(testId), testId);
  }
  if (isUpright) {
    expect(count.y, "the count's box below the picture").toBeGreaterThanOrEqual(picture.y + picture.height - 0.5);
    expect(notices.y + notices.height, 'the notices above the picture').toBeLessThanOrEqual(picture.y + 0.5);
  } else {
    expect(count.x + count.width, "the count's box left of the picture").toBeLessThanOrEqual(picture.x + 0.5);
    expect(notices.x, 'the notices right of the picture').toBeGreaterThanOrEqual(picture.x + picture.width - 0.5);
  }
}

/**
 * A cue far longer than the coach says (set in the page for the measure, then put back) wraps
 * inside the count's box: the box keeps its size, the cue its width within it, nothing spills.
 */
async function expectLongCueWraps(stage: Locator) {
  const measured = await stage.getByTestId('practice-count-box').evaluate((box) => {
    const cue = box.querySelector<HTMLElement>('[data-testid="coach-cue"]')!;
    const rect = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect;
    const before = rect(box);
    const text = cue.textContent;
    cue.textContent = 'Keep your chest up and your heels down, lower the hips until the thighs are level, then drive up through the heels';
    const after = rect(box);
    const cueBox = rect(cue);
    const cueLines = Math.round(cueBox.height / parseFloat(getComputedStyle(cue).lineHeight));
    const spills = cue.scrollWidth > cue.clientWidth + 1;
    cue.textContent = text;
    return { before, after, cueBox, cueLines, spills };
  });
  expect(measured.after.width, "the count's box keeps its width").toBeCloseTo(measured.before.width, 0);
  expect(measured.cueLines, 'the long cue wraps').toBeGreaterThan(1);
  expect(measured.spills, 'the long cue does not spill sideways').toBe(false);
  expect(measured.cueBox.x).toBeGreaterThanOrEqual(measured.after.x - 0.5);
  expect(measured.cueBox.x + measured.cueBox.width).toBeLessThanOrEqual(measured.after.x + measured.after.width + 0.5);
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

test('the count, step, timer and rest sit over the camera picture, inside the window and readable from 3 m @every-size', async ({ page, signUpUser, snap }) => {
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
      // The guide lies on the picture, and nothing read from afar lies over it.
      const guideBox = await boxOf(guide, 'the framing guide');
      const pictureBox = await boxOf(stage.getByTestId('practice-picture'), 'the camera picture');
      expect(overlaps(guideBox, pictureBox), 'the guide on the picture').toBe(true);
      for (const testId of ['practice-notices', 'practice-count-box', 'practice-timer']) {
        const overlay = stage.getByTestId(testId);
        if (await overlay.isVisible()) expect(overlaps(await boxOf(overlay, testId), guideBox), `${testId} clear of the framing guide`).toBe(false);
      }
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
      await expectBesideThePicture(page, stage, size.width === 390);
      await expectLongCueWraps(stage);
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
      // The rest too sits beside the picture.
      const restBox = await boxOf(stage.getByRole('region', { name: 'Rest' }), 'the rest');
      expect(overlaps(restBox, await boxOf(stage.getByTestId('practice-picture'), 'the camera picture')), 'the rest off the picture').toBe(false);
      await expectAccessible(page, `the rest at ${label}`);
      await page.getByRole('button', { name: 'End session' }).click();
      const question = stage.getByRole('alertdialog', { name: 'End the session?' });
      await expectInView(page, question, 'the question before ending');
      await expectAccessible(page, `the question before ending at ${label}`);
      await question.getByRole('button', { name: 'End and save' }).click();
      // The summary: saved if the camera clip made a rep count before the skip, else nothing was recorded.
      await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText(
        /^(Set finished: \d+ of 12 reps|Nothing was recorded)$/,
      );
    });
  }
});

test('the coach says every transition, plays its sounds, and the keyboard runs the session @not-on-phone', async ({ page, signUpUser }) => {
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

  await test.step('N skips the rest; Esc asks before ending (Esc again keeps practising), then Esc and Enter end the session', async () => {
    await page.keyboard.press('n');
    await expect(stage.getByTestId('practice-step')).toHaveText('Step 2 of 3: Lunge', { timeout: 15_000 });
    await expect(stage.getByTestId('practice-reps')).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    const question = stage.getByRole('alertdialog', { name: 'End the session?' });
    await expect(question.getByRole('button', { name: 'End and save' })).toBeFocused();
    await expect(stage.getByRole('button', { name: 'Resume' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(stage.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question.getByRole('button', { name: 'End and save' })).toBeFocused();
    await page.keyboard.press('Enter');
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
    'Paused',
    'Go on',
    'Paused',
    'Set ended: 0 of 10 reps',
    'Session finished: 1 of 3 steps done',
  ]);
});
