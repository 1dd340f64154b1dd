/**
 * Gateway signalling benchmark (prints figures; not a test), loopback only:
 *   ulimit -n 20000   # 2,000 sessions open 4,000 client sockets plus as many on the server
 *   npm run bench:gateway -- [levels=100,500,2000] [seconds=5]
 *
 * For each level N, N hosts (signed in) open remote sessions and N phone cameras join them over
 * websocket (socket.io-client); then every camera sends a signal to its host every second and
 * the host answers at once, for the given seconds. Reported: relay latency p50/p99 (send to
 * receive, one hop, same clock), relayed messages per second, and server memory per socket
 * (RSS and heap delta after GC), and server CPU time per relayed message. The same run against a bare Socket.IO relay ("echo": forward
 * to a socket id, acknowledge, nothing else) gives the baseline and the ratio.
 *
 * The server runs in a child process so its memory is measured alone.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';

const SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const INTERVAL_MS = 1000;
const CONNECT_BATCH = 100;
const SETTLE_MS = 1000;
const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '..');

/**
 * The gateway's per-address and per-socket caps, raised for a load that all comes from one
 * loopback address (printed with the results). Per-account caps stay: each host is its own user.
 */
const RAISED_CAPS = {
  CONNECTIONS_PER_ADDRESS: '0',
  CAMERA_SOCKETS_PER_ADDRESS: '100000',
  SESSION_JOIN_RATE_LIMIT: '1000000',
};

type TKind = 'gateway' | 'echo';
type TMemory = { rss: number; heapUsed: number; cpuMicros: number };
type TPair = { host: Socket; camera: Socket; sessionId: string; cameraId: string; hostId: string; cameraSocketId: string };
type TResult = {
  p50: number;
  p99: number;
  perSecond: number;
  cpuPerMessage: number;
  rssPerSocket: number;
  heapPerSocket: number;
  sockets: number;
  lost: number;
};

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: TKind, maxUsers: number): Promise<void> {
  const memory = (): TMemory => {
    global.gc?.();
    const usage = process.memoryUsage();
    const cpu = process.cpuUsage();
    return { rss: usage.rss, heapUsed: usage.heapUsed, cpuMicros: cpu.user + cpu.system };
  };
  let port: number;
  if (kind === 'echo') {
    const server = http.createServer();
    const echo = new Server(server, { serveClient: false });
    echo.on('connection', (socket) => {
      socket.on('relay', (payload: { to: string; data: unknown }, ack: (answer: unknown) => void) => {
        socket.to(payload.to).emit('receive', { from: socket.id, data: payload.data });
        ack({ ok: true, data: null });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  } else {
    const { openDatabase } = await import('../gateway/src/db/database.js');
    const { loadConfig } = await import('../gateway/src/config.js');
    const { createApp } = await import('../gateway/src/app.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-bench-'));
    process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // Accounts written straight to the store: N password sign-ups (scrypt) would dominate the run.
    const db = openDatabase(dataDir);
    const insert = db.prepare('INSERT INTO accounts (uid, email, password_hash, created_at) VALUES (?, ?, ?, ?)');
    db.transaction(() => {
      for (let index = 0; index < maxUsers; index += 1)
        insert.run(`bench-${index}`, `bench-${index}@example.com`, 'unused', new Date().toISOString());
    })();
    db.close();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TOKEN_SECRET: SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...RAISED_CAPS,
    });
    const app = await createApp({ config });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    port = (app.server.address() as AddressInfo).port;
  }
  process.on('message', (message: string) => {
    if (message === 'memory') process.send!({ memory: memory() });
  });
  process.send!({ port });
}

// ---------------------------------------------------------------- client side

/** Every server child still running: a failed run stops them before it exits. */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

function startServer(kind: TKind, maxUsers: number): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(SCRIPT, [`--serve=${kind}`, `--users=${maxUsers}`], { execArgv: ['--import', 'tsx', '--expose-gc'], cwd: ROOT });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
  });
}

function serverMemory(child: ChildProcess): Promise<TMemory> {
  return new Promise((resolve) => {
    child.once('message', (message: { memory: TMemory }) => resolve(message.memory));
    child.send('memory');
  });
}

function connect(url: string, auth: Record<string, unknown>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function ask<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const answer = (await socket.timeout(20_000).emitWithAck(event, payload)) as { ok: boolean; data: T; error?: { code: string } };
  if (!answer.ok) throw new Error(`${event}: ${answer.error?.code}`);
  return answer.data;
}

const tokenFor = (uid: string) =>
  new SignJWT({ auth_time: Math.floor(Date.now() / 1000) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer('movelab')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET));

