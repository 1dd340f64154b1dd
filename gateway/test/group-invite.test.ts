/**
 * "Practise together" invitations on one gateway: `group:invite` reaches every socket of an online
 * friend with a link that works, tells an offline friend's inviter so, and refuses strangers,
 * wrong tokens, oneself, members and floods, each refusal sending nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_INVITES_PER_MINUTE, SOCKET_ERRORS, type TGroupBoard, type TGroupInvitation, type TGroupInviteSent } from '@movelab/shared';
import { newUser, startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, closeAll, lobby, member, ROUTINE, seatOf } from './group-sockets.js';
import { collect, errorCode, next, ok, open, pause, request, TOKEN_SECRET } from './live-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, SESSION_JOIN_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

describe('practise together: invitations', () => {
  it("reaches every socket of an online friend with the session's link, which then seats them", async () => {
    const { host, opened, groupId } = await lobby(gw.url, 'Ann');
    const friend = await member(gw.url, 'Ben');
    const phone = await open(gw.url, { token: friend.token });
    const onPhone = next<TGroupInvitation>(phone, 'group:invited');
    const onLaptop = next<TGroupInvitation>(friend.socket, 'group:invited');
    const sent = await ok(request<TGroupInviteSent>(host.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: friend.uid }));
    expect(sent).toEqual({ delivered: true });
    const invitation = await onLaptop;
    expect(await onPhone).toEqual(invitation);
    expect(invitation).toEqual({
      groupId,
      joinToken: opened.joinToken,
      fromUid: host.uid,
      fromName: 'Ann',
      plan: ROUTINE,
      expiresAt: opened.board.expiresAt,
    });
    const board = await ok(request<TGroupBoard>(friend.socket, 'group:join', { groupId: invitation.groupId, joinToken: invitation.joinToken }));
    expect(seatOf(board, friend.uid)).toMatchObject({ name: 'Ben', role: 'practising', connection: 'connected' });
    phone.close();
    closeAll(host, friend);
  });

  it('answers delivered: false for a friend with no socket open, and any member may invite', async () => {
    const { host, others, opened, groupId } = await lobby(gw.url, 'Ann', 'Ben');
    const away = await newUser(gw.url, 'Away');
    const ben = others[0]!;
    const sent = await ok(request<TGroupInviteSent>(ben.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: away.user.uid }));
    expect(sent).toEqual({ delivered: false });
    // Once the friend is online, the next invitation reaches them.
    const later = await open(gw.url, { token: away.token });
    const heard = next<TGroupInvitation>(later, 'group:invited');
    expect(await ok(request(host.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: away.user.uid }))).toEqual({ delivered: true });
    expect((await heard).fromName).toBe('Ann');
    later.close();
    closeAll(host, ben);
  });

  it('refuses a stranger, a wrong token, oneself, a member and a bad payload, and sends nothing for them', async () => {
    const { host, others, opened, groupId } = await lobby(gw.url, 'Ann', 'Ben');
    const ben = others[0]!;
    const [eve, friend] = await Promise.all([member(gw.url, 'Eve'), member(gw.url, 'Fay')]);
    const heard = [ben, friend, host].map((one) => collect(one.socket, 'group:invited'));
    const invite = (from: typeof host, payload: Record<string, unknown>) =>
      request(from.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: friend.uid, ...payload });

    // A stranger who saw the link still is no member: joining is how one becomes one.
    expect(await errorCode(invite(eve, {}))).toBe(SOCKET_ERRORS.forbidden);
    const forged = `${opened.joinToken!.slice(0, -4)}AAAA`;
    expect(await errorCode(invite(host, { joinToken: forged }))).toBe(SOCKET_ERRORS.invalidJoinToken);
    const self = await request(host.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: host.uid });
    expect(self).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.badPayload, message: expect.stringMatching(/already: invite someone else/) } });
    const seated = await invite(host, { uid: ben.uid });
    expect(seated).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.badPayload, message: 'That person is in this group session already' } });
    expect(await errorCode(invite(host, { uid: '' }))).toBe(SOCKET_ERRORS.badPayload);
    expect(await errorCode(invite(host, { from: host.uid }))).toBe(SOCKET_ERRORS.badPayload);
    expect(await errorCode(invite(host, { groupId: 'x'.repeat(20) }))).toBe(SOCKET_ERRORS.sessionEnded);

    await pause(100);
    expect(heard).toEqual([[], [], []]);
    closeAll(host, ben, eve, friend);
  });

  it(`takes ${GROUP_INVITES_PER_MINUTE} invitations a minute from one account, on all its sockets together, then refuses clearly`, async () => {
    const { host, opened, groupId } = await lobby(gw.url, 'Ann');
    const tab = await open(gw.url, { token: host.token });
    const friends = await Promise.all(Array.from({ length: 3 }, (_, n) => newUser(gw.url, `Friend${n}`)));
    const answers = [];
    for (let n = 0; n < GROUP_INVITES_PER_MINUTE + 2; n += 1) {
      const socket = n % 2 === 0 ? host.socket : tab;
      answers.push(await request(socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: friends[n % 3]!.user.uid }));
    }
    expect(answers.slice(0, GROUP_INVITES_PER_MINUTE).every((answer) => answer.ok)).toBe(true);
    for (const answer of answers.slice(GROUP_INVITES_PER_MINUTE)) {
      expect(answer).toMatchObject({
        ok: false,
        error: { code: SOCKET_ERRORS.rateLimited, message: expect.stringMatching(/Too many invitations/), retryAfterSeconds: expect.any(Number) },
      });
    }
    // Another member's allowance is their own.
    const ben = await member(gw.url, 'Ben');
    await ok(request(ben.socket, 'group:join', { groupId, joinToken: opened.joinToken }));
    await ok(request(ben.socket, 'group:invite', { groupId, joinToken: opened.joinToken, uid: friends[0]!.user.uid }));
    tab.close();
    closeAll(host, ben);
  });
});
