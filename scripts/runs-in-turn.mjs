// Test runs one after the other (the browser tests' phases, e2e/scripts/test.mjs) or side by side
// (`npm run test:unit`, scripts/test-unit.mjs): each run is timed, every run goes even when one
// fails, the exit code is the first failure's, and the last lines name what failed (each run reads
// its own report), so a log cut to its tail still says it.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  const ended = [];
  for (const run of runs) {
    console.log(`\n---------- ${run.name} ----------`);
    const started = Date.now();
    rmSync(run.report, { force: true });
    const result = spawnSync(process.execPath, run.command, { cwd: run.cwd, env: run.env ?? process.env, stdio: 'inherit' });
    if (result.error) console.error(result.error);
    ended.push(endOf(run, result.status ?? 1, Math.round((Date.now() - started) / 1000)));
  }
  finish(ended, what);
}

/**
 * Runs `runs` at once and exits when all have ended: the first prints as it goes, each other one
 * into a file printed whole when it ends (after the first), so the log reads run by run. For runs
 * that mostly wait (emulators starting, servers answering) while another keeps the cores busy.
 */
export async function runSideBySide(runs, what) {
  const logs = mkdtempSync(join(tmpdir(), 'movelab-runs-'));
  const started = Date.now();
  const finished = runs.map((run, index) => {
    rmSync(run.report, { force: true });
    const log = index === 0 ? null : join(logs, `${index}.log`);
    const child = spawn(process.execPath, run.command, {
      cwd: run.cwd,
      env: run.env ?? process.env,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    console.log(`started: ${run.name}${log ? " (its output follows the first run's)" : ''}`);
    return new Promise((resolve) => {
      child.once('error', (error) => (console.error(error), resolve({ run, log, code: 1, seconds: 0 })));
      child.once('close', (code) => resolve({ run, log, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
    });
  });
  const ended = [];
  for (const promise of finished) {
    const { run, log, code, seconds } = await promise;
    if (log) {
      console.log(`\n---------- ${run.name} (side by side) ----------`);
      process.stdout.write(readFileSync(log, 'utf8'));
    }
    ended.push(endOf(run, code, seconds));
  }
  rmSync(logs, { recursive: true, force: true });
  finish(ended, what);
}

function endOf(run, code, seconds) {
  console.log(`---------- ${run.name}: exit ${code}, ${seconds} s ----------`);
  return { line: `${run.name} ${seconds} s${code === 0 ? '' : ' (FAILED)'}`, code, found: run.failures(run.report) };
}

function finish(ended, what) {
  const status = ended.find((run) => run.code !== 0)?.code ?? 0;
  const found = ended.flatMap((run) => run.found);
  console.log(`${what}: ${ended.map((run) => run.line).join('; ')}`);
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
