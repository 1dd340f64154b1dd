import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, untilPrinted } from '@movelab/test-tools';

/** A throw-away redis-server: no persistence, loopback only. */
export async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilPrinted(child, 'Ready to accept connections', 10_000, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, process: child };
}
