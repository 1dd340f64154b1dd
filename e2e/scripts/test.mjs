// `npm test` in e2e/: the browser tests in two phases, each its own Playwright run with its own
// servers, results and report (playwright.config.ts reads E2E_PHASE):
//   light  every spec that only drives pages, two workers side by side;
//   pose   the specs that run the pose model or stream a camera (fixtures/env.ts POSE_SPECS), one
//          at a time, so the model has both cores.
// Arguments go to both runs (`npm test -w e2e -- --project desktop`). Both phases run even when the
// first fails; the exit code is the first failure's. Each phase's time is printed at its end.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));
const args = process.argv.slice(2);

let status = 0;
const times = [];
for (const phase of ['light', 'pose']) {
  console.log(`\n---------- browser tests, ${phase} phase ----------`);
  const started = Date.now();
  // A filter that leaves a phase nothing to run is not a failure of that phase.
  const run = spawnSync(process.execPath, [cli, 'test', '--pass-with-no-tests', ...args], {
    cwd: e2eDir,
    stdio: 'inherit',
    env: { ...process.env, E2E_PHASE: phase },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push(`${phase} ${seconds}s`);
  const code = run.status ?? 1;
  if (run.error) console.error(run.error);
  console.log(`---------- ${phase} phase: exit ${code}, ${seconds} s ----------`);
  if (status === 0 && code !== 0) status = code;
}
console.log(`browser test phases: ${times.join(', ')}`);
process.exit(status);
