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
 * The server runs in a child process (bench-server.ts) so its memory is measured alone.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import {
  ask,
  buildShared,
  connect,
  describeCaps,
  percentile,
  runMain,
  serverMemory,
  startServer,
  stopServer,
  tokenFor,
  type TServerKind as TKind,
} from './bench-sockets.js';

const INTERVAL_MS = 1000;
const CONNECT_BATCH = 100;
const SETTLE_MS = 1000;

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

async function runLevel(kind: TKind, sessions: number, seconds: number): Promise<TResult> {
  const server = await startServer(kind, { users: sessions });
  try {
    return await measureLevel(kind, server.child, server.port, sessions, seconds);
  } finally {
    stopServer(server);
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
  buildShared();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`Signalling relay, ${INTERVAL_MS} ms per camera offer + host answer, ${seconds} s per level, loopback, ${os.cpus().length} CPUs`);
  console.log(describeCaps());
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

await runMain(main);
