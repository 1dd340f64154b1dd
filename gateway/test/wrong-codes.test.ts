/**
 * Pairing codes guessed, as a stranger would from an address of their own (behind the proxy the
 * gateway trusts): the wrong codes cost that address its allowance and end nobody's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS, type TSessionJoined, type TSessionOpened } from '@movelab/shared';
import { newUser, startGateway, type TGateway } from './helpers.js';
import { cameraFrom, collect, errorCode, guessUntilRefused, next, ok, open, pause, request, TOKEN_SECRET, wrongCodes } from './live-sockets.js';

const ALLOWANCE = 4;
const WINDOW_SECONDS = 3600;

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({
    TOKEN_SECRET,
    TRUST_PROXY: '1',
    SESSION_JOIN_RATE_LIMIT: '1000',
    SESSION_CODE_FAILURE_LIMIT: String(ALLOWANCE),
    SESSION_CODE_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterAll(() => gw.close());

/** A desktop holding a live session and code on `url`. */
async function hostWithCode(url: string, name: string) {
  const host = await open(url, { token: (await newUser(url, name)).token });
  return { host, session: await ok(request<TSessionOpened>(host, 'session:create', {})) };
}

describe('wrong pairing codes', () => {
  it("never end a desktop's code: the stranger is refused, the desktop hears nothing, and the phone pairs with the code", async () => {
    const { host, session } = await hostWithCode(gw.url, 'Holder');
    const codeEnded = collect(host, 'session:code-ended');
    const stranger = await cameraFrom(gw.url, '203.0.113.7');
    const { wrong, answer } = await guessUntilRefused([stranger], wrongCodes(ALLOWANCE + 6, session.code));

    const phone = await cameraFrom(gw.url, '198.51.100.20');
    const joinedNotice = next(host, 'session:camera-joined');
    const joined = await ok(request<TSessionJoined>(phone, 'session:join', { code: session.code }));
    expect(joined.sessionId).toBe(session.sessionId);
    // Whatever the gateway sent the desktop before the camera joined has arrived by now.
    await joinedNotice;
    expect(codeEnded).toEqual([]);
    expect(wrong).toBe(ALLOWANCE);
    expect(answer).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.tooManyWrongCodes } });
    [host, stranger, phone].forEach((socket) => socket.close());
  });

  it('refuse the guessing address, with a clear message and when to retry, on any socket and for any code, while another address pairs', async () => {
    const { host, session } = await hostWithCode(gw.url, 'Target');
    const guesser = await cameraFrom(gw.url, '203.0.113.8');
    const { answer } = await guessUntilRefused([guesser], wrongCodes(ALLOWANCE + 6, session.code));
    expect(answer).toEqual({
      ok: false,
      error: {
        code: SOCKET_ERRORS.tooManyWrongCodes,
        message: 'Too many wrong codes from this address: try again in about 60 min, or scan the QR code',
        retryAfterSeconds: expect.any(Number),
      },
    });
    const retryAfter = answer?.ok === false ? (answer.error.retryAfterSeconds ?? 0) : 0;
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // A fresh socket from the same address gets no fresh allowance, and the right code is no way round it.
    const again = await cameraFrom(gw.url, '203.0.113.8');
    expect(await errorCode(request(again, 'session:join', { code: session.code }))).toBe(SOCKET_ERRORS.tooManyWrongCodes);
    const elsewhere = await cameraFrom(gw.url, '198.51.100.21');
    expect((await ok(request<TSessionJoined>(elsewhere, 'session:join', { code: session.code }))).sessionId).toBe(session.sessionId);
    // The QR code's join link is no guess (a 256-bit token): the refused address still pairs with it.
    const byLink = await ok(request<TSessionJoined>(again, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }));
    expect(byLink.sessionId).toBe(session.sessionId);
    [host, guesser, again, elsewhere].forEach((socket) => socket.close());
  });

  it('let the address type codes again once its window has passed', async () => {
    const brief = await startGateway({
      TOKEN_SECRET,
      SESSION_JOIN_RATE_LIMIT: '1000',
      SESSION_CODE_FAILURE_LIMIT: '2',
      SESSION_CODE_FAILURE_WINDOW_SECONDS: '1',
    });
    try {
      const { host, session } = await hostWithCode(brief.url, 'Patient');
      const phone = await open(brief.url, { role: 'camera' });
      const { wrong, answer } = await guessUntilRefused([phone], wrongCodes(5, session.code));
      expect(wrong).toBe(2);
      if (answer?.ok !== false) throw new Error('the third wrong code was not refused');
      expect(answer.error).toMatchObject({ code: SOCKET_ERRORS.tooManyWrongCodes, retryAfterSeconds: 1 });
      // The phone waits as long as it was told, then types the right code.
      await pause(answer.error.retryAfterSeconds! * 1000);
      expect((await ok(request<TSessionJoined>(phone, 'session:join', { code: session.code }))).sessionId).toBe(session.sessionId);
      [host, phone].forEach((socket) => socket.close());
    } finally {
      await brief.close();
    }
  });
});
