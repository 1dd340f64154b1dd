import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS } from '@movelab/shared';
import { call, startGateway, type TGateway } from './helpers.js';
import { open, request } from './live-sockets.js';

let gw: TGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const ATTACKER = fileURLToPath(new URL('./fixtures/event-flood.mjs', import.meta.url));

type TFloodResult = { answers: Record<string, number>; closedByServer: number };

/** Runs the attacker in its own process, so its sending costs the gateway's event loop nothing. */
function flood(url: string, sockets: number, events: number): Promise<TFloodResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ATTACKER, url, String(sockets), String(events)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as TFloodResult) : reject(new Error(`attacker exited ${code}`))));
  });
}

/** /healthz answer times (ms), one request after another, until `isDone`. */
async function healthTimes(url: string, isDone: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!isDone()) {
    const started = performance.now();
    expect((await call(url, 'GET', '/healthz')).status).toBe(200);
    times.push(performance.now() - started);
  }
  return times;
}

const describeTimes = (times: number[]) =>
  `${times.length} answers, median ${[...times].sort((a, b) => a - b)[times.length >> 1]?.toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms`;

describe('event floods on any socket event', () => {
  it('refuses events past the budget, closes the flooding sockets and keeps answering others', async () => {
    gw = await startGateway({ SOCKET_EVENT_RATE: '20', SOCKET_EVENT_BURST: '60', SOCKET_EVENT_STRIKES: '20' });
    const quietUntil = performance.now() + 1000;
    const quiet = await healthTimes(gw.url, () => performance.now() > quietUntil);
    let isDone = false;
    const attack = flood(gw.url, 8, 15_000).finally(() => (isDone = true));
    const [result, times] = await Promise.all([attack, healthTimes(gw.url, () => isDone)]);
    process.stdout.write(`healthz during an 8 x 15,000-event flood: ${describeTimes(times)}; for 1 s before it: ${describeTimes(quiet)}\n`);
    // Each socket got its burst (plus what refilled meanwhile) handled, then 20 refusals, then was closed.
    expect(result.closedByServer).toBe(8);
    expect(result.answers[SOCKET_ERRORS.eventRateLimited]).toBe(8 * 20);
    const handled = Object.entries(result.answers).filter(([code]) => code !== SOCKET_ERRORS.eventRateLimited);
    expect(handled.reduce((sum, [, count]) => sum + count, 0)).toBeLessThan(8 * 120);
    // Unbudgeted, /healthz took over 1.5 s during this flood; the margin is wide for a busy machine.
    expect(Math.max(...times)).toBeLessThan(500);
    expect(gw.logs.filter((line) => line.msg === 'socket over its event budget: disconnected')).toHaveLength(8);
  });

  it('lets a socket that keeps to the budget go on, and says why an event was refused', async () => {
    gw = await startGateway({ SOCKET_EVENT_RATE: '5', SOCKET_EVENT_BURST: '10', SOCKET_EVENT_STRIKES: '20' });
    const socket = await open(gw.url, { role: 'camera' });
    const answers = await Promise.all(Array.from({ length: 15 }, () => request(socket, 'session:leave', { sessionId: 'y'.repeat(20) })));
    const refused = answers.filter((answer) => !answer.ok && answer.error.code === SOCKET_ERRORS.eventRateLimited);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused[0]).toEqual({
      ok: false,
      error: { code: SOCKET_ERRORS.eventRateLimited, message: expect.stringContaining('at most 5 a second') },
    });
    // Under the strike count it stays connected, and the bucket refills.
    expect(socket.connected).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const later = await request(socket, 'session:leave', { sessionId: 'y'.repeat(20) });
    expect(later.ok || later.error.code !== SOCKET_ERRORS.eventRateLimited).toBe(true);
    socket.close();
  });
});
