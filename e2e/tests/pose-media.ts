/**
 * Test media made by e2e/scripts/test-media.sh (real people, from Debian's opencv-doc; never
 * committed), and the Chromium flags that turn the MJPEG clip into the browser's camera.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type LaunchOptions, type Page } from '@playwright/test';
import { FAKE_CAMERA_ARGS } from '../fixtures/chromium.js';

export const MEDIA_DIR = fileURLToPath(new URL('../.cache/media/', import.meta.url));
export const CAMERA_CLIP = `${MEDIA_DIR}vtest.mjpeg`;
export const PHOTO = `${MEDIA_DIR}messi5.jpg`;
export const VIDEO_FILE = `${MEDIA_DIR}vtest.webm`;
/** Two real goblet squats, side view (shared/test-data/real, MIT). */
export const SQUAT_VIDEO = `${MEDIA_DIR}squat.webm`;
/** The same squats in a 640x360 landscape file (the portrait picture in the middle). */
export const SQUAT_LANDSCAPE_VIDEO = `${MEDIA_DIR}squat-landscape.webm`;
/** The same squats as a 640x480 camera, for a camera take whose reps must count. */
export const SQUAT_CAMERA_CLIP = `${MEDIA_DIR}squat.mjpeg`;

export function requireMedia(): void {
  if (![CAMERA_CLIP, PHOTO, VIDEO_FILE, SQUAT_VIDEO, SQUAT_LANDSCAPE_VIDEO, SQUAT_CAMERA_CLIP].every((file) => existsSync(file))) {
    throw new Error('Test media missing: run `bash e2e/scripts/test-media.sh` first (.ci/run does)');
  }
}

/** Chromium with the clip (people walking, unless told) as its camera and camera permission granted. */
export function fakeCameraLaunch(base: LaunchOptions | undefined, clip = CAMERA_CLIP): LaunchOptions {
  return {
    ...base,
    args: [
      ...(base?.args ?? []),
      ...FAKE_CAMERA_ARGS,
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  };
}

/** Signs in through the form and waits for /home. */
export async function signInWithForm(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // A first sign-in in Firebase mode also writes the user record, and the emulators share the
  // cores with the browsers: with several browsers signing in at once that can take a while.
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
}

/**
 * Logs out through the app's own controls, confirming: the rail's Logout on a wide screen, the
 * phone bar's More menu below the rail's breakpoint (1024 px).
 */
export async function logOutWithApp(page: Page): Promise<void> {
  const isNarrow = (page.viewportSize()?.width ?? 0) < 1024;
  if (isNarrow) {
    await page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await page.getByRole('dialog', { name: 'Log out of Movelab?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth/);
}

/**
 * On /practice/routine/core-basics: practises the routine without the camera (the plank timed
 * for at least a second, then skipped, the rest skipped, the dead bug's 10 reps counted by hand)
 * to its summary, which says the plank was skipped.
 */
export async function practiseCoreBasicsByHand(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Practise without the camera' }).click();
  // A busy machine may skip the 1 on screen: any whole second will do.
  await expect(page.getByTestId('practice-seconds')).toHaveText(/^[1-9]\d*$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Skip the rest' }).click();
  const count = page.getByRole('button', { name: 'Count a rep' });
  for (let rep = 1; rep <= 10; rep += 1) {
    await count.click();
    if (rep < 10) await expect(page.getByTestId('practice-reps')).toHaveText(String(rep));
  }
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('heading', { level: 1 })).toHaveText('Session finished: 1 of 2 steps done');
}

type TCheckKeypoint = { name: string; x: number; y: number; score: number };
type TPipelineRun = { analysedFps: number; frames: number; skipped: number; seconds: number; width: number; height: number };
type TCheckFrame = { t: number; keypoints: TCheckKeypoint[] };
type TFileRun = { durationS: number; wallS: number; frames: number; take: { fps: number; frames: TCheckFrame[] } | null };
type TVideoTake = { width: number; height: number; fps: number; frames: TCheckFrame[]; durationS: number; wallS: number; inferenceMs: number };

/** What /pose-check.html and the model comparison's page expose (client/src/lib/pose/pose-check.ts). */
declare global {
  interface Window {
    poseCheck?: {
      load(model?: string): Promise<string>;
      estimateImage(url: string): Promise<{ keypoints: TCheckKeypoint[]; width: number; height: number; inferenceMs: number }>;
      rawModelMs(runs: number): Promise<number>;
      pipelineFps(seconds: number, paced: boolean): Promise<TPipelineRun>;
      videoTake(url: string, fps: number): Promise<TVideoTake>;
      analyseFile(url: string, path: 'decoded' | 'played', kind?: string): Promise<TFileRun>;
    };
  }
}
