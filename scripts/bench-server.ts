/**
 * The server side of the socket benchmarks (bench-gateway.ts, bench-group.ts), run in a child
 * process by bench-sockets.ts `startServer` so that its memory and CPU are measured alone:
 *   --serve=gateway  the gateway (embedded backend) with `--users=N` accounts bench-0..N-1 and
 *                    `--env=<json>` on top of its settings (the raised caps); `--data=<dir>` shares
 *                    one store between two gateways (with REDIS_URL in the env), else a fresh one.
 *   --serve=echo     bare Socket.IO: `relay` forwards to a socket id (or a room, without the
 *                    sender); `room:join` joins a room and `room:send` emits to every socket in it;
 *                    with REDIS_URL in `--env`, on the Redis streams adapter as the gateway is.
 * It sends `{ port }` once listening, and `{ memory }` when asked `memory`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { BENCH_SECRET, type TMemory } from './bench-sockets.js';

type TAck = (answer: unknown) => void;

function memory(): TMemory {
  global.gc?.();
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, cpuMicros: cpu.user + cpu.system };
}

async function serveEcho(redisUrl: string | undefined): Promise<number> {
  const server = http.createServer();
  const echo = new Server(server, { serveClient: false });
  if (redisUrl) {
    // The gateway's adapter: rooms shared with the other echo server on this Redis.
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    echo.adapter(createAdapter(redis));
  }
  echo.on('connection', (socket) => {
    socket.on('relay', (payload: { to: string; data: unknown }, ack: TAck) => {
      socket.to(payload.to).emit('receive', { from: socket.id, data: payload.data });
      ack({ ok: true, data: null });
    });
    socket.on('room:join', (room: string, ack: TAck) => {
      void socket.join(room);
      ack({ ok: true, data: null });
    });
    socket.on('room:send', (payload: { room: string; data: unknown }, ack: TAck) => {
      echo.to(payload.room).emit('receive', payload.data);
      ack({ ok: true, data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function serveGateway(users: number, env: Record<string, string>, sharedDir: string | undefined): Promise<number> {
  const { openDatabase } = await import('../gateway/src/db/database.js');
  const { loadConfig } = await import('../gateway/src/config.js');
  const { createApp } = await import('../gateway/src/app.js');
  const dataDir = sharedDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-bench-'));
  if (!sharedDir) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Accounts written straight to the store: N password sign-ups (scrypt) would dominate the run.
  const db = openDatabase(dataDir);
  const insert = db.prepare('INSERT OR IGNORE INTO accounts (uid, email, password_hash, created_at) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let index = 0; index < users; index += 1) insert.run(`bench-${index}`, `bench-${index}@example.com`, 'unused', new Date().toISOString());
  })();
  db.close();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TOKEN_SECRET: BENCH_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const app = await createApp({ config });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  return (app.server.address() as AddressInfo).port;
}

// Stopped by its parent: exit handlers run (the store's folder is removed; --cpu-prof writes its profile).
process.on('SIGTERM', () => process.exit(0));

const arg = (name: string) => process.argv.find((one) => one.startsWith(`--${name}=`))?.slice(name.length + 3);
const env = JSON.parse(arg('env') ?? '{}') as Record<string, string>;
const port = arg('serve') === 'echo' ? await serveEcho(env.REDIS_URL) : await serveGateway(Number(arg('users') ?? 0), env, arg('data'));
process.on('message', (message: string) => {
  if (message === 'memory') process.send!({ memory: memory() });
});
process.send!({ port });
