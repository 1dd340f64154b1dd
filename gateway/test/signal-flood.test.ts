import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS } from '@movelab/shared';
import { call, startGateway, type TGateway } from './helpers.js';
import { collect, next, pairedSession, request, TOKEN_SECRET } from './live-sockets.js';

let gw: TGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const signal = (sessionId: string, sdp = 'v=0') => ({ sessionId, to: 'host', data: { type: 'offer', sdp } });

/** Stops reading from the socket's TCP connection, as a stalled or malicious peer would. */
function stopReading(socket: Socket): void {
  const ws = (socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } }).ws;
  ws._socket.pause();
}

describe('signal floods', () => {
  it('refuses signals past the per-connection limit with socket/signal-rate-limited', async () => {
    gw = await startGateway({ TOKEN_SECRET, SIGNAL_RATE_LIMIT: '30', SIGNAL_RATE_WINDOW_SECONDS: '60', SOCKET_EVENT_BURST: '1000' });
    const { host, camera, session, joined } = await pairedSession(gw.url);
    const received = collect(host, 'signal:receive');
    const answers = await Promise.all(Array.from({ length: 60 }, () => request(camera, 'signal:send', signal(session.sessionId))));
    const refused = answers.filter((answer) => !answer.ok);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    expect(refused).toHaveLength(30);
    expect(refused[0]).toEqual({
      ok: false,
      error: { code: SOCKET_ERRORS.signalRateLimited, message: expect.stringContaining('Too many signals'), retryAfterSeconds: expect.any(Number) },
    });
    // The host never got more than the limit, and the other direction has its own budget.
    const answer = await request(host, 'signal:send', { sessionId: session.sessionId, to: joined.cameraId, data: { type: 'answer' } });
    expect(answer.ok).toBe(true);
    expect(received.length).toBe(30);
    host.close();
    camera.close();
  });

  it('drops a host that stops reading instead of buffering a flood for it, and stays up', async () => {
    // The event budget raised too: this flood is the signal's, to a host that stops reading.
    gw = await startGateway({
      TOKEN_SECRET,
      SIGNAL_RATE_LIMIT: '100000',
      SOCKET_EVENT_RATE: '100000',
      SOCKET_EVENT_BURST: '100000',
      SOCKET_OUTPUT_MAX_BYTES: String(1024 * 1024),
    });
    const { host, camera, session } = await pairedSession(gw.url);
    const hostAway = next(camera, 'session:host-away', 20_000);
    stopReading(host);
    const rssBefore = process.memoryUsage().rss;
    const sdp = 'x'.repeat(60 * 1024);
    let sent = 0;
    let isHostAway = false;
    void hostAway.then(() => {
      isHostAway = true;
    });
    // 3,000 x 60 KiB (180 MiB) is what grew an unbounded gateway by hundreds of MiB.
    while (sent < 3000 && !isHostAway) {
      await Promise.all(Array.from({ length: 20 }, () => request(camera, 'signal:send', signal(session.sessionId, sdp))));
      sent += 20;
    }
    await hostAway;
    expect(isHostAway).toBe(true);
    // Dropped once about 1 MiB waited beyond what the kernel's socket buffers took, far short of the flood.
    expect(sent).toBeLessThan(3000);
    // Gateway and clients share this process: unbounded, the flood grew it by about 380 MiB; bounded, by about 30.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 2 ** 20);
    expect(gw.logs.some((line) => line.msg === 'slow socket dropped' && line.level === 40)).toBe(true);
    expect(gw.app.io.of('/').sockets.size).toBe(1);
    expect((await call(gw.url, 'GET', '/healthz')).status).toBe(200);
    host.close();
    camera.close();
  });
});
