/**
 * "Practise together" attacked on one gateway: every server-side rule of a group session, tried
 * by members, strangers and a camera socket, each refusal checked to change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_ERRORS,
  GROUP_COUNTS_PER_SECOND,
  GROUP_MAX_PER_SOCKET,
  GROUP_MAX_PRACTISING,
  SOCKET_ERRORS,
  type TGroupBoard,
  type TGroupCode,
  type TGroupOpened,
} from '@movelab/shared';
import { startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, closeAll, createGroup, joinByCode, lobby, member, ROUTINE, seatOf, startGroup, type TMember } from './group-sockets.js';
import { collect, errorCode, next, ok, open, pause, request, TOKEN_SECRET, wrongCodes } from './live-sockets.js';

const WRONG_CODES = 4;
let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({
    TOKEN_SECRET,
    ...CATALOGUE,
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: '1000',
    SESSION_JOIN_RATE_LIMIT: '1000',
    SESSION_CODE_FAILURE_LIMIT: String(WRONG_CODES),
    GROUP_COUNTDOWN_SECONDS: '0.5',
    GROUP_HOST_HANDOVER_SECONDS: '0.4',
  });
});
afterAll(() => gw.close());

/** The board as `one` sees it now (a rejoin answers it and changes nothing). */
const boardNow = (one: TMember, groupId: string) => ok(request<TGroupBoard>(one.socket, 'group:rejoin', { groupId }));

describe('practise together: who may do what', () => {
  it('lets only the host start, move on and get a code; a stranger and a camera socket get nothing', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    const eve = await member(gw.url, 'Eve');
    expect(await errorCode(request(ben.socket, 'group:start', { groupId }))).toBe(SOCKET_ERRORS.forbidden);
    for (const to of ['next', 'rest', 'end'])
      expect(await errorCode(request(ben.socket, 'group:move', { groupId, to }))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(ben.socket, 'group:new-code', { groupId }))).toBe(SOCKET_ERRORS.forbidden);
    for (const event of ['group:start', 'group:leave', 'group:new-code'])
      expect(await errorCode(request(eve.socket, event, { groupId }))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(eve.socket, 'group:ready', { groupId, ready: true }))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(eve.socket, 'group:rejoin', { groupId }))).toBe(SOCKET_ERRORS.notFound);
    const camera = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(camera, 'group:create', { plan: ROUTINE }))).toBe(SOCKET_ERRORS.unauthenticated);
    expect(await errorCode(request(camera, 'group:rejoin', { groupId }))).toBe(SOCKET_ERRORS.unauthenticated);

    const board = await boardNow(host, groupId);
    expect(board).toMatchObject({ phase: 'lobby', hostUid: host.uid });
    expect(board.members.map((seat) => seat.uid)).toEqual([host.uid, ben.uid]);
    camera.close();
    closeAll(host, ben, eve);
  });

  it('takes a count only from the member themselves, only practising, only while a step runs', async () => {
    const { host, others, opened, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    const watcher = await member(gw.url, 'Wanda');
    await ok(request(watcher.socket, 'group:join', { groupId, joinToken: opened.joinToken, role: 'watching' }));
    const count = (one: TMember, extra: Record<string, unknown> = {}) =>
      request(one.socket, 'group:count', { groupId, reps: 4, score: 0.7, status: 'active', ...extra });

    expect(await errorCode(count(ben))).toBe(GROUP_ERRORS.wrongPhase);
    await ok(request(host.socket, 'group:start', { groupId }));
    // Inside the countdown: not yet.
    expect(await errorCode(count(ben))).toBe(GROUP_ERRORS.wrongPhase);
    await pause(600);
    // There is no field to name someone else: a uid is an unknown key.
    expect(await errorCode(count(ben, { uid: host.uid }))).toBe(SOCKET_ERRORS.badPayload);
    expect(await errorCode(count(watcher))).toBe(SOCKET_ERRORS.forbidden);
    await ok(request(host.socket, 'group:move', { groupId, to: 'rest' }));
    expect(await errorCode(count(ben))).toBe(GROUP_ERRORS.wrongPhase);

    const board = await boardNow(host, groupId);
    expect(board.members.map((seat) => seat.reps)).toEqual([0, 0, 0]);
    closeAll(host, ben, watcher);
  });

  it(`refuses counts past ${GROUP_COUNTS_PER_SECOND} a second clearly, changes nothing for them, and keeps the session and the socket up`, async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Flo');
    const flo = others[0]!;
    await startGroup(host, [host, flo], groupId);
    const heard = collect(host.socket, 'group:count');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => request(flo.socket, 'group:count', { groupId, reps: n + 1, score: null, status: 'active' })),
    );
    const refused = answers.filter((answer) => !answer.ok);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(GROUP_COUNTS_PER_SECOND);
    expect(refused).toHaveLength(25 - GROUP_COUNTS_PER_SECOND);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        ok: false,
        error: { code: GROUP_ERRORS.countRateLimited, message: expect.stringMatching(/Too many count updates/), retryAfterSeconds: 1 },
      });
    }
    expect(seatOf(await boardNow(host, groupId), flo.uid)?.reps).toBe(GROUP_COUNTS_PER_SECOND);
    expect(heard).toHaveLength(GROUP_COUNTS_PER_SECOND);
    await pause(1100);
    expect(flo.socket.connected).toBe(true);
    await ok(request(flo.socket, 'group:count', { groupId, reps: 30, score: 0.9, status: 'active' }));
    expect(seatOf(await boardNow(host, groupId), flo.uid)?.reps).toBe(30);
    closeAll(host, flo);
  });
});