async function openPair(kind: TKind, url: string, index: number): Promise<TPair> {
  if (kind === 'echo') {
    const [host, camera] = await Promise.all([connect(url, {}), connect(url, {})]);
    return { host, camera, sessionId: '', cameraId: '', hostId: host.id!, cameraSocketId: camera.id! };
  }
  const host = await connect(url, { token: await tokenFor(`bench-${index}`) });
  const opened = await ask<{ sessionId: string; joinToken: string }>(host, 'session:create', {});
  const camera = await connect(url, { role: 'camera' });
  const joined = await ask<{ cameraId: string }>(camera, 'session:join', { sessionId: opened.sessionId, joinToken: opened.joinToken });
  return { host, camera, sessionId: opened.sessionId, cameraId: joined.cameraId, hostId: host.id!, cameraSocketId: camera.id! };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

async function runLevel(kind: TKind, sessions: number, seconds: number): Promise<TResult> {
  const { child, port } = await startServer(kind, sessions);
  try {
    return await measureLevel(kind, child, port, sessions, seconds);
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}

async function measureLevel(kind: TKind, child: ChildProcess, port: number, sessions: number, seconds: number): Promise<TResult> {
  const url = `http://127.0.0.1:${port}`;
  const before = await serverMemory(child);
  const pairs: TPair[] = [];
  for (let start = 0; start < sessions; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, sessions - start) }, (_, offset) => openPair(kind, url, start + offset));
    pairs.push(...(await Promise.all(batch)));
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = await serverMemory(child);

  const latencies: number[] = [];
  let sent = 0;
  const send = (from: Socket, pair: TPair, toHost: boolean) => {
    sent += 1;
    const data = { type: toHost ? 'offer' : 'answer', sdp: 'v=0 bench', t: performance.now() };
    if (kind === 'echo') from.emit('relay', { to: toHost ? pair.hostId : pair.cameraSocketId, data }, () => undefined);
    else from.emit('signal:send', { sessionId: pair.sessionId, to: toHost ? 'host' : pair.cameraId, data }, () => undefined);
  };
  const received = kind === 'echo' ? 'receive' : 'signal:receive';
  let isRunning = true;
  for (const pair of pairs) {
    pair.host.on(received, (message: { data: { t: number } }) => {
      latencies.push(performance.now() - message.data.t);
      if (isRunning) send(pair.host, pair, false);
    });
    pair.camera.on(received, (message: { data: { t: number } }) => latencies.push(performance.now() - message.data.t));
  }
  const startedAt = performance.now();
  const timers = pairs.map((pair) => {
    // Spread the senders over the interval so the load is steady, not in bursts.
    const offset = setTimeout(() => {
      send(pair.camera, pair, true);
      timers.push(setInterval(() => send(pair.camera, pair, true), INTERVAL_MS));
    }, Math.random() * INTERVAL_MS);
    return offset;
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  isRunning = false;
  timers.forEach((timer) => clearTimeout(timer));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const elapsed = (performance.now() - startedAt) / 1000;
  const end = await serverMemory(child);
  pairs.forEach(({ host, camera }) => [host, camera].forEach((socket) => socket.close()));

  const sorted = latencies.sort((a, b) => a - b);
  const socketCount = pairs.length * 2;
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    perSecond: latencies.length / elapsed,
    // Server CPU time per relayed message: unlike latency, barely moved by other load on the machine.
    cpuPerMessage: (end.cpuMicros - after.cpuMicros) / Math.max(1, latencies.length),
    rssPerSocket: (after.rss - before.rss) / socketCount,
    heapPerSocket: (after.heapUsed - before.heapUsed) / socketCount,
    sockets: socketCount,
    lost: sent - latencies.length,
  };
}

async function main(): Promise<void> {
  const levels = (process.argv[2] ?? '100,500,2000').split(',').map(Number);
  const seconds = Number(process.argv[3] ?? 5);
  // The gateway imports @movelab/shared from its build.
  execFileSync('npx', ['tsc', '-b', 'shared'], { cwd: ROOT, stdio: 'inherit' });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`Signalling relay, ${INTERVAL_MS} ms per camera offer + host answer, ${seconds} s per level, loopback, ${os.cpus().length} CPUs`);
  console.log(
    `Gateway caps raised for one loopback address: ${Object.entries(RAISED_CAPS)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`,
  );
  console.log('sessions | server  | sockets | p50      | p99      | msg/s   | CPU/msg  | lost | RSS/socket | heap/socket');
  for (const sessions of levels) {
    const results: Record<TKind, TResult> = {
      echo: await runLevel('echo', sessions, seconds),
      gateway: await runLevel('gateway', sessions, seconds),
    };
    for (const kind of ['echo', 'gateway'] as const) {
      const r = results[kind];
      console.log(
        `${String(sessions).padStart(8)} | ${kind.padEnd(7)} | ${String(r.sockets).padStart(7)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${r.perSecond.toFixed(0).padStart(7)} | ${`${r.cpuPerMessage.toFixed(0)} µs`.padStart(8)} | ${String(r.lost).padStart(4)} | ${kb(r.rssPerSocket).padStart(10)} | ${kb(r.heapPerSocket).padStart(11)}`,
      );
    }
    const { echo, gateway } = results;
    console.log(
      `${String(sessions).padStart(8)} | ratio   | gateway/echo: p50 x${(gateway.p50 / echo.p50).toFixed(2)}, p99 x${(gateway.p99 / echo.p99).toFixed(2)}, msg/s x${(gateway.perSecond / echo.perSecond).toFixed(2)}, CPU/msg x${(gateway.cpuPerMessage / echo.cpuPerMessage).toFixed(2)}, heap/socket x${(gateway.heapPerSocket / echo.heapPerSocket).toFixed(2)} (load average ${os.loadavg()[0]!.toFixed(1)}: other work shares these CPUs)`,
    );
  }
}

const serveArg = process.argv.find((arg) => arg.startsWith('--serve='));
if (serveArg) {
  const users = Number(process.argv.find((arg) => arg.startsWith('--users='))?.slice('--users='.length) ?? 0);
  await serve(serveArg.slice('--serve='.length) as TKind, users);
} else {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
