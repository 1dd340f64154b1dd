/**
 * What the socket benchmarks (bench-gateway.ts, bench-group.ts) share on the client side: the
 * servers in child processes (bench-server.ts), stopped even when a run fails; signed tokens;
 * sockets; the caps raised for a load that all comes from one loopback address; percentiles.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';

export const BENCH_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'scripts', 'bench-server.ts');

/**
 * The gateway's per-address caps, raised for a load that all comes from one loopback address
 * (printed with the results). Per-account caps stay: each user of the load is its own account.
 */
export const RAISED_CAPS = {
  CONNECTIONS_PER_ADDRESS: '0',
  CAMERA_SOCKETS_PER_ADDRESS: '100000',
  SESSION_JOIN_RATE_LIMIT: '1000000',
};

export type TServerKind = 'gateway' | 'echo';
export type TMemory = { rss: number; heapUsed: number; cpuMicros: number };
export type TServer = { child: ChildProcess; port: number; url: string };
export type TServerOptions = { users?: number; env?: Record<string, string>; dataDir?: string };

/** The line that names the raised caps (and any other setting changed for the run). */
export const describeCaps = (env: Record<string, string> = RAISED_CAPS) =>
  `Gateway caps raised for one loopback address: ${Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ')}`;

/** The gateway imports @movelab/shared from its build. */
export const buildShared = () => execFileSync('npx', ['tsc', '-b', 'shared'], { cwd: ROOT, stdio: 'inherit' });

/** Every server child still running: a failed run stops them before it exits. */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** A server in its own process (bench-server.ts), listening on a free loopback port. */
export function startServer(kind: TServerKind, options: TServerOptions = {}): Promise<TServer> {
  const args = [`--serve=${kind}`, `--users=${options.users ?? 0}`, `--env=${JSON.stringify(options.env ?? RAISED_CAPS)}`];
  if (options.dataDir) args.push(`--data=${options.dataDir}`);
  // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it is stopped.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(SERVER, args, { execArgv: ['--import', 'tsx', '--expose-gc', ...profile], cwd: ROOT });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port, url: `http://127.0.0.1:${message.port}` }));
  });
}

/** Stops a server started here (its exit is no longer a failure). */
export function stopServer(server: TServer): void {
  server.child.removeAllListeners('exit');
  server.child.kill();
  children.delete(server.child);
}

export function serverMemory(child: ChildProcess): Promise<TMemory> {
  return new Promise((resolve) => {
    child.once('message', (message: { memory: TMemory }) => resolve(message.memory));
    child.send('memory');
  });
}

export function connect(url: string, auth: Record<string, unknown>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A request with an acknowledgement; a refusal throws with its code. */
export async function ask<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const answer = (await socket.timeout(20_000).emitWithAck(event, payload)) as { ok: boolean; data: T; error?: { code: string } };
  if (!answer.ok) throw new Error(`${event}: ${answer.error?.code}`);
  return answer.data;
}

/** A token the gateway (TOKEN_SECRET = BENCH_SECRET) accepts for `uid`, as its sign-in would issue. */
export const tokenFor = (uid: string) =>
  new SignJWT({ auth_time: Math.floor(Date.now() / 1000) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer('movelab')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(BENCH_SECRET));

export const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a benchmark's main and exits: 0, or 1 with the error printed (the servers it started are stopped either way). */
export async function runMain(main: () => Promise<void>): Promise<never> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
