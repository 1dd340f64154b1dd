// Test runs one after the other, for `npm run test:unit` (scripts/test-unit.mjs) and the browser
// tests' phases (e2e/scripts/test.mjs): each run is timed, every run goes even when one fails, the
// exit code is the first failure's, and the last lines name what failed (each run reads its own
// report), so a log cut to its tail still says it.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/** The first line of a report's message, without terminal colours. */
export const firstLine = (text) =>
  (text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0];

/**
 * Runs `runs` in turn and exits. A run: `name`; `command` (arguments to this Node), `cwd`, `env`;
 * `report`, the file its JSON report goes to (removed first, so an old one is never read);
 * `failures(report)`, the lines naming what failed in it (or why it could not be read).
 */
export function runInTurn(runs, what) {
  let status = 0;
  const times = [];
  const found = [];
  for (const run of runs) {
    console.log(`\n---------- ${run.name} ----------`);
    const started = Date.now();
    rmSync(run.report, { force: true });
    const result = spawnSync(process.execPath, run.command, { cwd: run.cwd, env: run.env ?? process.env, stdio: 'inherit' });
    const seconds = Math.round((Date.now() - started) / 1000);
    const code = result.status ?? 1;
    if (result.error) console.error(result.error);
    console.log(`---------- ${run.name}: exit ${code}, ${seconds} s ----------`);
    times.push(`${run.name} ${seconds} s${code === 0 ? '' : ' (FAILED)'}`);
    if (status === 0 && code !== 0) status = code;
    found.push(...run.failures(run.report));
  }
  console.log(`${what}: ${times.join('; ')}`);
  console.log(found.length > 0 ? `what failed:\n${found.join('\n')}` : 'no test failed');
  process.exit(status);
}

/** Reads a JSON report, or says in one line why it cannot. */
export function readReport(file, name) {
  try {
    return { report: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    return { unreadable: `${name}: no report to read (${firstLine(error.message)})` };
  }
}
