import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERRORS,
  MovelabError,
  SOCKET_ERRORS,
  type TLiveAnalysis,
  type TLiveSession,
  type TLivePractice,
  type TPresenceUser,
  type TUserStatSession,
  ZVideoAnalysis,
} from '@movelab/shared';
import { loadConfig } from '../src/config.js';
import { saveLimit } from '../src/http/rate-limit.js';
import type { TVerifiedToken } from '../src/identity/verifier.js';
import { parseRealtimeEnv } from '../src/realtime/config.js';
import type { TPeople } from '../src/realtime/people.js';
import { attachRealtime, createSocketServer, type TIo, type TRealtime } from '../src/sockets/index.js';
import { collect, errorCode, next, ok, open, request, roundTrip } from './live-sockets.js';

/**
 * The socket handlers for firebase mode, where the client writes analyses to Firestore and only
 * announces them. No Firestore runs here, so the users, tokens and analyses below are in-memory
 * test doubles of TPeople and the verifier; the Socket.IO server and clients are real.
 */
const users: Record<string, { name: string; roles: string[] }> = {
  ann: { name: 'Ann', roles: [] },
  ben: { name: 'Ben', roles: [] },
  boss: { name: 'Boss', roles: ['ADMIN'] },
};
/** A stored analysis as Firestore would hand it back: parsed, so it is one the schema accepts. */
const analysis = ZVideoAnalysis.parse({
  id: 'an-1',
  score: 0.9,
  groupId: 'squat',
  movementId: 'bodyweight-squat',
  perspectiveId: 'front',
  repCount: 2,
  reps: [{ score: 0.85 }, { score: 0.95 }],
  source: 'camera',
  createdAt: new Date().toISOString(),
});

const practice: TUserStatSession = {
  id: 'pr-1',
  userId: 'ann',
  kind: 'practice',
  activityId: 'a1',
  routineId: null,
  startedAt: new Date().toISOString(),
  durationMs: 60_000,
  reps: 10,
  score: 0.75,
  createdAt: new Date().toISOString(),
};

const inMemoryPeople: TPeople = {
  displayName: async (uid) => users[uid]?.name ?? 'New User',
  setRemoteSession: async () => undefined,
  plans: { routineSteps: async () => null, hasMovement: async () => false },
  analyses: { find: async (uid, id) => (uid === 'ann' && id === analysis.id ? analysis : null) },
  practices: { find: async (uid, id) => (uid === 'ann' && id === practice.id ? practice : null) },
};
const inMemoryVerifier = {
  async verify(token: string): Promise<TVerifiedToken> {
    const uid = token.replace(/^token-/, '');
    const user = users[uid];
    if (!user) throw new MovelabError('auth/invalid-id-token', 'unknown token', 401);
    return { uid, email: `${uid}@example.com`, roles: user.roles, authTime: Date.now(), expiresAt: Date.now() + 3_600_000 };
  },
};

let server: http.Server;
let io: TIo;
let realtime: TRealtime;
let url: string;
beforeAll(async () => {
  server = http.createServer();
  io = createSocketServer(server, inMemoryVerifier);
  const { config } = parseRealtimeEnv({ PRESENCE_THROTTLE_MS: '50' });
  realtime = await attachRealtime({ io, config: config!, logger: pino({ level: 'silent' }), verifier: inMemoryVerifier, people: inMemoryPeople });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => void io.close(() => resolve()));
  await realtime.close();
});

/** Each result a firebase-mode client announces: the notice it sends and what the others receive. */
const announcements = [
  { event: 'analysis:created', notice: (id: string) => ({ analysisId: id }), id: analysis.id, live: { userId: 'ann', userName: 'Ann', analysis } },
  {
    event: 'practice:created',
    notice: (id: string) => ({ sessionId: id }),
    id: practice.id,
    live: { userId: 'ann', userName: 'Ann', session: practice },
  },
] as const;

describe.each(announcements)('$event announced by a client', ({ event, notice, id, live }) => {
  it("reaches the user's other socket and admins once confirmed, never another user", async () => {
    const [annPhone, annDesk, boss, ben] = await Promise.all([
      open(url, { token: 'token-ann' }),
      open(url, { token: 'token-ann' }),
      open(url, { token: 'token-boss' }),
      open(url, { token: 'token-ben' }),
    ]);
    const got = {
      desk: collect<TLiveAnalysis | TLivePractice>(annDesk, event),
      boss: collect<TLiveAnalysis | TLivePractice>(boss, event),
      ben: collect(ben, event),
    };
    await ok(request(annPhone, event, notice(id)));
    await expect.poll(() => got.desk.length + got.boss.length).toBe(2);
    expect(got.boss[0]).toEqual(live);
    // Unknown ids and someone else's result are refused and broadcast nothing.
    expect(await errorCode(request(annPhone, event, notice('made-up')))).toBe(SOCKET_ERRORS.notFound);
    expect(await errorCode(request(ben, event, notice(id)))).toBe(SOCKET_ERRORS.notFound);
    expect(await errorCode(request(ben, event, notice('')))).toBe(SOCKET_ERRORS.badPayload);
    // A broadcast for a refused notice would go out before its answer, so before these round trips'.
    await Promise.all([roundTrip(ben), roundTrip(annDesk)]);
    expect(got.ben).toEqual([]);
    expect(got.desk).toHaveLength(1);
    [annPhone, annDesk, boss, ben].forEach((socket) => socket.close());
  });
});

