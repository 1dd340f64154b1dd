/**
 * Video file analysis benchmark (prints figures; not a test):
 *   npm run build -w client && bash e2e/scripts/test-media.sh && npm run bench:file
 *
 * In headless Chromium (/usr/bin/chromium), on the built app's /pose-check.html (the analysis
 * screen's own workers, model files and code), each real video is analysed twice in the same
 * run: 'decoded', the app's path (WebCodecs, thinned to a squat's analysis rate of 15 frames/s,
 * a pose worker a core) and 'played', the path before it and the fallback where the browser
 * cannot decode the file (played and analysed as it plays, slowed when the model falls behind).
 * Per file and in total: the video's length, the wall time, the ratio (video seconds per wall
 * second; goal at least 1.5x real time on 2 cores), frames analysed per wall second, and what
 * the engine makes of each take against the catalogue's side-view squat (reps and score), so
 * the two paths' results can be compared. The videos: e2e/.cache/media/*.webm (squat.webm and
 * squat-landscape.webm are the MIT goblet-squat clip cut and scaled; vtest.webm people walking)
 * and the MIT clip itself (shared/test-data/real). BENCH_FILES=a.webm,b.mp4 picks some.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { parseTake, scoreTake } from '@movelab/shared/movescore/index';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.js';
import { MEDIA_DIR } from '../e2e/tests/pose-media.js';
import { demoReference } from '../gateway/src/seed.js';
import { openPoseCheck, serveFolders } from './bench-browser.js';

type TRun = { durationS: number; wallS: number; frames: number };
const PATHS = ['decoded', 'played'] as const;
const print = (line: string) => process.stdout.write(`${line}\n`);
const dist = fileURLToPath(new URL('../client/dist/', import.meta.url));
const mit = fileURLToPath(new URL('../shared/test-data/real/squat_side_goblet_2reps.mp4', import.meta.url));
if (!existsSync(join(dist, 'pose-check.html'))) throw new Error('Build the client first: npm run build -w client');

const only = process.env.BENCH_FILES?.split(',');
const videos = [
  ...(existsSync(MEDIA_DIR)
    ? readdirSync(MEDIA_DIR)
        .filter((name) => name.endsWith('.webm'))
        .map((name) => join(MEDIA_DIR, name))
    : []),
  ...(existsSync(mit) ? [mit] : []),
].filter((file) => !only || only.includes(basename(file)));
if (videos.length === 0) throw new Error('No videos: run bash e2e/scripts/test-media.sh');

// The built files and the videos on a loopback port: nothing else is served and nothing is fetched from outside.
const server = await serveFolders({ '/': dist, '/bench-media': MEDIA_DIR, '/bench-real': dirname(mit) });
const { origin } = server;
const mediaUrl = (file: string) => `${file === mit ? '/bench-real' : '/bench-media'}/${basename(file)}`;
const reference = demoReference('squat', 'side');
const engine = (take: unknown) => {
  if (!take) return 'no pose';
  const result = scoreTake(reference, parseTake(take));
  return `${result.repCount} reps, ${result.score === null ? 'form not judged' : `${Math.round(result.score * 100)}%`}`;
};
const row = (name: string, path: string, run: TRun, result: string) =>
  print(
    `${name.padEnd(26)} ${path.padEnd(8)} ${run.durationS.toFixed(1).padStart(6)} s ${run.wallS.toFixed(1).padStart(6)} s ${`${(run.durationS / run.wallS).toFixed(2)}x`.padStart(7)} ${(run.frames / run.wallS).toFixed(1).padStart(8)} ${result}`,
  );

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const { page, outside, backend } = await openPoseCheck(browser, origin);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  print(`file analysis benchmark: MoveNet Lightning, TF.js ${backend}, headless Chromium, ${cores} cores`);
  print("decoded: WebCodecs, thinned to a squat's 15 frames/s, a pose worker a core (the app); played: analysed as it plays (before, and the fallback)");
  print(`${'video'.padEnd(26)} ${'path'.padEnd(8)} ${'length'.padStart(8)} ${'wall'.padStart(8)} ${'ratio'.padStart(7)} ${'frames/s'.padStart(8)} engine (side squat)`);
  const totals = Object.fromEntries(PATHS.map((path) => [path, { durationS: 0, wallS: 0, frames: 0 }])) as Record<(typeof PATHS)[number], TRun>;
  for (const video of videos) {
    for (const path of PATHS) {
      const run = await page.evaluate(([url, which]) => window.poseCheck!.analyseFile(url, which, 'squat'), [mediaUrl(video), path] as const);
      row(basename(video), path, run, engine(run.take));
      totals[path].durationS += run.durationS;
      totals[path].wallS += run.wallS;
      totals[path].frames += run.frames;
    }
  }
  for (const path of PATHS) row('total', path, totals[path], '');
  const ratio = totals.decoded.durationS / totals.decoded.wallS;
  print(`goal >= 1.5x real time in total (decoded): ${ratio >= 1.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x)`);
  if (outside.length > 0) print(`WARNING: requests left the machine: ${outside.join(', ')}`);
} finally {
  await browser.close();
  server.close();
}
