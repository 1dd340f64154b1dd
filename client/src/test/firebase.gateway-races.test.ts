// @vitest-environment node
/// <reference types="node" />
/**
 * What a caller can try on two gateways in firebase mode sharing one Redis, on the real Auth and
 * Firestore emulators: replaying a stored result's notice, flooding notices, two admins
 * taking each other's ADMIN role or login away at the same moment, and a listed admin's grant
 * racing the app's first-start record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '@movelab/test-tools';
import { APP_ERRORS, type TLiveAnalysis } from '@movelab/shared';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import type { TBackend } from '@/lib/backend/port';
import { newClientId } from '@/lib/offline/outbox-entry';
import type { TClientSocket } from '@/lib/socket/socket';
import { analysisEntry, CONTRACT_PASSWORD } from './backend-contract';
import { emulatorWebConfig, firebaseGatewayEnv, HAS_EMULATORS } from './firebaseEmulator';
import { firebaseEmulatorSuite, type TFirebaseEmulators } from './firebase-suite';
import { startGateway, type TGateway } from './gateway';
import { connectUserSocket, uniqueEmail } from './helpers';

const ADMIN_A = `race-a-${process.pid}@movelab.test`;
const ADMIN_B = `race-b-${process.pid}@movelab.test`;
/** Listed, signed in only in the last test (a third admin would end the last-admin races). */
const ADMIN_C = `race-c-${process.pid}@movelab.test`;
const NOTICE_RATE_LIMIT = 10;

let emulators: TFirebaseEmulators;
let redis: { url: string; stop(): void };
let gateways: TGateway[] = [];
let apps = 0;
const sockets: TClientSocket[] = [];

type TSignedIn = { backend: TBackend; uid: string };

async function newUser(name: string, email = uniqueEmail(name)): Promise<TSignedIn> {
  const backend = createFirebaseBackend(emulatorWebConfig(emulators.auth.url), {
    appName: `movelab-races-${++apps}`,
    firestoreEmulatorHost: emulators.firestore.host,
    gatewayBaseUrl: gateways[0]!.url,
  });
  const { uid } = await backend.identity.signUp(email, CONTRACT_PASSWORD, name);
  await backend.users.createUser(uid, { displayName: name, email });
  return { backend, uid };
}

async function connect(user: TSignedIn, gateway: TGateway): Promise<TClientSocket> {
  const socket = await connectUserSocket((force) => user.backend.identity.getIdToken(force), gateway.url);
  sockets.push(socket);
  return socket;
}

/** An ADMIN_EMAILS account, its address verified, signed in to the gateway; its token then carries the claim. */
async function newAdmin(email: string): Promise<TSignedIn & { socket: TClientSocket }> {
  const user = await newUser('Admin', email);
  await emulators.auth.verifyEmail(user.uid);
  await user.backend.identity.getIdToken(true);
  const socket = await connect(user, gateways[0]!);
  await user.backend.identity.getIdToken(true);
  return { ...user, socket };
}

/** An admin REST call on `gateway` with the caller's current ID token, as the app's adapter makes it. */
async function adminCall(caller: TSignedIn, gateway: TGateway, path: string, body: unknown): Promise<{ status: number; code?: string }> {
  const token = await caller.backend.identity.getIdToken(false);
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
  return { status: response.status, code: answer.error?.code };
}

/** users/{uid} as stored, past the rules: its roles and whether it is disabled. */
async function stored(uid: string): Promise<{ isAdmin: boolean; isDisabled: boolean }> {
  const fields = (await emulators.firestore.readAsOwner(`users/${uid}`)) as {
    roles?: { arrayValue?: { values?: { stringValue?: string }[] } };
    disabled?: { booleanValue?: boolean };
  } | null;
  const roles = fields?.roles?.arrayValue?.values?.map((value) => value.stringValue) ?? [];
  return { isAdmin: roles.includes('ADMIN'), isDisabled: fields?.disabled?.booleanValue === true };
}