describe('practise together: seats, codes and links', () => {
  it(`lets one connection sit in ${GROUP_MAX_PER_SOCKET} groups at most: the next join or create is refused until it leaves one`, async () => {
    const hosts = await Promise.all(Array.from({ length: GROUP_MAX_PER_SOCKET + 1 }, (_, n) => member(gw.url, `Host${n}`)));
    const opened = await Promise.all(hosts.map((host) => createGroup(host)));
    const busy = await member(gw.url, 'Busy');
    const link = (n: number) => ({ groupId: opened[n]!.groupId, joinToken: opened[n]!.joinToken });
    for (let n = 0; n < GROUP_MAX_PER_SOCKET; n += 1) await ok(request(busy.socket, 'group:join', link(n)));
    expect(await errorCode(request(busy.socket, 'group:join', link(GROUP_MAX_PER_SOCKET)))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(busy.socket, 'group:create', { plan: ROUTINE }))).toBe(SOCKET_ERRORS.forbidden);
    await ok(request(busy.socket, 'group:leave', { groupId: opened[0]!.groupId }));
    await ok(request(busy.socket, 'group:join', link(GROUP_MAX_PER_SOCKET)));
    closeAll(busy, ...hosts);
  });

  it(`seats ${GROUP_MAX_PRACTISING} practising at most: the next one is refused and may watch`, async () => {
    const host = await member(gw.url, 'Host');
    const opened = await createGroup(host);
    const joiners = await Promise.all(Array.from({ length: GROUP_MAX_PRACTISING }, (_, n) => member(gw.url, `P${n + 1}`)));
    const link = { groupId: opened.groupId, joinToken: opened.joinToken };
    for (const one of joiners.slice(0, GROUP_MAX_PRACTISING - 1)) await ok(request(one.socket, 'group:join', link));
    const ninth = joiners.at(-1)!;
    const refusal = await request(ninth.socket, 'group:join', link);
    expect(refusal).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.sessionFull, message: expect.stringMatching(/join to watch/) } });
    const watching = await ok(request<TGroupBoard>(ninth.socket, 'group:join', { ...link, role: 'watching' }));
    expect(watching.members.filter((seat) => seat.role === 'practising')).toHaveLength(GROUP_MAX_PRACTISING);
    expect(seatOf(watching, ninth.uid)?.role).toBe('watching');
    closeAll(host, ...joiners);
  });

  it("counts a stranger's wrong codes against their address: refused past the allowance, the host's code untouched and still good", async () => {
    const host = await member(gw.url, 'Host');
    const opened = await createGroup(host);
    const freshCodes = collect(host.socket, 'group:code');
    const guesser = await member(gw.url, 'Guesser', '203.0.113.40');
    let wrong = 0;
    let last;
    for (const code of wrongCodes(WRONG_CODES + 3, opened.code)) {
      last = await request(guesser.socket, 'group:join', { code });
      if (!last.ok && last.error.code !== SOCKET_ERRORS.invalidCode) break;
      wrong += 1;
    }
    expect(wrong).toBe(WRONG_CODES);
    expect(last).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.tooManyWrongCodes, retryAfterSeconds: expect.any(Number) } });
    // The right code is no way round it from that address; the link still is.
    expect(await errorCode(request(guesser.socket, 'group:join', { code: opened.code }))).toBe(SOCKET_ERRORS.tooManyWrongCodes);
    expect(freshCodes).toEqual([]);
    const friend = await member(gw.url, 'Friend', '198.51.100.40');
    await joinByCode(friend, opened.code);
    await ok(request(guesser.socket, 'group:join', { groupId: opened.groupId, joinToken: opened.joinToken }));
    closeAll(host, guesser, friend);
  });

  it('refuses a code its joiner used already, a replaced code, an expired code and a link with a wrong token', async () => {
    const brief = await startGateway({ TOKEN_SECRET, ...CATALOGUE, SESSION_CODE_TTL_SECONDS: '1', SESSION_JOIN_RATE_LIMIT: '1000' });
    try {
      const [host, ben, eve, zed] = await Promise.all(['Host', 'Ben', 'Eve', 'Zed'].map((name) => member(brief.url, name)));
      const opened = await ok(request<TGroupOpened>(host!.socket, 'group:create', { plan: { movementId: 'squat' } }));
      expect(opened.board.stepCount).toBe(1);
      await joinByCode(ben!, opened.code);
      await ok(request(ben!.socket, 'group:leave', { groupId: opened.groupId }));
      // Once per joiner: Ben, gone, cannot come back with it; Eve still can.
      expect(await errorCode(request(ben!.socket, 'group:join', { code: opened.code }))).toBe(SOCKET_ERRORS.invalidCode);
      await joinByCode(eve!, opened.code);
      const hostTab = await open(brief.url, { token: host!.token });
      await ok(request(hostTab, 'group:rejoin', { groupId: opened.groupId }));
      const told = next<TGroupCode>(hostTab, 'group:code');
      const fresh = await ok(request<TGroupCode>(host!.socket, 'group:new-code', { groupId: opened.groupId }));
      expect(await told).toEqual(fresh);
      expect(await errorCode(request(zed!.socket, 'group:join', { code: opened.code }))).toBe(SOCKET_ERRORS.invalidCode);
      await pause(1200);
      expect(await errorCode(request(zed!.socket, 'group:join', { code: fresh.code }))).toBe(SOCKET_ERRORS.invalidCode);
      const forged = { groupId: opened.groupId, joinToken: `${opened.joinToken!.slice(0, -4)}AAAA` };
      expect(await errorCode(request(eve!.socket, 'group:join', forged))).toBe(SOCKET_ERRORS.invalidJoinToken);
      expect((await ok(request<TGroupBoard>(host!.socket, 'group:rejoin', { groupId: opened.groupId }))).members).toHaveLength(2);
      hostTab.close();
      closeAll(host!, ben!, eve!, zed!);
    } finally {
      await brief.close();
    }
  });
});
