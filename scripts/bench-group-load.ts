/**
 * The load of bench-group.ts: S groups of M sockets, each a member posting a count twice a
 * second, and the time from each post until every other member of its group heard it.
 * On the gateway a group is a "Practise together" session, set up as people do (create, join by
 * the link, ready, start, the countdown); on bare Socket.IO ("echo") it is a room.
 */
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { ask, connect, percentile, serverMemory, pause, tokenFor, type TServer, type TServerKind } from './bench-sockets.js';

const POST_INTERVAL_MS = 500;
/** Groups set up at once (each of M sockets). */
const SETUP_BATCH = 25;
/** After the last post: time for the last counts to arrive before the rest count as not heard. */
const DRAIN_MS = 2000;

type TGroup = { id: string; sockets: Socket[]; uids: string[]; startsAt: number };
type TCount = { uid: string; reps: number };
type TBoard = { phase: string; startsAt: number | null; now: number };

export type TLoad = { kind: TServerKind; groups: TGroup[]; members: number; close(): void };
export type TLoadResult = {
  posts: number;
  p50: number;
  p95: number;
  p99: number;
  deliveriesPerSecond: number;
  cpuPerPost: number;
  /** This process's CPU time over the posting and its drain, as a share of one core (it shares the cores with the servers). */
  clientCores: number;
  /** Posts some member of the group had not heard by the end. */
  lost: number;
  /** Posts the server refused (the first refusal's code is printed). */
  refused: number;
};

/** The next `event` on `socket` whose payload passes `test`. */
function nextWhere<T>(socket: Socket, event: string, test: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!test(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

const uidsOf = (group: number, members: number) => Array.from({ length: members }, (_, index) => `bench-${group * members + index}`);

/** A "Practise together" session: the host creates it, the others join by the link and get ready, the host starts it. */
async function openGroup(urls: string[], index: number, members: number): Promise<TGroup> {
  const uids = uidsOf(index, members);
  // Members alternate between the gateways (one, or two on Redis); the host is on the first.
  const sockets = await Promise.all(uids.map(async (uid, seat) => connect(urls[seat % urls.length]!, { token: await tokenFor(uid) })));
  const [host, ...others] = sockets;
  const opened = await ask<{ groupId: string; joinToken: string }>(host!, 'group:create', { plan: { movementId: 'squat' } });
  const { groupId, joinToken } = opened;
  await Promise.all(others.map((socket) => ask(socket, 'group:join', { groupId, joinToken })));
  await Promise.all(others.map((socket) => ask(socket, 'group:ready', { groupId, ready: true })));
  const countdowns = Promise.all(sockets.map((socket) => nextWhere<TBoard>(socket, 'group:board', (board) => board.phase === 'countdown')));
  await ask(host!, 'group:start', { groupId });
  const [board] = await countdowns;
  // The gateway's clock is this machine's: its startsAt is a Date.now() here.
  return { id: groupId, sockets, uids, startsAt: board!.startsAt ?? Date.now() };
}

/** A bare Socket.IO room of M sockets. */
async function openRoom(urls: string[], index: number, members: number): Promise<TGroup> {
  const id = `room-${index}`;
  const uids = uidsOf(index, members);
  const sockets = await Promise.all(uids.map((_, seat) => connect(urls[seat % urls.length]!, {})));
  await Promise.all(sockets.map((socket) => ask(socket, 'room:join', id)));
  return { id, sockets, uids, startsAt: Date.now() };
}

/** Every group set up, and every countdown run out. */
export async function openLoad(kind: TServerKind, servers: TServer[], sessions: number, members: number): Promise<TLoad> {
  const urls = servers.map((server) => server.url);
  const groups: TGroup[] = [];
  const close = () => groups.forEach((group) => group.sockets.forEach((socket) => socket.close()));
  try {
    for (let start = 0; start < sessions; start += SETUP_BATCH) {
      const batch = Array.from({ length: Math.min(SETUP_BATCH, sessions - start) }, (_, offset) =>
        (kind === 'gateway' ? openGroup : openRoom)(urls, start + offset, members),
      );
      groups.push(...(await Promise.all(batch)));
    }
  } catch (error) {
    close();
    throw error;
  }
  const last = Math.max(...groups.map((group) => group.startsAt));
  await pause(Math.max(0, last - Date.now()) + 200);
  return { kind, groups, members, close };
}

const serversCpu = async (servers: TServer[]) =>
  (await Promise.all(servers.map((server) => serverMemory(server.child)))).reduce((sum, m) => sum + m.cpuMicros, 0);

/** Every member posts twice a second for `seconds`; each post is timed until the last other member hears it. */
export async function measureLoad(load: TLoad, servers: TServer[], seconds: number): Promise<TLoadResult> {
  const { kind, groups, members } = load;
  const pending = new Map<string, { t: number; left: number }>();
  const heardByAll: number[] = [];
  let deliveries = 0;
  let posts = 0;
  let refused = 0;
  const event = kind === 'gateway' ? 'group:count' : 'receive';
  const onAck = (key: string) => (answer: { ok: boolean; error?: { code: string } }) => {
    if (answer.ok) return;
    if (refused === 0) console.log(`first refused post: ${answer.error?.code}`);
    refused += 1;
    pending.delete(key);
  };
  const post = (group: TGroup, socket: Socket, uid: string, reps: number) => {
    const key = `${uid}:${reps}`;
    posts += 1;
    pending.set(key, { t: performance.now(), left: members - 1 });
    const count = { groupId: group.id, reps, score: 0.5, status: 'active' };
    if (kind === 'gateway') socket.emit('group:count', count, onAck(key));
    else socket.emit('room:send', { room: group.id, data: { ...count, step: 0, uid } }, onAck(key));
  };
  for (const group of groups) {
    group.sockets.forEach((socket, seat) =>
      socket.on(event, (count: TCount) => {
        if (count.uid === group.uids[seat]) return;
        const key = `${count.uid}:${count.reps}`;
        const sent = pending.get(key);
        if (!sent) return;
        deliveries += 1;
        sent.left -= 1;
        if (sent.left > 0) return;
        heardByAll.push(performance.now() - sent.t);
        pending.delete(key);
      }),
    );
  }
  const cpuBefore = await serversCpu(servers);
  const clientBefore = process.cpuUsage();
  const startedAt = performance.now();
  const timers: NodeJS.Timeout[] = [];
  for (const group of groups) {
    group.sockets.forEach((socket, seat) => {
      let reps = 0;
      const postNext = () => post(group, socket, group.uids[seat]!, (reps += 1));
      // Spread over the interval so the load is steady, not in bursts.
      timers.push(setTimeout(() => (postNext(), timers.push(setInterval(postNext, POST_INTERVAL_MS))), Math.random() * POST_INTERVAL_MS));
    });
  }
  await pause(seconds * 1000);
  timers.forEach((timer) => clearTimeout(timer));
  await pause(DRAIN_MS);
  const client = process.cpuUsage(clientBefore);
  const clientCores = (client.user + client.system) / 1000 / (performance.now() - startedAt);
  const cpuAfter = await serversCpu(servers);
  groups.forEach((group) => group.sockets.forEach((socket) => socket.off(event)));
  const sorted = heardByAll.sort((a, b) => a - b);
  return {
    posts,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    deliveriesPerSecond: deliveries / seconds,
    cpuPerPost: (cpuAfter - cpuBefore) / Math.max(1, posts),
    clientCores,
    lost: pending.size,
    refused,
  };
}
