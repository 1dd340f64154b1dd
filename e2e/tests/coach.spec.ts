/**
 * The coach during practice: the count is spoken on each rep through the browser's own speech
 * synthesis (recorded here by wrapping speechSynthesis.speak, which still speaks), the count is
 * drawn large enough to read from across the room, and the one switch mutes the voice and is
 * remembered on the device. Reps are counted with the button (practice without the camera): the
 * fake camera's clip has no exercise in it. The cue rules for faults ("Go lower", "Keep your
 * chest up") and the hands-free pause are the coach's unit tests.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';
import { signInWithForm } from './pose-media.js';

declare global {
  interface Window {
    spokenByCoach: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.spokenByCoach = [];
    const synthesis = window.speechSynthesis;
    const speak = synthesis.speak.bind(synthesis);
    synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      window.spokenByCoach.push(utterance.text);
      speak(utterance);
    };
  });
});

/** The counts said (transitions such as "Get ready" are the practice-room spec's). */
const spoken = (page: Page) => page.evaluate(() => window.spokenByCoach.filter((text) => /^\d+$/.test(text)));

async function startWithoutCamera(page: Page) {
  await page.goto('/practice/activity/bodyweight-strength');
  await page.getByRole('button', { name: 'Practise without the camera' }).click();
  await expect(page.getByRole('button', { name: 'Count a rep' })).toBeVisible({ timeout: 15_000 });
}

test('the coach speaks the count on each rep, shows it large, and one remembered switch mutes it @not-on-phone', async ({ page, signUpUser, snap }) => {
  test.setTimeout(90_000);
  const user = await signUpUser();
  await signInWithForm(page, user);

  await test.step('each rep is counted aloud and drawn large', async () => {
    await startWithoutCamera(page);
    const voice = page.getByRole('switch', { name: 'Spoken cues' });
    await expect(voice).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect(page.getByTestId('practice-reps')).toHaveText('1');
    await expect.poll(() => spoken(page)).toEqual(['1']);
    await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect.poll(() => spoken(page)).toEqual(['1', '2']);
    // About 5 cm tall on a laptop screen: legible from 3 m.
    const fontPx = await page.getByTestId('practice-reps').evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontPx).toBeGreaterThanOrEqual(80);
    await snap('coach-counting');
  });

  await test.step('muted, the reps are still counted but not spoken; the choice survives a reload', async () => {
    await page.getByRole('switch', { name: 'Spoken cues' }).click();
    await expect(page.getByRole('switch', { name: 'Spoken cues' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect(page.getByTestId('practice-reps')).toHaveText('3');
    expect(await spoken(page)).toEqual(['1', '2']);

    // Reloading a running practice asks first (what was done would be lost): the user leaves.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await startWithoutCamera(page);
    await expect(page.getByRole('switch', { name: 'Spoken cues' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect(page.getByTestId('practice-reps')).toHaveText('1');
    expect(await spoken(page)).toEqual([]);
    await page.getByRole('switch', { name: 'Spoken cues' }).click();
    await page.getByRole('button', { name: 'Count a rep' }).click();
    await expect.poll(() => spoken(page)).toEqual(['2']);
    await snap('coach-voice-on');
  });
});