describe.skipIf(!HAS_EMULATORS)('two firebase-mode gateways sharing Redis, on the emulators', () => {
  let adminA: Awaited<ReturnType<typeof newAdmin>>;
  let adminB: Awaited<ReturnType<typeof newAdmin>>;

  emulators = firebaseEmulatorSuite();

  beforeAll(async () => {
    redis = await startRedis();
    const env = {
      ...firebaseGatewayEnv(emulators.auth, emulators.firestore, [ADMIN_A, ADMIN_B, ADMIN_C]),
      REDIS_URL: redis.url,
      SAVE_RATE_LIMIT: String(NOTICE_RATE_LIMIT),
      SAVE_RATE_WINDOW_SECONDS: '600',
    };
    gateways = await Promise.all([startGateway({ env }), startGateway({ env })]);
    adminA = await newAdmin(ADMIN_A);
    adminB = await newAdmin(ADMIN_B);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    redis?.stop();
  }, 60_000);

  it('broadcasts a stored analysis once however often, and on whichever gateway, it is announced; then refuses the flood', async () => {
    const user = await newUser('Replayer');
    const [onFirst, onSecond] = await Promise.all([connect(user, gateways[0]!), connect(user, gateways[1]!)]);
    const id = `${newClientId()}-analysis`;
    await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.8, id));
    const sentinel = await newUser('Sentinel');
    const sentinelId = `${newClientId()}-analysis`;
    await sentinel.backend.users.createVideoAnalysis(sentinel.uid, analysisEntry(0.5, sentinelId));
    const sentinelSocket = await connect(sentinel, gateways[1]!);
    const seen: TLiveAnalysis[] = [];
    let isSentinelSeen = false;
    adminA.socket.on('analysis:created', (live) => {
      if (live.analysis.id === id) seen.push(live);
      if (live.analysis.id === sentinelId) isSentinelSeen = true;
    });

    const answers = await Promise.all(
      Array.from({ length: NOTICE_RATE_LIMIT }, (_, index) =>
        (index % 2 === 0 ? onFirst : onSecond).timeout(10_000).emitWithAck('analysis:created', { analysisId: id }),
      ),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    // Broadcasts reach the admin in the order they were made: once a later one is in, every replay's would be.
    expect(await sentinelSocket.timeout(10_000).emitWithAck('analysis:created', { analysisId: sentinelId })).toMatchObject({ ok: true });
    await expect.poll(() => isSentinelSeen).toBe(true);
    expect(seen).toHaveLength(1);
    // Counted per user across both gateways: the next notice, on either, is refused.
    const refused = await onFirst.timeout(10_000).emitWithAck('analysis:created', { analysisId: id });
    expect(refused).toMatchObject({ ok: false, error: { code: APP_ERRORS.rateLimited } });
  });

  it('keeps an admin when two admins take ADMIN from each other at once, one on each gateway', async () => {
    const [aRemovesB, bRemovesA] = await Promise.all([
      adminCall(adminA, gateways[0]!, `/api/users/${adminB.uid}/roles`, { roles: [] }),
      adminCall(adminB, gateways[1]!, `/api/users/${adminA.uid}/roles`, { roles: [] }),
    ]);
    const answers = [aRemovesB, bRemovesA];
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === APP_ERRORS.lastAdmin)).toHaveLength(1);
    const admins = [await stored(adminA.uid), await stored(adminB.uid)].filter((user) => user.isAdmin);
    expect(admins).toHaveLength(1);
  });

  it('keeps an enabled admin when two admins disable each other at once', async () => {
    // Both admins again: whoever kept ADMIN gives it back.
    const [keeper, other] = (await stored(adminA.uid)).isAdmin ? [adminA, adminB] : [adminB, adminA];
    expect(await adminCall(keeper, gateways[0]!, `/api/users/${other.uid}/roles`, { roles: ['ADMIN'] })).toMatchObject({ status: 200 });
    await other.backend.identity.getIdToken(true);

    const [aDisablesB, bDisablesA] = await Promise.all([
      adminCall(adminA, gateways[0]!, `/api/users/${adminB.uid}/disabled`, { disabled: true }),
      adminCall(adminB, gateways[1]!, `/api/users/${adminA.uid}/disabled`, { disabled: true }),
    ]);
    // One wins; the other is refused as the last admin (or, had the winner's disable landed
    // before its token was checked, as a disabled account).
    expect([aDisablesB, bDisablesA].filter((answer) => answer.status === 200)).toHaveLength(1);
    const states = [await stored(adminA.uid), await stored(adminB.uid)];
    expect(states.filter((state) => state.isAdmin && !state.isDisabled)).toHaveLength(1);
  });

  it("gives a listed admin whose grant comes before the app's first-start record one whole record, with ADMIN", async () => {
    const backend = createFirebaseBackend(emulatorWebConfig(emulators.auth.url), {
      appName: `movelab-races-${++apps}`,
      firestoreEmulatorHost: emulators.firestore.host,
      gatewayBaseUrl: gateways[1]!.url,
    });
    const { uid } = await backend.identity.signUp(ADMIN_C, CONTRACT_PASSWORD, 'Admin C');
    await emulators.auth.verifyEmail(uid);
    await backend.identity.getIdToken(true);
    // The gateway grants ADMIN as it verifies the first sign-in, before the app made its record.
    await connect({ backend, uid }, gateways[1]!);
    expect((await stored(uid)).isAdmin).toBe(true);
    // The app's first start found no record and makes one: it is given the gateway's, whole.
    const record = await backend.users.createUser(uid, { displayName: 'Admin C', email: ADMIN_C });
    expect(record).toMatchObject({ displayName: 'Admin C', email: ADMIN_C, roles: ['ADMIN'] });
    expect(await backend.users.getUser(uid)).toMatchObject({ displayName: 'Admin C', email: ADMIN_C, roles: ['ADMIN'], activities: [] });
  });
});
