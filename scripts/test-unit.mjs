// `npm run test:unit`: the Vitest projects in two runs, side by side.
//   1. every suite but the client's Firebase suites, on the config's workers (two at least);
//   2. the client's Firebase suites (client/src/test/firebase.*.test.ts), one at a time.
// Each Firebase suite starts its own Auth and Firestore emulators and a gateway, and mostly waits
// on them: run after the first (as they were), they took 287 s of a 661 s stage in which their
// tests ran 119 s; beside it they fill the time the first run's workers leave idle. Within their
// run they stay one at a time: the one clean CI that ran two at once failed one of them (a fresh
// emulator token refused by the gateway, not reproduced since; the gateway now logs why).
// With arguments (`npm run test:unit -- --project client`, a file filter) it is one run with them
// instead: Vitest joins file filters with "or", so the second run's filter would add to them.
// Every run goes even when another fails; the exit code is the first failure's. The second run's
// output is printed whole after the first's. The last lines name every failed test or suite of both
// runs with its error's first line (from each run's JSON report in test-results/;
// scripts/runs-in-turn.mjs).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstLine, readReport, runSideBySide } from './runs-in-turn.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);
const FIREBASE_SUITES = '**/src/test/firebase.*.test.ts';
const reports = fileURLToPath(new URL('../test-results/', import.meta.url));
mkdirSync(reports, { recursive: true });

/** The failed suites and tests of a run's Vitest JSON report, a line each. */
function failures(name, file) {
  const { report, unreadable } = readReport(file, name);
  if (!report) return [unreadable];
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const path = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`FAILED ${path} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && suite.status === 'failed') lines.push(`FAILED ${path} (the suite)\n    ${firstLine(suite.message)}`);
  }
  return lines;
}

const vitestRun = (name, file, runArgs) => {
  const report = `${reports}${file}.json`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return {
    name,
    report,
    cwd: root,
    command: [vitest, 'run', '--passWithNoTests', ...reporters, ...runArgs],
    failures: (path) => failures(name, path),
  };
};

await runSideBySide(
  args.length > 0
    ? [vitestRun('unit tests', 'unit', args)]
    : [
        vitestRun('unit tests but the Firebase suites', 'unit', ['--exclude', FIREBASE_SUITES]),
        vitestRun('the Firebase suites, one at a time', 'unit-firebase', ['--maxWorkers=1', 'src/test/firebase.']),
      ],
  'unit test runs',
);
