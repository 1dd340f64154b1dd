/** "Practise together": the host's seat: one hosted group at a time, the handover after the delay, leaving. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_ERRORS, SOCKET_ERRORS, type TGroupBoard, type TGroupEnded, type TGroupHostChanged, type TGroupOpened } from '@movelab/shared';
import { startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, boardWhere, closeAll, createGroup, lobby, member, nextWhere, ROUTINE, seatOf, type TMember } from './group-sockets.js';
import { collect, errorCode, next, ok, open, pause, request, TOKEN_SECRET } from './live-sockets.js';

const HANDOVER_MS = 400;
let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, SESSION_JOIN_RATE_LIMIT: '1000', GROUP_HOST_HANDOVER_SECONDS: String(HANDOVER_MS / 1000) });
});
afterAll(() => gw.close());

describe('practise together: the host', () => {
  it('hosts one group at a time: the same plan re-attaches with a fresh code, another plan is refused', async () => {
    const { host, groupId, opened } = await lobby(gw.url, 'Host');
    const again = await ok(request<TGroupOpened>(host.socket, 'group:create', { plan: ROUTINE }));
    expect(again).toMatchObject({ groupId, joinToken: null });
    expect(again.code).not.toBe(opened.code);
    const other = await request(host.socket, 'group:create', { plan: { movementId: 'plank' } });
    expect(other).toMatchObject({ ok: false, error: { code: GROUP_ERRORS.alreadyHosting } });
    // Another device of the host, after a reload: the same group.
    const tab = await open(gw.url, { token: host.token });
    expect((await ok(request<TGroupOpened>(tab, 'group:create', { plan: ROUTINE }))).groupId).toBe(groupId);
    tab.close();
    closeAll(host);
  });

  it(`hands the group to the practising member who joined first and is connected, once the host is gone ${HANDOVER_MS} ms; everyone is told`, async () => {
    const { host, others, groupId, opened } = await lobby(gw.url, 'Host', 'Away', 'Next', 'Later');
    const [away, nextUp, later] = others as [TMember, TMember, TMember];
    const watcher = await member(gw.url, 'Watcher');
    await ok(request(watcher.socket, 'group:join', { groupId, joinToken: opened.joinToken, role: 'watching' }));
    away.socket.close();
    await boardWhere(later.socket, (board) => seatOf(board, away.uid)?.connection === 'reconnecting');

    const told = [nextUp, later, watcher].map((one) => nextWhere<TGroupHostChanged>(one.socket, 'group:host-changed', () => true, 3000));
    const started = Date.now();
    host.socket.close();
    for (const change of await Promise.all(told)) expect(change).toEqual({ groupId, hostUid: nextUp.uid, previousHostUid: host.uid });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HANDOVER_MS - 50);
    const board = await ok(request<TGroupBoard>(later.socket, 'group:rejoin', { groupId }));
    expect(board.hostUid).toBe(nextUp.uid);
    // The new host controls; the old one, back, does not.
    const code = await ok(request<{ code: string }>(nextUp.socket, 'group:new-code', { groupId }));
    expect(code.code).toMatch(/^\d{6}$/);
    host.socket = await open(gw.url, { token: host.token });
    await ok(request(host.socket, 'group:rejoin', { groupId }));
    expect(await errorCode(request(host.socket, 'group:start', { groupId }))).toBe(SOCKET_ERRORS.forbidden);
    await ok(request(nextUp.socket, 'group:start', { groupId }));
    closeAll(host, nextUp, later, watcher);
  });

  it('hands over to the first practising member back, when nobody was there to take it at the delay', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    ben.socket.close();
    await boardWhere(host.socket, (board) => seatOf(board, ben.uid)?.connection === 'reconnecting');
    host.socket.close();
    await pause(HANDOVER_MS + 200);
    ben.socket = await open(gw.url, { token: ben.token });
    const changed = nextWhere<TGroupHostChanged>(ben.socket, 'group:host-changed', () => true, 3000);
    await ok(request(ben.socket, 'group:rejoin', { groupId }));
    expect(await changed).toEqual({ groupId, hostUid: ben.uid, previousHostUid: host.uid });
    await ok(request(ben.socket, 'group:start', { groupId }));
    closeAll(ben);
  });

  it('keeps the host who is back within the delay', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    const changes = collect(ben.socket, 'group:host-changed');
    host.socket.close();
    await boardWhere(ben.socket, (board) => seatOf(board, host.uid)?.connection === 'reconnecting');
    host.socket = await open(gw.url, { token: host.token });
    expect((await ok(request<TGroupBoard>(host.socket, 'group:rejoin', { groupId }))).hostUid).toBe(host.uid);
    await pause(HANDOVER_MS + 300);
    expect(changes).toEqual([]);
    await ok(request(host.socket, 'group:start', { groupId }));
    closeAll(host, ben);
  });

  it('hands over at once when the host leaves, and ends the group when the last one practising leaves', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    const changed = next<TGroupHostChanged>(ben.socket, 'group:host-changed');
    await ok(request(host.socket, 'group:leave', { groupId }));
    expect((await changed).hostUid).toBe(ben.uid);
    expect(await errorCode(request(host.socket, 'group:rejoin', { groupId }))).toBe(SOCKET_ERRORS.notFound);
    const ended = next<TGroupEnded>(ben.socket, 'group:ended');
    await ok(request(ben.socket, 'group:leave', { groupId }));
    expect(await ended).toMatchObject({ groupId, reason: 'abandoned' });
    expect(await errorCode(request(ben.socket, 'group:rejoin', { groupId }))).toBe(SOCKET_ERRORS.sessionEnded);
    // Ended: the host may open another.
    expect((await createGroup(ben)).groupId).not.toBe(groupId);
    closeAll(host, ben);
  });

  it('ends the group by itself at the end of its lifetime: everyone gets the results, the host may open another', async () => {
    const brief = await startGateway({ TOKEN_SECRET, ...CATALOGUE, GROUP_LIFETIME_MINUTES: String(2 / 60), GROUP_COUNTDOWN_SECONDS: '0' });
    try {
      const { host, others, groupId } = await lobby(brief.url, 'Host', 'Ben');
      const ben = others[0]!;
      await ok(request(host.socket, 'group:start', { groupId }));
      await ok(request(ben.socket, 'group:count', { groupId, reps: 4, score: 0.6, status: 'active' }));
      // Ben is offline when it ends: he asks for the results once back.
      ben.socket.close();
      const end = await next<TGroupEnded>(host.socket, 'group:ended', 4000);
      expect(end).toMatchObject({
        groupId,
        reason: 'expired',
        results: [
          { uid: ben.uid, totalReps: 4 },
          { uid: host.uid, totalReps: 0 },
        ],
      });
      ben.socket = await open(brief.url, { token: ben.token });
      expect(await errorCode(request(ben.socket, 'group:rejoin', { groupId }))).toBe(SOCKET_ERRORS.sessionEnded);
      expect(await ok(request<TGroupEnded>(ben.socket, 'group:results', { groupId }))).toEqual(end);
      const stranger = await member(brief.url, 'Stranger');
      expect(await errorCode(request(stranger.socket, 'group:results', { groupId }))).toBe(SOCKET_ERRORS.notFound);
      stranger.socket.close();
      expect((await createGroup(host)).groupId).not.toBe(groupId);
      closeAll(host, ben);
    } finally {
      await brief.close();
    }
  });
});
