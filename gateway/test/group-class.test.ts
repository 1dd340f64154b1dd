/**
 * "Practise together" for a class: everyone behind one school address, with the gateway's default
 * join limits. The link and a rejoin are counted per account, so the whole class gets in, and
 * back after a network drop, at once; the seats cap what the limits do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MAX_PRACTISING, GROUP_MAX_WATCHING, SOCKET_ERRORS, type TGroupBoard } from '@movelab/shared';
import { startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, closeAll, createGroup, member } from './group-sockets.js';
import { errorCode, ok, open, request, TOKEN_SECRET } from './live-sockets.js';

const SCHOOL = '192.0.2.10';
let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, TRUST_PROXY: '1' });
});
afterAll(() => gw.close());

describe('practise together: a class behind one address', () => {
  it(`seats ${GROUP_MAX_PRACTISING} practising and ${GROUP_MAX_WATCHING} watching by the link at once, refuses one more, and takes them all back after a drop`, async () => {
    const teacher = await member(gw.url, 'Teacher');
    const opened = await createGroup(teacher);
    const link = { groupId: opened.groupId, joinToken: opened.joinToken };
    const practising = await Promise.all(Array.from({ length: GROUP_MAX_PRACTISING - 1 }, (_, n) => member(gw.url, `Pupil${n}`, SCHOOL)));
    const watching = await Promise.all(Array.from({ length: GROUP_MAX_WATCHING + 1 }, (_, n) => member(gw.url, `Parent${n}`, SCHOOL)));
    const late = watching.pop()!;
    const answers = await Promise.all([
      ...practising.map((one) => request<TGroupBoard>(one.socket, 'group:join', link)),
      ...watching.map((one) => request<TGroupBoard>(one.socket, 'group:join', { ...link, role: 'watching' })),
    ]);
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    expect(await errorCode(request(late.socket, 'group:join', { ...link, role: 'watching' }))).toBe(SOCKET_ERRORS.sessionFull);

    // The school's network drops: everyone reconnects and rejoins at once.
    const everyone = [...practising, ...watching];
    everyone.forEach((one) => one.socket.close());
    await Promise.all(everyone.map(async (one) => (one.socket = await open(gw.url, { token: one.token }, undefined, { 'x-forwarded-for': SCHOOL }))));
    const back = await Promise.all(everyone.map((one) => request<TGroupBoard>(one.socket, 'group:rejoin', { groupId: opened.groupId })));
    expect(back.filter((answer) => !answer.ok)).toEqual([]);
    const board = await ok(request<TGroupBoard>(teacher.socket, 'group:rejoin', { groupId: opened.groupId }));
    expect(board.members.filter((seat) => seat.role === 'practising')).toHaveLength(GROUP_MAX_PRACTISING);
    expect(board.members.filter((seat) => seat.role === 'watching')).toHaveLength(GROUP_MAX_WATCHING);
    closeAll(teacher, late, ...everyone);
  });
});
