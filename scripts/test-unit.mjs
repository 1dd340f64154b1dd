// `npm run test:unit`: the Vitest projects in two runs.
//   1. every suite but the client's Firebase suites, on the config's workers (two at least);
//   2. the client's Firebase suites (client/src/test/firebase.*.test.ts), one at a time.
// Each Firebase suite starts its own Auth and Firestore emulators (two JVM and Node processes
// that keep both cores busy while they start), and the one clean CI that ran them two at a time
// failed one of them (a fresh emulator token refused by the gateway, not reproduced since; the
// gateway now logs why). Every other suite has run on two workers here many times.
// With arguments (`npm run test:unit -- --project client`, a file filter) it is one run with them
// instead: Vitest joins file filters with "or", so the second run's filter would add to them.
// Both runs go even when the first fails; the exit code is the first failure's.
// The last lines name every failed test or suite of both runs with its error's first line (from
// each run's JSON report in test-results/), so a log cut to its tail still says what failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);
const FIREBASE_SUITES = '**/src/test/firebase.*.test.ts';

const runs =
  args.length > 0
    ? [{ name: 'unit tests', report: 'unit', args }]
    : [
        { name: 'unit tests but the Firebase suites', report: 'unit', args: ['--exclude', FIREBASE_SUITES] },
        { name: 'the Firebase suites, one at a time', report: 'unit-firebase', args: ['--maxWorkers=1', 'src/test/firebase.'] },
      ];
const reports = fileURLToPath(new URL('../test-results/', import.meta.url));
mkdirSync(reports, { recursive: true });

/** The failed suites and tests of a run's JSON report, a line each. */
function failures(run, file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [`${run.name}: no report to read (${error.message.split('\n')[0]})`];
  }
  const firstLine = (text) =>
    (text ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0];
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const file = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`FAILED ${file} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && suite.status === 'failed') lines.push(`FAILED ${file} (the suite)\n    ${firstLine(suite.message)}`);
  }
  return lines;
}

let status = 0;
const times = [];
const found = [];
for (const run of runs) {
  console.log(`\n---------- ${run.name} ----------`);
  const started = Date.now();
  const report = `${reports}${run.report}.json`;
  rmSync(report, { force: true });
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const result = spawnSync(process.execPath, [vitest, 'run', '--passWithNoTests', ...reporters, ...run.args], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const code = result.status ?? 1;
  if (result.error) console.error(result.error);
  console.log(`---------- ${run.name}: exit ${code}, ${seconds} s ----------`);
  times.push(`${run.name} ${seconds} s${code === 0 ? '' : ' (FAILED)'}`);
  if (status === 0 && code !== 0) status = code;
  if (code !== 0) found.push(...failures(run, report));
}
console.log(`unit test runs: ${times.join('; ')}`);
if (found.length > 0) console.log(`what failed:\n${found.join('\n')}`);
process.exit(status);
