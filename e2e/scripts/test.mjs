// `npm test` in e2e/: the browser tests in two phases, each its own Playwright run with its own
// servers, results and report (playwright.config.ts reads E2E_PHASE):
//   light  every spec that only drives pages, two workers side by side;
//   pose   the specs that run the pose model or stream a camera (fixtures/env.ts POSE_SPECS), one
//          at a time, so the model has both cores.
// Arguments go to both runs (`npm test -w e2e -- --project desktop`). Both phases run even when the
// first fails; the exit code is the first failure's. Each phase's time is printed at its end, and
// the last lines of the run name every test that failed or passed only on a retry, with its error's
// first line (from each phase's JSON report; scripts/runs-in-turn.mjs).
import { fileURLToPath } from 'node:url';
import { firstLine, readReport, runInTurn } from '../../scripts/runs-in-turn.mjs';

const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));
const args = process.argv.slice(2);

/** The failed and flaky tests of a phase's Playwright JSON report, a line each, and errors outside any test. */
function problems(phase, file) {
  const { report, unreadable } = readReport(file, phase);
  if (!report) return [unreadable];
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

runInTurn(
  ['light', 'pose'].map((phase) => ({
    name: `browser tests, ${phase} phase`,
    // playwright.config.ts writes each phase's JSON report there.
    report: fileURLToPath(new URL(`../output/summary-${phase}.json`, import.meta.url)),
    cwd: e2eDir,
    env: { ...process.env, E2E_PHASE: phase },
    // A filter that leaves a phase nothing to run is not a failure of that phase.
    command: [cli, 'test', '--pass-with-no-tests', ...args],
    failures: (file) => problems(phase, file),
  })),
  'browser test phases',
);
