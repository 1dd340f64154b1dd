import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './fixtures/chromium.js';
import { E2E_ADMIN_EMAIL, E2E_BASE_URL, E2E_MAX_WORKERS, E2E_PORT, POSE_SPECS, TAGS } from './fixtures/env.js';
import { FIREBASE_BASE_URL, FIREBASE_PROJECT, FIREBASE_SPECS, firebaseAvailable, firebaseWebServer } from './fixtures/firebase.js';

const isCI = !!process.env.CI;
/**
 * scripts/test.mjs (`npm test`) runs the suite in two phases, each its own Playwright run:
 * 'light' (specs that only drive pages: two workers) and then 'pose' (POSE_SPECS: one at a time,
 * since the pose model needs both cores and a starved one counts nothing). None: every spec, as
 * before (`npx playwright test`).
 */
const phase = process.env.E2E_PHASE;
if (phase !== undefined && phase !== 'light' && phase !== 'pose') throw new Error(`E2E_PHASE is 'light' or 'pose', not '${phase}'`);
const poseGrep = new RegExp(`(^| )(${POSE_SPECS.join('|')})\\.spec\\.ts( |$)`);
/**
 * A project's filter: the phase's (by file name) and the tags the project leaves out. Set on each
 * project, since a project's grep and grepInvert replace the configuration's rather than add to it.
 */
const only = (...leftOut: string[]) => ({
  ...(phase === 'pose' ? { grep: poseGrep } : {}),
  grepInvert: [...(phase === 'light' ? [poseGrep] : []), ...leftOut.map((tag) => new RegExp(`(^| )${tag}( |$)`))],
});
const defaultWorkers = phase === 'pose' ? 1 : phase === 'light' ? 2 : isCI ? 1 : 2;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const launchOptions = chromiumLaunchOptions();

/** The projects named on the command line (--project x, --project=x); none: every project. */
const chosen = process.argv.flatMap((arg, index, all) =>
  arg === '--project' ? [all[index + 1]] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
);
/** Firebase mode's servers start only when its project runs and the Firestore emulator is here (else its tests skip). */
const runsFirebase = firebaseAvailable() && (chosen.length === 0 || chosen.includes(FIREBASE_PROJECT));

const embeddedServer = {
  // The built app, as `npm start` serves it, with a fresh data folder per run.
  command: 'node e2e/scripts/serve.mjs',
  cwd: repoRoot,
  url: `${E2E_BASE_URL}/healthz`,
  env: { PORT: String(E2E_PORT), E2E_ADMIN_EMAIL },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
};

export default defineConfig({
  testDir: './tests',
  // Each phase keeps its own results and report: the second run would otherwise empty the first's.
  outputDir: `./output/results${phase ? `-${phase}` : ''}`,
  forbidOnly: isCI,
  retries: 0,
  // Specs share the embedded server with users of their own, and a spec's second gateway takes its
  // worker's own port and data folder (env.ts's workerPort), so workers may run side by side.
  // E2E_WORKERS (or --workers) sets how many. The pose specs run one at a time: on CI's two cores a
  // clean run with two workers throughout was no faster (132 of its 134 tests done after 48 minutes,
  // against 129 in 41.5 with one), and the pose tests starved (live counts stayed at 0 in three of
  // them). The other specs keep a core only half busy each, so two of them run side by side.
  workers: Math.min(Number(process.env.E2E_WORKERS ?? defaultWorkers), E2E_MAX_WORKERS),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: `./output/report${phase ? `-${phase}` : ''}`, open: 'never' }],
    // Read by scripts/test.mjs, which names every failed test again at the very end of the run:
    // a CI log that keeps only its last lines still says what failed.
    ['json', { outputFile: `./output/summary${phase ? `-${phase}` : ''}.json` }],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace: every action, the DOM before and after it, console and
    // network. Without the screencast: recording it on every test (kept or not) made the browser
    // stage about a sixth slower on CI's two cores (admin and smoke specs: 58 s with it, 48 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    // firestore.rules against the emulator's rules engine: no browser.
    { name: 'rules', testDir: './rules', ...only() },
    {
      name: 'phone',
      ...only(TAGS.everySize, TAGS.notOnPhone),
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
      // These specs drive a desktop page and a phone-sized context of their own in each test.
      // remote-camera-turn.spec.ts also starts its own gateway and coturn: once per run; together.spec.ts
      // three browsers and two gateways of its own.
      testIgnore: [
        '**/remote-camera-link.spec.ts',
        '**/remote-camera-pairing.spec.ts',
        '**/remote-camera-start.spec.ts',
        '**/remote-camera-turn.spec.ts',
        '**/remote-practice.spec.ts',
        '**/live.spec.ts',
        '**/together.spec.ts',
      ],
    },
    { name: 'desktop', ...only(), use: { viewport: { width: 1440, height: 900 } } },
    // The same journeys in Firebase mode on the Auth and Firestore emulators (fixtures/firebase.ts),
    // one at a time: with two side by side, one admin's activity read as missing on its own page
    // just after another admin's test had written to the catalogue (the light phase's first run).
    {
      name: FIREBASE_PROJECT,
      testMatch: FIREBASE_SPECS,
      ...only(TAGS.everySize),
      workers: 1,
      use: { viewport: { width: 1440, height: 900 }, baseURL: FIREBASE_BASE_URL },
    },
  ],
  webServer: runsFirebase ? [embeddedServer, firebaseWebServer(repoRoot)] : [embeddedServer],
});
