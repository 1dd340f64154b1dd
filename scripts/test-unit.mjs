// `npm run test:unit`: the Vitest projects in two runs.
//   1. every suite but the client's Firebase suites, on the config's workers (two at least);
//   2. the client's Firebase suites (client/src/test/firebase.*.test.ts), one at a time.
// Each Firebase suite starts its own Auth and Firestore emulators (two JVM and Node processes
// that keep both cores busy while they start), and the one clean CI that ran them two at a time
// failed one of them (a fresh emulator token refused by the gateway, not reproduced since; the
// gateway now logs why). Every other suite has run on two workers here many times.
// Arguments go to both runs (`npm run test:unit -- --project client`); a filter that leaves a run
// nothing to do passes. Both runs go even when the first fails; the exit code is the first failure's.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);
const FIREBASE_SUITES = '**/src/test/firebase.*.test.ts';

const runs = [
  { name: 'unit tests but the Firebase suites', args: ['--exclude', FIREBASE_SUITES] },
  { name: 'the Firebase suites, one at a time', args: ['--maxWorkers=1', 'src/test/firebase.'] },
];

let status = 0;
const times = [];
for (const run of runs) {
  console.log(`\n---------- ${run.name} ----------`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [vitest, 'run', '--passWithNoTests', ...run.args, ...args], { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const code = result.status ?? 1;
  if (result.error) console.error(result.error);
  console.log(`---------- ${run.name}: exit ${code}, ${seconds} s ----------`);
  times.push(`${run.name} ${seconds} s${code === 0 ? '' : ' (FAILED)'}`);
  if (status === 0 && code !== 0) status = code;
}
console.log(`unit test runs: ${times.join('; ')}`);
process.exit(status);
