import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startTogether } from './processes.js';

/** A real child process that runs until stopped: what a test server is to startTogether. */
function startSleeper() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return Promise.resolve({ child, exited, stop: () => child.kill('SIGTERM') });
}

describe('startTogether', () => {
  it('gives every started server, in order, when all start', async () => {
    const [first, second] = await startTogether([startSleeper(), startSleeper()]);
    expect(first.child.exitCode).toBeNull();
    expect(second.child.pid).not.toBe(first.child.pid);
    first.stop();
    second.stop();
    await Promise.all([first.exited, second.exited]);
  });

  it('stops the servers that started when another fails, and passes the failure on', async () => {
    let started: Awaited<ReturnType<typeof startSleeper>> | undefined;
    const sleeper = startSleeper().then((server) => (started = server));
    const failing = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the emulator did not start')), 50));
    await expect(startTogether([sleeper, failing])).rejects.toThrow('the emulator did not start');
    await started!.exited;
    expect(started!.child.signalCode).toBe('SIGTERM');
  });
});
