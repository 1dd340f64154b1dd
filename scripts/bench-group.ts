/**
 * "Practise together" benchmark (prints figures; not a test), loopback only:
 *   ulimit -n 20000   # 500 sessions of 8 open 4,000 client sockets plus as many on the server
 *   npm run bench:group -- [sessions=500] [members=8] [seconds=5] [--redis]
 *
 * S group sessions of M members on one gateway (with --redis: two gateways sharing a
 * redis-server, members spread over both), each member its own signed-in user: the host creates
 * the group, the others join by its link, get ready, the host starts and the countdown runs out.
 * Then every member posts a count (`group:count`) twice a second for the given seconds. Timed:
 * from a post to the moment every other member of its group has heard it (same clock, loopback).
 * The same run against bare Socket.IO (bench-server.ts "echo": M sockets in a room, each message
 * emitted to the room, nothing else; with --redis two of them on the Redis adapter) is the
 * baseline. The last line printed is the summary:
 *   group updates: <S> sessions of <M>, p95 <n> ms, p99 <n> ms; bare Socket.IO p95 <n> ms, p99 <n> ms
 * The client sockets all live in this one process: it shares the machine's cores with the
 * servers, for the baseline as for the gateway. `BENCH_PROFILE=<folder>` writes each server's CPU
 * profile there. Figures: docs/performance.md, "Practise together".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildShared, describeCaps, RAISED_CAPS, ROOT, runMain, startServer, stopServer, type TServer, type TServerKind } from './bench-sockets.js';
import { measureLoad, openLoad, type TLoadResult } from './bench-group-load.js';

/** The countdown before the step (the gateway's setting, shortened: the run waits it out once). */
// The demo catalogue: a group's movement is looked up there.
const GROUP_ENV = { ...RAISED_CAPS, SEED_DEMO: 'true', GROUP_COUNTDOWN_SECONDS: '1' };

type TRun = { servers: TServer[]; close(): void };

/** Starts redis-server on a free port (@movelab/test-tools); stopped with the run. */
async function startRedis(): Promise<{ url: string; stop(): void }> {
  // Imported from its build, built here as the gateway's shared is.
  execFileSync('npx', ['tsc', '-b', 'test-tools'], { cwd: ROOT, stdio: 'inherit' });
  const redis = await (await import('@movelab/test-tools')).startRedis();
  process.on('exit', () => redis.process.kill('SIGKILL'));
  return redis;
}

/** One server, or two on one Redis sharing one store; every process started is stopped by close(). */
async function startServers(kind: TServerKind, users: number, withRedis: boolean): Promise<TRun> {
  if (!withRedis) {
    const server = await startServer(kind, { users, env: GROUP_ENV });
    return { servers: [server], close: () => stopServer(server) };
  }
  const redis = await startRedis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-bench-group-'));
  const servers: TServer[] = [];
  const close = () => {
    servers.forEach(stopServer);
    redis.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first writes the accounts to the shared store.
    for (let index = 0; index < 2; index += 1) servers.push(await startServer(kind, { users, dataDir, env: { ...GROUP_ENV, REDIS_URL: redis.url } }));
  } catch (error) {
    close();
    throw error;
  }
  return { servers, close };
}

async function runKind(kind: TServerKind, sessions: number, members: number, seconds: number, withRedis: boolean): Promise<TLoadResult> {
  const run = await startServers(kind, sessions * members, withRedis);
  try {
    const load = await openLoad(kind, run.servers, sessions, members);
    try {
      return await measureLoad(load, run.servers, seconds);
    } finally {
      load.close();
    }
  } finally {
    run.close();
  }
}

const ms = (value: number) => value.toFixed(1);

/** `planned`: posts due in the time (members x 2 a second); fewer were made when this process fell behind. */
function printResult(kind: string, r: TLoadResult, planned: number): void {
  console.log(
    `${kind.padEnd(11)} | posts ${r.posts}/${planned} | heard by all: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms | ` +
      `deliveries ${r.deliveriesPerSecond.toFixed(0)}/s | server CPU ${r.cpuPerPost.toFixed(0)} µs/post | client ${r.clientCores.toFixed(2)} cores | not heard by all ${r.lost} | refused ${r.refused}`,
  );
}

async function main(): Promise<void> {
  const [sessions, members, seconds] = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('--'))
    .map(Number)
    .concat([NaN, NaN, NaN]);
  const S = Number.isFinite(sessions) ? sessions! : 500;
  const M = Number.isFinite(members) ? members! : 8;
  const T = Number.isFinite(seconds) ? seconds! : 5;
  const withRedis = process.argv.includes('--redis');
  if (M < 2 || M > 8) throw new Error('members: 2 to 8 (GROUP_MAX_PRACTISING)');
  buildShared();
  const where = withRedis ? 'two gateways on one redis-server, members alternating between them' : 'one gateway';
  console.log(
    `Group counts: ${S} sessions of ${M} (${S * M} sockets) on ${where}, each member posting twice a second for ${T} s, loopback, ${os.cpus().length} CPUs`,
  );
  console.log(describeCaps(GROUP_ENV));
  const echo = await runKind('echo', S, M, T, withRedis);
  printResult(withRedis ? 'bare+redis' : 'bare', echo, S * M * T * 2);
  const gateway = await runKind('gateway', S, M, T, withRedis);
  printResult(withRedis ? 'group+redis' : 'group', gateway, S * M * T * 2);
  console.log(
    `ratio group/bare: p95 x${(gateway.p95 / echo.p95).toFixed(2)}, p99 x${(gateway.p99 / echo.p99).toFixed(2)}, CPU/post x${(gateway.cpuPerPost / echo.cpuPerPost).toFixed(2)} (load average ${os.loadavg()[0]!.toFixed(1)}: other work shares these CPUs)`,
  );
  const failed = gateway.lost + gateway.refused + echo.lost + echo.refused;
  if (failed > 0) console.log(`warning: ${failed} posts were refused or not heard by every member`);
  console.log(
    `group updates: ${S} sessions of ${M}, p95 ${ms(gateway.p95)} ms, p99 ${ms(gateway.p99)} ms; bare Socket.IO p95 ${ms(echo.p95)} ms, p99 ${ms(echo.p99)} ms`,
  );
}

await runMain(main);
