// `npm test` in e2e/: the browser tests in two phases, each its own Playwright run with its own
// servers, results and report (playwright.config.ts reads E2E_PHASE):
//   light  every spec that only drives pages, two workers side by side;
//   pose   the specs that run the pose model or stream a camera (fixtures/env.ts POSE_SPECS), one
//          at a time, so the model has both cores.
// Arguments go to both runs (`npm test -w e2e -- --project desktop`). Both phases run even when the
// first fails; the exit code is the first failure's. Each phase's time is printed at its end, and
// the last lines of the run name every test that failed or passed only on a retry, with its error's
// first line (from each phase's JSON report), so a log cut to its tail still says what failed.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));
const args = process.argv.slice(2);

/** Each phase's JSON report (playwright.config.ts writes it). */
const summaryFile = (phase) => new URL(`../output/summary-${phase}.json`, import.meta.url);

/** The failed and flaky tests of a phase's JSON report, a line each, and errors outside any test. */
function problems(phase) {
  let report;
  try {
    report = JSON.parse(readFileSync(summaryFile(phase), 'utf8'));
  } catch (error) {
    return [`${phase}: no report to read (${error.message.split('\n')[0]})`];
  }
  const firstLine = (text) =>
    (text ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0];
  const lines = (report.errors ?? []).map((error) => `${phase}: outside any test: ${firstLine(error.message)}`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = (test.results ?? []).find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const error = failed?.error?.message ?? failed?.errors?.[0]?.message ?? failed?.status;
        const title = [...titles, spec.title].join(' › ');
        const verdict = test.status === 'flaky' ? 'flaky (failed, then passed)' : 'FAILED';
        lines.push(`${phase}: ${verdict} [${test.projectName}] ${spec.file}:${spec.line} › ${title}\n    ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return lines;
}

let status = 0;
const times = [];
const found = [];
for (const phase of ['light', 'pose']) {
  console.log(`\n---------- browser tests, ${phase} phase ----------`);
  const started = Date.now();
  rmSync(summaryFile(phase), { force: true });
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
  found.push(...problems(phase));
}
console.log(`browser test phases: ${times.join(', ')}`);
console.log(found.length ? `what failed:\n${found.join('\n')}` : 'no test failed');
process.exit(status);
