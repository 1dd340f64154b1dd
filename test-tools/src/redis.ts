import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, untilPrinted } from './processes.js';

export type TRedisServer = { url: string; process: ChildProcess; stop(): void };

/**
 * A throw-away redis-server (Debian's, on PATH) on a free loopback port, without persistence: what
 * several gateways share in the multi-gateway tests, benchmarks and browser tests.
 */
export async function startRedis(): Promise<TRedisServer> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilPrinted(child, 'Ready to accept connections', 10_000, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, process: child, stop: () => child.kill() };
}
