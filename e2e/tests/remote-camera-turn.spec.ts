/// <reference lib="dom" />
/**
 * Remote camera through a real TURN server: the spec starts coturn (Debian package) on a free
 * port with `use-auth-secret`, and a second gateway with TURN_SECRET, TURN_URLS and
 * ICE_TRANSPORT_POLICY=relay, as the README's TURN steps say. Both browsers may then only use
 * relayed candidates, so the pairing works only if the gateway's short-lived credentials are
 * right. Then the phone loses its whole network (offline for the signalling, the relay restarted
 * for the media, so the old path is gone): the desktop shows "Reconnecting…" and the same stream
 * comes back through an ICE restart, without a new scan. Prints the time to recover.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_EMAIL, workerPort } from '../fixtures/env.js';
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, signInContext, test } from '../fixtures/media.js';
import { pairPhone, readRemoteMarks, REMOTE_VIDEO, remoteStreamId } from '../fixtures/remote.js';

const TURNSERVER = '/usr/bin/turnserver';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const gatewayPort = workerPort();
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

/** A UDP port nobody listens on right now. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let coturn: ChildProcess | undefined;
let gateway: ChildProcess | undefined;
const secret = randomBytes(24).toString('hex');
let turnPort = 0;

/** coturn on `turnPort` with the shared secret; resolves once it listens. */
async function startCoturn(): Promise<ChildProcess> {
  const relayFloor = 49152 + Math.floor(Math.random() * 15_000);
  let log = '';
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${turnPort}`,
      `--min-port=${relayFloor}`,
      `--max-port=${relayFloor + 200}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=movelab.test',
      '--fingerprint',
      // Both browsers are on this machine: their relayed addresses are loopback ones.
      '--allow-loopback-peers',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitFor(async () => /listener opened on|Total General servers/i.test(log), `coturn on ${turnPort} (log: ${log.slice(-500)})`, 20_000);
  return child;
}

async function stopCoturn(): Promise<void> {
  const child = coturn;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.use({ baseURL: gatewayUrl });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (!existsSync(TURNSERVER)) throw new Error('coturn is not installed: apt-get install -y coturn (.ci/run installs it)');
  turnPort = await freeUdpPort();
  coturn = await startCoturn();

  gateway = spawn(process.execPath, ['e2e/scripts/serve.mjs'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(gatewayPort),
      E2E_ADMIN_EMAIL,
      GATEWAY_LOG: `gateway-turn-${gatewayPort}.log`,
      TURN_SECRET: secret,
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
      ICE_TRANSPORT_POLICY: 'relay',
    },
  });
  await waitFor(() => fetch(`${gatewayUrl}/healthz`).then((response) => response.ok), `The TURN gateway on ${gatewayPort}`);
});

test.afterAll(async () => {
  gateway?.kill('SIGTERM');
  await stopCoturn();
});

test('the phone streams through coturn with relay-only ICE, and a network cut is recovered on the same connection', async ({
  page,
  context,
  signUpUser,
}) => {
  test.setTimeout(120_000);
  const host = await signUpUser();
  await signInContext(context, host.session);
  const phone = await pairPhone(page, context);
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  // The stream's figures, behind "Connection details" (closed: read, not seen), name the relay.
  await expect(page.getByLabel('Phone camera 1 quality')).toContainText('via TURN relay');
  const streamId = await remoteStreamId(page);

  await test.step('the phone loses its network and the relay restarts: the desktop shows Reconnecting…, then the same stream comes back', async () => {
    // The phone goes offline and the TURN server restarts, so the old relayed path is gone for
    // good: only an ICE restart (new credentials, new allocations) can bring the video back.
    await phone.context().setOffline(true);
    await stopCoturn();
    coturn = await startCoturn();
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/reconnecting/i, { timeout: 20_000 });
    const restored = Date.now();
    await phone.context().setOffline(false);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i, { timeout: 20_000 });
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    const recoveryMs = Date.now() - restored;
    process.stdout.write(`time to recover after the network came back (TURN relay restarted): ${recoveryMs} ms\n`);
    test.info().annotations.push({ type: 'remote-recovery-ms', description: String(recoveryMs) });
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
    // ICE was restarted on the same RTCPeerConnection: the phone sent a restart offer, the
    // desktop gave it to its existing peer, and it still plays the same stream.
    expect(Object.keys((await readRemoteMarks(phone)).marks)).toContain('phone:ice-restart');
    expect(Object.keys((await readRemoteMarks(page)).marks)).toContain('desktop:ice-restart');
    expect(await remoteStreamId(page)).toBe(streamId);
    await expect(page.getByLabel('Phone camera 1 quality')).toContainText('via TURN relay');
  });
  await phone.context().close();
});
