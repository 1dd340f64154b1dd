/**
 * Camera tiles attacked on one gateway: who may share (at most GROUP_MAX_SHARED_VIDEOS), who may
 * signal whom, bad payloads; each refusal checked to change nothing, and the signals that are
 * allowed checked to arrive, from whom they say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_ERRORS, GROUP_MAX_SHARED_VIDEOS, LIMITS, SOCKET_ERRORS, type TGroupBoard, type TGroupIce } from '@movelab/shared';
import { startGateway, type TGateway } from './helpers.js';
import { boardWhere, CATALOGUE, closeAll, lobby, member, nextWhere, seatOf, type TMember } from './group-sockets.js';
import { collect, errorCode, ok, pause, request, TOKEN_SECRET } from './live-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({
    TOKEN_SECRET,
    ...CATALOGUE,
    AUTH_RATE_LIMIT: '1000',
    SESSION_JOIN_RATE_LIMIT: '1000',
    TURN_SECRET: 't'.repeat(32),
    TURN_URLS: 'turn:turn.example.org:3478',
  });
});
afterAll(() => gw.close());

type TSignalIn = { groupId: string; from: string; data: Record<string, unknown> };
const OFFER = { type: 'offer', sdp: 'v=0\r\n' };
const boardNow = (one: TMember, groupId: string) => ok(request<TGroupBoard>(one.socket, 'group:rejoin', { groupId }));
const share = (one: TMember, groupId: string, sharing: boolean) => request(one.socket, 'group:share', { groupId, sharing });
const sharers = (board: TGroupBoard) => board.members.filter((seat) => seat.sharing).map((seat) => seat.name);

describe('camera tiles: sharing', () => {
  it('shows who shares on every board, refuses a sharer past the cap and changes nothing', async () => {
    const names = ['Host', 'Ben', 'Cat', 'Dan', 'Eli'];
    const { host, others, groupId } = await lobby(gw.url, ...names);
    const everyone = [host, ...others];
    expect(sharers(await boardNow(host, groupId))).toEqual([]);

    for (const [index, one] of everyone.slice(0, GROUP_MAX_SHARED_VIDEOS).entries()) {
      const seen = boardWhere(others.at(-1)!.socket, (board) => sharers(board).length === index + 1);
      await ok(share(one, groupId, true));
      expect(sharers(await seen)).toEqual(names.slice(0, index + 1));
    }
    const eli = others.at(-1)!;
    const boards = collect<TGroupBoard>(host.socket, 'group:board');
    const refused = await share(eli, groupId, true);
    expect(refused).toMatchObject({ ok: false, error: { code: GROUP_ERRORS.tooManySharedVideos } });
    if (!refused.ok) expect(refused.error.message).toMatch(/4 people already share/);
    await pause(100);
    expect(boards).toEqual([]);
    expect(seatOf(await boardNow(host, groupId), eli.uid)?.sharing).toBe(false);

    // One stops: every board shows it, and the fifth may share now.
    const stopped = boardWhere(eli.socket, (board) => seatOf(board, host.uid)?.sharing === false);
    await ok(share(host, groupId, false));
    await stopped;
    await ok(share(eli, groupId, true));
    expect(sharers(await boardNow(host, groupId))).toEqual(['Ben', 'Cat', 'Dan', 'Eli']);
    closeAll(...everyone);
  });

  it('lets a watcher and a stranger share nothing; a sharer who drops or leaves is off every board', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    const watcher = await member(gw.url, 'Wes');
    await ok(
      request(watcher.socket, 'group:join', {
        code: (await ok(request<{ code: string }>(host.socket, 'group:new-code', { groupId }))).code,
        role: 'watching',
      }),
    );
    const eve = await member(gw.url, 'Eve');
    expect(await errorCode(share(watcher, groupId, true))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(share(eve, groupId, true))).toBe(SOCKET_ERRORS.forbidden);

    await ok(share(ben, groupId, true));
    const dropped = boardWhere(host.socket, (board) => seatOf(board, ben.uid)?.sharing === false);
    ben.socket.close();
    expect(seatOf(await dropped, ben.uid)).toMatchObject({ name: 'Ben', sharing: false });

    await ok(share(host, groupId, true));
    const left = boardWhere(watcher.socket, (board) => !seatOf(board, host.uid)?.sharing);
    await ok(request(host.socket, 'group:leave', { groupId }));
    expect(sharers(await left)).toEqual([]);
    closeAll(host, watcher, eve);
  });
});

describe('camera tiles: signals', () => {
  it('relays signals both ways between a sharer and a viewer, from whom they say', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben');
    const ben = others[0]!;
    await ok(share(host, groupId, true));
    const offer = nextWhere<TSignalIn>(ben.socket, 'group:signal', (signal) => signal.from === host.uid);
    await ok(request(host.socket, 'group:signal', { groupId, to: ben.uid, data: OFFER }));
    expect(await offer).toEqual({ groupId, from: host.uid, data: OFFER });
    const answer = nextWhere<TSignalIn>(host.socket, 'group:signal', (signal) => signal.from === ben.uid);
    await ok(request(ben.socket, 'group:signal', { groupId, to: host.uid, data: { type: 'answer', sdp: 'v=0' } }));
    expect((await answer).data).toEqual({ type: 'answer', sdp: 'v=0' });

    const ice = await ok(request<TGroupIce>(ben.socket, 'group:ice', { groupId }));
    expect(ice.iceServers).toContainEqual(
      expect.objectContaining({ urls: ['turn:turn.example.org:3478'], username: expect.stringMatching(/^\d+:group-/) }),
    );
    closeAll(host, ben);
  });

  it('refuses signals from a stranger, to a stranger, to oneself, between two who do not share, and bad payloads; nothing arrives', async () => {
    const { host, others, groupId } = await lobby(gw.url, 'Host', 'Ben', 'Cat');
    const [ben, cat] = [others[0]!, others[1]!];
    const eve = await member(gw.url, 'Eve');
    const heard = [host, ben, cat, eve].map((one) => collect<TSignalIn>(one.socket, 'group:signal'));
    const signal = (from: TMember, payload: unknown) => errorCode(request(from.socket, 'group:signal', payload));

    expect(await signal(ben, { groupId, to: cat.uid, data: OFFER })).toBe(SOCKET_ERRORS.forbidden);
    await ok(share(host, groupId, true));
    expect(await signal(eve, { groupId, to: host.uid, data: OFFER })).toBe(SOCKET_ERRORS.forbidden);
    expect(await signal(host, { groupId, to: eve.uid, data: OFFER })).toBe(SOCKET_ERRORS.notFound);
    expect(await signal(host, { groupId, to: host.uid, data: OFFER })).toBe(SOCKET_ERRORS.forbidden);
    expect(await signal(ben, { groupId, to: cat.uid, data: OFFER })).toBe(SOCKET_ERRORS.forbidden);
    const huge = { type: 'offer', sdp: 'x'.repeat(LIMITS.signalDataBytes + 1) };
    const deep = JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40));
    for (const bad of [
      { groupId, to: ben.uid, data: huge },
      { groupId, to: ben.uid, data: 'offer' },
      { groupId, to: ben.uid },
      { groupId, to: '', data: OFFER },
      { groupId, to: ben.uid, data: OFFER, extra: 1 },
      { groupId: 'short', to: ben.uid, data: OFFER },
    ])
      expect([SOCKET_ERRORS.badPayload, SOCKET_ERRORS.payloadTooLarge]).toContain(await signal(host, bad));
    expect([SOCKET_ERRORS.badPayload, SOCKET_ERRORS.payloadTooLarge]).toContain(await signal(host, { groupId, to: ben.uid, data: deep }));
    expect(await errorCode(request(host.socket, 'group:share', { groupId, sharing: 'yes' }))).toBe(SOCKET_ERRORS.badPayload);
    expect(await errorCode(request(eve.socket, 'group:ice', { groupId }))).toBe(SOCKET_ERRORS.forbidden);

    await pause(150);
    expect(heard.flat()).toEqual([]);
    expect(sharers(await boardNow(ben, groupId))).toEqual(['Host']);
    closeAll(host, ben, cat, eve);
  });
});
