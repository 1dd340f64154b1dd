/// <reference lib="dom" />
/**
 * Remote camera through a real TURN server: the spec starts coturn (Debian package) on a free
 * port with `use-auth-secret`, and a second gateway with TURN_SECRET, TURN_URLS and
 * ICE_TRANSPORT_POLICY=relay, as the README's TURN steps say. Both browsers may then only use
 * relayed candidates, so the pairing works only if the gateway's short-lived credentials are
 * right. Then the phone loses its whole network (offline for the signalling, the relay frozen
 * for the media): the desktop shows "Reconnecting…" and the same stream comes back through an
 * ICE restart, without a new scan. Prints the time to recover.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_EMAIL, E2E_PORT } from '../fixtures/env.js';
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, signInContext, test } from '../fixtures/media.js';
import { pairPhone, REMOTE_VIDEO, remoteStreamId } from '../fixtures/remote.js';

const TURNSERVER = '/usr/bin/turnserver';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const gatewayPort = E2E_PORT + 1;
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

test.use({ baseURL: gatewayUrl });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (!existsSync(TURNSERVER)) throw new Error('coturn is not installed: apt-get install -y coturn (.ci/run installs it)');
  const secret = randomBytes(24).toString('hex');
  const turnPort = await freeUdpPort();
  const relayFloor = 49152 + Math.floor(Math.random() * 15_000);
  let coturnLog = '';
  coturn = spawn(
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
  coturn.stdout?.on('data', (chunk: Buffer) => (coturnLog += chunk.toString()));
  await waitFor(
    async () => /listener opened on|Total General servers/i.test(coturnLog),
    `coturn on ${turnPort} (log: ${coturnLog.slice(-500)})`,
    20_000,
  );

  gateway = spawn(process.execPath, ['e2e/scripts/serve.mjs'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(gatewayPort),
      E2E_ADMIN_EMAIL,
      GATEWAY_LOG: 'gateway-turn.log',
      TURN_SECRET: secret,
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
      ICE_TRANSPORT_POLICY: 'relay',
    },
  });
  await waitFor(() => fetch(`${gatewayUrl}/healthz`).then((response) => response.ok), `The TURN gateway on ${gatewayPort}`);
});

test.afterAll(() => {
  gateway?.kill('SIGTERM');
  coturn?.kill('SIGCONT');
  coturn?.kill('SIGTERM');
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
  await expect(page.getByLabel('Phone camera 1 quality')).toContainText('via TURN relay');
  const streamId = await remoteStreamId(page);

  await test.step('the phone loses its network: the desktop shows Reconnecting…, then the same stream comes back', async () => {
    coturn!.kill('SIGSTOP');
    await phone.context().setOffline(true);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/reconnecting/i, { timeout: 20_000 });
    const restored = Date.now();
    coturn!.kill('SIGCONT');
    await phone.context().setOffline(false);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i, { timeout: 20_000 });
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    const recoveryMs = Date.now() - restored;
    process.stdout.write(`time to recover after the network came back (TURN relay): ${recoveryMs} ms\n`);
    test.info().annotations.push({ type: 'remote-recovery-ms', description: String(recoveryMs) });
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
    // ICE was restarted on the same RTCPeerConnection: the desktop still plays the same stream.
    expect(await remoteStreamId(page)).toBe(streamId);
    await expect(page.getByLabel('Phone camera 1 quality')).toContainText('via TURN relay');
  });
  await phone.context().close();
});
