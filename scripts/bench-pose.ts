/**
 * Pose pipeline benchmark (prints figures; not a test):
 *   npm run build -w client && bash e2e/scripts/test-media.sh && npx tsx scripts/bench-pose.ts [seconds]
 *
 * In headless Chromium (/usr/bin/chromium, fake camera fed from the 640x480 test clip), on the
 * built app's /pose-check.html (the analysis screen's own worker, model files and frame pump):
 * 1. raw model speed: inference in the worker on one frame, nothing else (frames per second);
 * 2. the app's pipeline paced by the camera (grab, transfer, worker, answer), as the analysis
 *    screen runs it: analysed frames per second;
 * 3. the same pipeline unpaced (two frames in flight, grabbed as fast as answers come back).
 * Target: at least 25 analysed frames per second at 640x480.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, FAKE_CAMERA_ARGS } from '../e2e/fixtures/chromium.js';
import { CAMERA_CLIP } from '../e2e/tests/pose-media.js';
import { openPoseCheck, serveFolders } from './bench-browser.js';

const seconds = Number(process.argv[2] ?? 10);
const dist = fileURLToPath(new URL('../client/dist/', import.meta.url));
const print = (line: string) => process.stdout.write(`${line}\n`);
if (!existsSync(join(dist, 'pose-check.html'))) throw new Error('Build the client first: npm run build -w client');
if (!existsSync(CAMERA_CLIP)) throw new Error('Test media missing: bash e2e/scripts/test-media.sh');

// The built files on a loopback port: nothing else is served and nothing is fetched from outside.
const server = await serveFolders({ '/': dist });
const { origin } = server;

const browser = await chromium.launch(chromiumLaunchOptions([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${CAMERA_CLIP}`]));
try {
  const { page, outside, backend } = await openPoseCheck(browser, origin);
  const rawMs = await page.evaluate(() => window.poseCheck!.rawModelMs(100));
  const paced = await page.evaluate((s) => window.poseCheck!.pipelineFps(s, true), seconds);
  const unpaced = await page.evaluate((s) => window.poseCheck!.pipelineFps(s, false), seconds);
  const rawFps = 1000 / rawMs;
  print(`pose benchmark: MoveNet Lightning, TF.js ${backend} backend, headless Chromium, camera ${paced.width}x${paced.height}`);
  print(`raw model (worker, no transfer):   ${rawMs.toFixed(1)} ms/frame = ${rawFps.toFixed(1)} fps`);
  print(
    `app pipeline, camera-paced:         ${paced.analysedFps.toFixed(1)} fps (${paced.frames} frames in ${paced.seconds.toFixed(1)} s, ${paced.skipped} camera frames skipped) = ${((100 * paced.analysedFps) / rawFps).toFixed(0)}% of raw`,
  );
  print(`app pipeline, unpaced (2 in flight): ${unpaced.analysedFps.toFixed(1)} fps = ${((100 * unpaced.analysedFps) / rawFps).toFixed(0)}% of raw`);
  print(`target >= 25 fps: ${paced.analysedFps >= 25 ? 'met' : 'NOT met'} (camera-paced)`);
  if (outside.length > 0) print(`WARNING: requests left the machine: ${outside.join(', ')}`);
} finally {
  await browser.close();
  server.close();
}
