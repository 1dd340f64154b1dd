/** "Practise together" across two gateways sharing one Redis: one group, members on either. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  GROUP_ERRORS,
  GROUP_COUNTS_PER_SECOND,
  GROUP_INVITES_PER_MINUTE,
  SOCKET_ERRORS,
  type TGroupBoard,
  type TGroupHostChanged,
  type TGroupInvitation,
  type TLiveGroup,
} from '@movelab/shared';
import { newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, boardWhere, createGroup, joinByCode, member, nextWhere, seatOf, startGroup, threeTogether } from './group-sockets.js';
import { errorCode, next, ok, open, request, TOKEN_SECRET } from './live-sockets.js';
import { startRedis } from '@movelab/test-tools';

let redis: Awaited<ReturnType<typeof startRedis>>;
let a: TGateway;
let b: TGateway;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-group-redis-'));
const ADMIN_EMAIL = 'coach@redis.test';
beforeAll(async () => {
  redis = await startRedis();
  const env = {
    TOKEN_SECRET,
    ...CATALOGUE,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    PRESENCE_THROTTLE_MS: '50',
    GROUP_COUNTDOWN_SECONDS: '0.3',
    GROUP_HOST_HANDOVER_SECONDS: '0.5',
  };
  a = await startGateway(env);
  b = await startGateway(env);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  redis?.process.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('practise together on two gateways sharing Redis', () => {
  it('runs the whole session with members on both gateways, a reload landing on the other one', async () => {
    const members = await threeTogether([a.url, b.url, b.url], a.url);
    members.forEach((one) => one.socket.close());
  });

  it("hands the host over across gateways, and limits one member's counts on both gateways together", async () => {
    const host = await member(a.url, 'Hana');
    const other = await member(b.url, 'Omar');
    const opened = await createGroup(host);
    const { groupId } = opened;
    await joinByCode(other, opened.code);
    await startGroup(host, [host, other], groupId);

    // The host's only socket (on A) drops; after the delay Omar, on B, is host.
    const changed = nextWhere<TGroupHostChanged>(other.socket, 'group:host-changed', () => true, 3000);
    const board = boardWhere(other.socket, (seen) => seen.hostUid === other.uid, 3000);
    host.socket.close();
    expect(await changed).toEqual({ groupId, hostUid: other.uid, previousHostUid: host.uid });
    expect(seatOf(await board, host.uid)?.connection).toBe('reconnecting');

    // Hana comes back on B: her seat, not the control.
    host.socket = await open(b.url, { token: host.token });
    const back = await ok(request<TGroupBoard>(host.socket, 'group:rejoin', { groupId }));
    expect(back.hostUid).toBe(other.uid);
    expect(await errorCode(request(host.socket, 'group:move', { groupId, to: 'rest' }))).toBe(SOCKET_ERRORS.forbidden);

    // Omar's second device, on A: his counts from both gateways share one budget of 10 a second.
    const phone = await open(a.url, { token: other.token });
    await ok(request(phone, 'group:rejoin', { groupId }));
    const post = (socket: Socket, reps: number) => request(socket, 'group:count', { groupId, reps, score: null, status: 'active' });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => post(n % 2 === 0 ? phone : other.socket, n + 1)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(GROUP_COUNTS_PER_SECOND);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.error.code)).toEqual(
      Array(16 - GROUP_COUNTS_PER_SECOND).fill(GROUP_ERRORS.countRateLimited),
    );
    [host.socket, other.socket, phone].forEach((socket) => socket.close());
  });

  it('delivers an invitation to a friend on the other gateway, and counts one account\'s invitations on both together', async () => {
    const host = await member(a.url, 'Ines');
    const friend = await member(b.url, 'Joel');
    const opened = await createGroup(host);
    const { groupId, joinToken } = opened;
    const invite = (socket: Socket, uid: string) => request(socket, 'group:invite', { groupId, joinToken, uid });
    const heard = next<TGroupInvitation>(friend.socket, 'group:invited');
    expect(await ok(invite(host.socket, friend.uid))).toEqual({ delivered: true });
    const invitation = await heard;
    expect(invitation).toMatchObject({ groupId, fromName: 'Ines' });
    await ok(request(friend.socket, 'group:join', { groupId, joinToken: invitation.joinToken }));

    // Nobody's socket on either gateway: not delivered. The host's tab on B shares the allowance of A.
    const away = await newUser(a.url, 'Away');
    const tab = await open(b.url, { token: host.token });
    const answers = [];
    for (let n = 1; n < GROUP_INVITES_PER_MINUTE + 2; n += 1) answers.push(await invite(n % 2 === 0 ? host.socket : tab, away.user.uid));
    expect(answers.slice(0, GROUP_INVITES_PER_MINUTE - 1)).toEqual(Array(GROUP_INVITES_PER_MINUTE - 1).fill({ ok: true, data: { delivered: false } }));
    expect(answers.slice(GROUP_INVITES_PER_MINUTE - 1).map((answer) => !answer.ok && answer.error.code)).toEqual([
      SOCKET_ERRORS.rateLimited,
      SOCKET_ERRORS.rateLimited,
    ]);
    [host.socket, friend.socket, tab].forEach((socket) => socket.close());
  });

  it('shows an admin on one gateway the groups run on the other, and their changes', async () => {
    const admin = await newListedAdmin(a, ADMIN_EMAIL, 'Coach');
    const adminSocket = await open(a.url, { token: admin.token });
    const host = await member(b.url, 'Kim');
    const groupsWhere = (test: (group: TLiveGroup) => boolean) =>
      nextWhere<{ groups: TLiveGroup[] }>(adminSocket, 'presence:groups', ({ groups }) => groups.some((group) => group.hostName === 'Kim' && test(group)));
    const listed = groupsWhere((group) => group.members.length === 1);
    const opened = await createGroup(host);
    await listed;
    const other = await member(a.url, 'Lou');
    const joined = groupsWhere((group) => group.members.map((seat) => seat.name).join() === 'Kim,Lou');
    await joinByCode(other, opened.code);
    await joined;
    [adminSocket, host.socket, other.socket].forEach((socket) => socket.close());
  });

  it('shows a sharer on the other gateway and relays camera-tile signals across gateways', async () => {
    const host = await member(a.url, 'Sara');
    const other = await member(b.url, 'Tom');
    const opened = await createGroup(host);
    const { groupId } = opened;
    await joinByCode(other, opened.code);
    const shared = boardWhere(other.socket, (seen) => seatOf(seen, host.uid)?.sharing === true);
    await ok(request(host.socket, 'group:share', { groupId, sharing: true }));
    await shared;
    const offer = nextWhere<{ from: string; data: unknown }>(other.socket, 'group:signal', (signal) => signal.from === host.uid);
    await ok(request(host.socket, 'group:signal', { groupId, to: other.uid, data: { type: 'offer', sdp: 'v=0' } }));
    expect((await offer).data).toEqual({ type: 'offer', sdp: 'v=0' });
    const answer = nextWhere<{ from: string }>(host.socket, 'group:signal', (signal) => signal.from === other.uid);
    await ok(request(other.socket, 'group:signal', { groupId, to: host.uid, data: { type: 'answer', sdp: 'v=0' } }));
    await answer;
    host.socket.close();
    other.socket.close();
  });
});
