/**
 * The pose model runs in the app's own worker, from files the app ships: on a photo of a
 * footballer it finds 17 keypoints in a plausible body (hips above knees above ankles, inside
 * the picture), and no request leaves this machine.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/index.js';
import { PHOTO, requireMedia, signInWithForm } from './pose-media.js';



test('MoveNet in the pose worker finds a plausible body on a photo, offline @not-on-phone', async ({ page, context }) => {
  test.setTimeout(90_000);
  requireMedia();
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  await page.route('**/__test-media/messi5.jpg', (route) => route.fulfill({ body: readFileSync(PHOTO), contentType: 'image/jpeg' }));

  await page.goto('/pose-check.html');
  await expect(page.locator('#status')).toHaveText('Ready');
  const backend = await page.evaluate(() => window.poseCheck!.load());
  expect(backend).toBe('wasm');

  const result = await page.evaluate(() => window.poseCheck!.estimateImage('/__test-media/messi5.jpg'));
  expect(result.width).toBe(548);
  expect(result.height).toBe(342);
  expect(result.keypoints).toHaveLength(17);
  const at = (name: string) => result.keypoints.find((keypoint) => keypoint.name === name)!;
  for (const side of ['left', 'right']) {
    const [hip, knee, ankle] = [at(`${side}_hip`), at(`${side}_knee`), at(`${side}_ankle`)];
    for (const keypoint of [hip, knee, ankle]) {
      expect(keypoint.score, `${keypoint.name} confidence`).toBeGreaterThan(0.3);
      expect(keypoint.x).toBeGreaterThanOrEqual(0);
      expect(keypoint.x).toBeLessThanOrEqual(result.width);
    }
    // Image y grows downwards: a standing body has its hips above its knees above its ankles.
    expect(hip.y, `${side} hip above knee`).toBeLessThan(knee.y);
    expect(knee.y, `${side} knee above ankle`).toBeLessThan(ankle.y);
  }
  expect(at('nose').y).toBeLessThan(at('left_hip').y);

  const outside = urls.filter((url) => !/^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/.test(url));
  expect(outside, 'requests that left the machine').toEqual([]);
  // The model and WASM came from the app itself.
  expect(urls.some((url) => url.endsWith('/models/movenet-lightning.json'))).toBe(true);
  expect(urls.some((url) => /\/models\/tfjs-backend-wasm(-simd)?\.wasm$/.test(url))).toBe(true);
});

test('the first screens load neither the pose worker nor the model @not-on-phone', async ({ page, context, signUpUser }) => {
  const urls: string[] = [];
  const pageUrls: string[] = [];
  context.on('request', (request) => {
    urls.push(request.url());
    // The service worker precaches the app's small chunks for offline use; the page itself must not load them.
    if (!request.serviceWorker()) pageUrls.push(request.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  await signInWithForm(page, await signUpUser());
  await page.waitForLoadState('networkidle');
  expect(urls.filter((url) => /pose\.worker|\/models\/|\.wasm/.test(url))).toEqual([]);
  expect(pageUrls.filter((url) => /analysis-screen|pose-client/.test(url))).toEqual([]);
});
