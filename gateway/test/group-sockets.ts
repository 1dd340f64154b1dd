/** Helpers for the "Practise together" tests: members with sockets, boards awaited by what they show. */
import { expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_ERRORS, type TGroupBoard, type TGroupCount, type TGroupEnded, type TGroupOpened, type TGroupPlan } from '@movelab/shared';
import { newUser } from './helpers.js';
import { next, ok, open, pause, request } from './live-sockets.js';

export type TMember = { uid: string; name: string; token: string; socket: Socket };

/** A routine of the demo catalogue (two steps): the gateway looks a group's plan up there. */
export const ROUTINE: TGroupPlan = { routineId: 'hip-opener', stepCount: 2 };

/** Gateway settings for group tests: the demo catalogue, whose routines and movements groups practise. */
export const CATALOGUE = { SEED_DEMO: 'true' };

/** A signed-in user with one open socket on `url` (from `address` behind the trusted proxy, when given). */
export async function member(url: string, name: string, address?: string): Promise<TMember> {
  const user = await newUser(url, name);
  const socket = await open(url, { token: user.token }, undefined, address ? { 'x-forwarded-for': address } : undefined);
  return { uid: user.user.uid, name, token: user.token, socket };
}

/** The next `event` whose payload satisfies `test` (earlier ones are skipped); rejects after `ms`. */
export function nextWhere<T>(socket: Socket, event: string, test: (payload: T) => boolean, ms = 4000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

export const boardWhere = (socket: Socket, test: (board: TGroupBoard) => boolean, ms?: number) => nextWhere<TGroupBoard>(socket, 'group:board', test, ms);

export const seatOf = (board: TGroupBoard, uid: string) => board.members.find((seat) => seat.uid === uid);

/** The host's new group. */
export const createGroup = (host: TMember, plan: TGroupPlan = ROUTINE) => ok(request<TGroupOpened>(host.socket, 'group:create', { plan }));

/** Joins by code (the same code for everyone, once each). */
export const joinByCode = (joiner: TMember, code: string, role: 'practising' | 'watching' = 'practising') =>
  ok(request<TGroupBoard>(joiner.socket, 'group:join', { code, role }));

/** A host on `url` and members joined by its code: the group in its lobby. */
export async function lobby(url: string, ...names: string[]) {
  const [host, ...others] = await Promise.all(names.map((name) => member(url, name)));
  const opened = await createGroup(host!);
  for (const one of others) await joinByCode(one, opened.code);
  return { host: host!, others, opened, groupId: opened.groupId };
}

export const closeAll = (...members: TMember[]) => members.forEach((one) => one.socket.close());

/** Starts the group and waits out the countdown; every socket's board with the start. */
export async function startGroup(host: TMember, everyone: TMember[], groupId: string) {
  const boards = Promise.all(everyone.map((one) => boardWhere(one.socket, (board) => board.phase === 'countdown')));
  await ok(request(host.socket, 'group:start', { groupId }));
  const seen = await boards;
  await pause(Math.max(0, seen[0]!.startsAt! - seen[0]!.now) + 50);
  return seen;
}

/** Posts a count and checks that every other member hears it. */
export async function postCount(from: TMember, others: TMember[], groupId: string, reps: number, score: number | null) {
  const heard = Promise.all(others.map((one) => nextWhere<TGroupCount>(one.socket, 'group:count', (count) => count.uid === from.uid && count.reps === reps)));
  await ok(request(from.socket, 'group:count', { groupId, reps, score, status: 'active' }));
  for (const count of await heard) expect(count).toMatchObject({ groupId, uid: from.uid, reps, score });
}

/**
 * The whole story with three people, each on the gateway `urls` gives them (one gateway or
 * several on one Redis; Cat reloads onto `rejoinUrl`): create, join by code, ready, start together, counts heard by every other
 * member, rest, a reload that keeps its seat and count, the next step, the end's results.
 */
export async function threeTogether(urls: [string, string, string], rejoinUrl = urls[2]) {
  const [ann, ben, cat] = await Promise.all([member(urls[0], 'Ann'), member(urls[1], 'Ben'), member(urls[2], 'Cat')]);
  const opened = await createGroup(ann);
  const { groupId } = opened;
  expect(opened.board).toMatchObject({ hostUid: ann.uid, phase: 'lobby', step: 0, stepCount: 2, startsAt: null });
  await joinByCode(ben, opened.code);
  // Everyone types the code on the host's screen, once each.
  const catIn = await joinByCode(cat, opened.code);
  expect(catIn.members.map((seat) => seat.name)).toEqual(['Ann', 'Ben', 'Cat']);
  expect(await request(ben.socket, 'group:join', { code: opened.code })).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.invalidCode } });

  const allReady = boardWhere(ann.socket, (board) => board.members.filter((seat) => seat.ready).length === 2);
  await ok(request(ben.socket, 'group:ready', { groupId, ready: true }));
  await ok(request(cat.socket, 'group:ready', { groupId, ready: true }));
  await allReady;

  const starts = await startGroup(ann, [ann, ben, cat], groupId);
  expect(new Set(starts.map((board) => board.startsAt)).size).toBe(1);
  await postCount(ben, [ann, cat], groupId, 3, 0.8);
  await postCount(cat, [ann, ben], groupId, 6, null);
  await postCount(ann, [ben, cat], groupId, 1, 0.5);

  const resting = Promise.all([ben, cat].map((one) => boardWhere(one.socket, (board) => board.phase === 'rest')));
  await ok(request(ann.socket, 'group:move', { groupId, to: 'rest' }));
  for (const board of await resting) expect(board.members.every((seat) => seat.status === 'resting')).toBe(true);

  // Cat reloads: shown reconnecting, then back in her seat with her count.
  const away = boardWhere(ann.socket, (board) => seatOf(board, cat.uid)?.connection === 'reconnecting');
  cat.socket.close();
  await away;
  cat.socket = await open(rejoinUrl, { token: cat.token });
  const back = await ok(request<TGroupBoard>(cat.socket, 'group:rejoin', { groupId }));
  expect(seatOf(back, cat.uid)).toMatchObject({ connection: 'connected', reps: 6, ready: true, role: 'practising' });

  const nextStep = boardWhere(cat.socket, (board) => board.phase === 'countdown' && board.step === 1);
  await ok(request(ann.socket, 'group:move', { groupId, to: 'next' }));
  const stepBoard = await nextStep;
  expect(seatOf(stepBoard, cat.uid)).toMatchObject({ reps: 0, score: null, status: 'active' });
  await pause(Math.max(0, stepBoard.startsAt! - stepBoard.now) + 50);
  await postCount(ben, [ann, cat], groupId, 2, 0.9);

  const ends = Promise.all([ann, ben, cat].map((one) => next<TGroupEnded>(one.socket, 'group:ended')));
  await ok(request(ann.socket, 'group:move', { groupId, to: 'end' }));
  const ended = await ends;
  expect(ended[0]).toEqual(ended[1]);
  expect(ended[0]!.reason).toBe('ended');
  expect(ended[0]!.results).toEqual([
    { uid: cat.uid, name: 'Cat', avatarUrl: null, totalReps: 6, steps: [{ reps: 6, score: null }, { reps: 0, score: null }] },
    { uid: ben.uid, name: 'Ben', avatarUrl: null, totalReps: 5, steps: [{ reps: 3, score: 0.8 }, { reps: 2, score: 0.9 }] },
    { uid: ann.uid, name: 'Ann', avatarUrl: null, totalReps: 1, steps: [{ reps: 1, score: 0.5 }, { reps: 0, score: null }] },
  ]);
  return [ann, ben, cat];
}
