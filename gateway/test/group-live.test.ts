/**
 * Admins' live page and "Practise together": `presence:groups` lists the running group sessions
 * (host, members with role and connection, plan, step, phase; no ids, uids or tokens) when an
 * admin connects and on each change; nobody else ever gets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { TLiveGroup } from '@movelab/shared';
import { newListedAdmin, startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, closeAll, joinByCode, lobby, member, nextWhere, ROUTINE } from './group-sockets.js';
import { collect, ok, open, openExpecting, pause, request, TOKEN_SECRET } from './live-sockets.js';

const ADMIN_EMAIL = 'coach@admin.test';
let gw: TGateway;
let adminToken: string;
beforeAll(async () => {
  gw = await startGateway({
    TOKEN_SECRET,
    ...CATALOGUE,
    ADMIN_EMAILS: ADMIN_EMAIL,
    AUTH_RATE_LIMIT: '1000',
    PRESENCE_THROTTLE_MS: '50',
    GROUP_COUNTDOWN_SECONDS: '0.2',
  });
  adminToken = (await newListedAdmin(gw, ADMIN_EMAIL, 'Coach')).token;
});
afterAll(() => gw.close());

type TGroups = { groups: TLiveGroup[] };

/** The next `presence:groups` whose group hosted by `hostName` passes `test`. */
const groupWhere = (socket: Socket, hostName: string, test: (group: TLiveGroup) => boolean) =>
  nextWhere<TGroups>(socket, 'presence:groups', ({ groups }) => groups.some((group) => group.hostName === hostName && test(group))).then(
    ({ groups }) => groups.find((group) => group.hostName === hostName)!,
  );

describe('practise together on the admins’ live page', () => {
  it('lists a running group to an admin who connects, then follows its members, step and phase, and drops it at the end', async () => {
    const { host, others, opened, groupId } = await lobby(gw.url, 'Hana', 'Ben');
    const ben = others[0]!;
    const { socket: admin, payload } = await openExpecting<TGroups>(gw.url, { token: adminToken }, 'presence:groups');
    const listed = payload.groups.find((group) => group.hostName === 'Hana');
    expect(listed).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{16}$/),
      hostName: 'Hana',
      members: [
        { name: 'Hana', role: 'practising', connection: 'connected' },
        { name: 'Ben', role: 'practising', connection: 'connected' },
      ],
      plan: ROUTINE,
      step: 0,
      stepCount: 2,
      phase: 'lobby',
    });
    // Opaque: neither the group id, nor a uid, nor the link's token or the code.
    const shown = JSON.stringify(payload);
    for (const secret of [groupId, host.uid, ben.uid, opened.joinToken!, opened.code]) expect(shown).not.toContain(secret);

    const watcher = await member(gw.url, 'Wes');
    const watching = groupWhere(admin, 'Hana', (group) => group.members.length === 3);
    await joinByCode(watcher, opened.code, 'watching');
    expect((await watching).members[2]).toEqual({ name: 'Wes', role: 'watching', connection: 'connected' });

    const started = groupWhere(admin, 'Hana', (group) => group.phase !== 'lobby');
    await ok(request(host.socket, 'group:start', { groupId }));
    expect(['countdown', 'running']).toContain((await started).phase);
    await pause(250);
    const moved = groupWhere(admin, 'Hana', (group) => group.step === 1);
    await ok(request(host.socket, 'group:move', { groupId, to: 'next' }));
    expect(await moved).toMatchObject({ step: 1, stepCount: 2, key: listed!.key });

    const away = groupWhere(admin, 'Hana', (group) => group.members.find((seat) => seat.name === 'Ben')?.connection === 'reconnecting');
    ben.socket.close();
    await away;

    const gone = nextWhere<TGroups>(admin, 'presence:groups', ({ groups }) => !groups.some((group) => group.key === listed!.key));
    await ok(request(host.socket, 'group:move', { groupId, to: 'end' }));
    await gone;
    admin.close();
    closeAll(host, watcher);
  });

  it('never sends the group list to a member, a host or anyone else signed in', async () => {
    const plain = await member(gw.url, 'Pat');
    const heardByPlain = collect(plain.socket, 'presence:groups');
    const { host, others, groupId } = await lobby(gw.url, 'Iris', 'Jo');
    const heard = [host, ...others].map((one) => collect(one.socket, 'presence:groups'));
    const admin = await open(gw.url, { token: adminToken });
    const seen = groupWhere(admin, 'Iris', (group) => group.phase !== 'lobby');
    await ok(request(host.socket, 'group:start', { groupId }));
    await seen;
    await pause(200);
    expect(heardByPlain).toEqual([]);
    expect(heard).toEqual([[], []]);
    admin.close();
    closeAll(plain, host, ...others);
  });
});