describe('notices take from the save budget', () => {
  it("a flood of one account's notices is refused with app/rate-limited past SAVE_RATE_LIMIT, broadcasting nothing more; another account is not", async () => {
    const limitedServer = http.createServer();
    const limitedIo = createSocketServer(limitedServer, inMemoryVerifier);
    const { config } = parseRealtimeEnv({});
    const limitNotice = saveLimit(loadConfig({ SAVE_RATE_LIMIT: '3' }), undefined);
    const limited = await attachRealtime({
      io: limitedIo,
      config: config!,
      logger: pino({ level: 'silent' }),
      verifier: inMemoryVerifier,
      people: inMemoryPeople,
      limitNotice,
    });
    await new Promise<void>((resolve) => limitedServer.listen(0, '127.0.0.1', resolve));
    const limitedUrl = `http://127.0.0.1:${(limitedServer.address() as AddressInfo).port}`;
    const [ann, boss, ben] = await Promise.all([
      open(limitedUrl, { token: 'token-ann' }),
      open(limitedUrl, { token: 'token-boss' }),
      open(limitedUrl, { token: 'token-ben' }),
    ]);
    const seen = collect<TLiveAnalysis>(boss, 'analysis:created');

    const answers = await Promise.all(Array.from({ length: 8 }, () => request(ann, 'analysis:created', { analysisId: analysis.id })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    const refusals = answers.flatMap((answer) => (answer.ok ? [] : [answer.error]));
    expect(refusals).toHaveLength(5);
    refusals.forEach((refusal) =>
      expect(refusal).toEqual({
        code: APP_ERRORS.rateLimited,
        message: expect.stringContaining('Too many results saved'),
        retryAfterSeconds: expect.any(Number),
      }),
    );
    // Ben's own budget is whole: his notice is looked up (and found to be no result of his).
    expect(await errorCode(request(ben, 'analysis:created', { analysisId: analysis.id }))).toBe(SOCKET_ERRORS.notFound);
    // Every broadcast came before the acknowledgements above; the admin's own round trip after them
    // comes after whatever was sent to the admin's connection.
    expect(await errorCode(request(boss, 'analysis:created', { analysisId: '' }))).toBe(SOCKET_ERRORS.badPayload);
    // The three notices within the budget name one result: it is broadcast once.
    expect(seen).toHaveLength(1);

    [ann, boss, ben].forEach((socket) => socket.close());
    await new Promise<void>((resolve) => void limitedIo.close(() => resolve()));
    await limited.close();
  });
});

describe('presence for admins', () => {
  it('lists connected users with device counts and remote sessions without ids', async () => {
    const boss = await open(url, { token: 'token-boss' });
    const updates = collect<{ users: TPresenceUser[] }>(boss, 'presence:update');
    const sessions = collect<{ sessions: TLiveSession[] }>(boss, 'presence:sessions');
    const ben = await open(url, { token: 'token-ben' });
    const [annA, annB] = await Promise.all([open(url, { token: 'token-ann' }), open(url, { token: 'token-ann' })]);
    await expect.poll(() => updates.at(-1)?.users.find((user) => user.uid === 'ann')).toEqual({ uid: 'ann', name: 'Ann', devices: 2 });
    const session = await ok(request<{ sessionId: string; code: string }>(annA, 'session:create', {}));
    await expect.poll(() => sessions.at(-1)?.sessions).toEqual([{ key: expect.any(String), hostName: 'Ann', cameras: 0, state: 'waiting' }]);
    const camera = await open(url, { role: 'camera' });
    await ok(request(camera, 'session:join', { code: session.code }));
    await expect.poll(() => sessions.at(-1)?.sessions[0]).toMatchObject({ cameras: 1, state: 'connected' });
    expect(JSON.stringify(sessions)).not.toContain(session.sessionId);
    // Only admins get presence.
    const leaked = collect(ben, 'presence:update');
    annB.close();
    await expect.poll(() => updates.at(-1)?.users.find((user) => user.uid === 'ann')?.devices).toBe(1);
    expect(leaked).toEqual([]);
    const ended = next(camera, 'session:ended');
    await ok(request(annA, 'session:leave', { sessionId: session.sessionId }));
    await ended;
    await expect.poll(() => sessions.at(-1)?.sessions).toEqual([]);
    [boss, ben, annA, camera].forEach((socket) => socket.close());
  });
});
