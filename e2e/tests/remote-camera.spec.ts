/// <reference lib="dom" />
/**
 * Remote camera: a signed-in desktop opens a session, a phone (another browser context, not
 * signed in) joins from the QR link or the 6-digit code and streams Chromium's fake camera
 * over WebRTC; the desktop shows the video with frames advancing. Opened from the link, the phone
 * shows its preview and connects before Start, but nothing reaches the desktop until the tap
 * (nor after a reload before it). A phone reload comes back
 * without a new scan; on a link that cannot carry the picture (the desktop's answer caps the
 * video bitrate) the phone lowers its resolution and frame rate. Prints the time from opening
 * the link to the first remote frame. Start streaming stays where it first showed while the phone
 * pairs (the placement advice comes below it), so a tap at that moment lands on it.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, newPhone, signInContext, test } from '../fixtures/media.js';
import { joinUrlOf, pairPhone, readRemoteMarks, REMOTE_VIDEO, remoteStreamId, waitForRemoteFrame } from '../fixtures/remote.js';

// Both sides (a desktop page and a phone-sized context) are in every test, so the spec runs in
// the desktop project only (the phone project ignores it: e2e/playwright.config.ts).
test.beforeEach(() => {
  // Two browser contexts, a WebRTC call and a reload on two shared cores.
  test.setTimeout(120_000);
});

/**
 * Holds the gateway's answers to the phone (Socket.IO acks, "43..."), so the page is seen as it is
 * before it has joined; `release` waits for the early join to have been sent, then lets them through.
 */
async function holdGatewayAnswers(phone: Page): Promise<{ release: () => Promise<void> }> {
  let isHolding = true;
  const held: (() => void)[] = [];
  await phone.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (isHolding && typeof message === 'string' && message.startsWith('43')) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  return {
    release: async () => {
      await expect.poll(() => held.length, { message: 'the early join was sent' }).toBeGreaterThan(0);
      isHolding = false;
      for (const answer of held.splice(0)) answer();
    },
  };
}

test('the phone streams to the desktop from the QR link, and comes back after a reload', async ({ page, context, signUpUser, snap }) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  await expect(page.getByRole('heading', { name: 'Use your phone as a camera' })).toBeVisible({ timeout: 30_000 });
  const link = page.getByRole('link', { name: 'Join link' });
  await expect(link).toBeVisible();
  await expect(page.getByLabel('Pairing code')).toHaveText(/^\d{6}$/);
  await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/waiting/i);
  const joinUrl = await link.getAttribute('data-join-url');
  expect(joinUrl).toMatch(/\/remote-streaming\/[\w-]{16,}#.{16,}$/);
  await snap('01-desktop-waiting');

  const phone = await newPhone(context);
  const opened = Date.now();
  await phone.goto(joinUrl!);

  await test.step('before Start: the phone previews its camera and is connected, but the desktop gets no picture', async () => {
    await expectFramesAdvancing(phone, 'Your camera');
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(new RegExp(`^Ready · ${host.displayName}`));
    await expect(phone.getByText('Paired. The desktop sees nothing until you tap Start streaming.')).toBeVisible();
    await expect(page.getByLabel('Phone camera 1 state')).toHaveText('Phone ready: tap Start streaming on it', { timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/waiting/i);
    // The QR code stays until a picture arrives, and the desktop's video has no frame.
    await expect(page.getByRole('link', { name: 'Join link' })).toBeVisible();
    expect(await page.locator(`video[aria-label="${REMOTE_VIDEO}"]`).evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(0);
    await snap('01b-phone-ready', phone);
  });

  await test.step('a reload before Start rejoins with the same link, and still sends nothing', async () => {
    await phone.reload();
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(new RegExp(`^Ready · ${host.displayName}`), { timeout: 20_000 });
    await expect(page.getByLabel('Phone camera 1 state')).toHaveText('Phone ready: tap Start streaming on it', { timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/waiting/i);
    expect(await page.locator(`video[aria-label="${REMOTE_VIDEO}"]`).evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(0);
  });

  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await page.waitForFunction(
    (label) => {
      const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
      return !!video && video.readyState >= 2 && video.videoWidth > 0;
    },
    REMOTE_VIDEO,
    { polling: 20 },
  );
  const firstFrameMs = Date.now() - opened;
  process.stdout.write(`time to first remote frame: ${firstFrameMs} ms (from opening the link, including the Start tap)\n`);
  test.info().annotations.push({ type: 'first-remote-frame-ms', description: String(firstFrameMs) });

  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  await expect(phone.getByText('Paired. The desktop sees nothing until you tap Start streaming.')).toBeHidden();
  await snap('02-desktop-connected');
  await snap('03-phone-streaming', phone);

  await test.step('a phone reload rejoins and the stream comes back', async () => {
    await phone.reload();
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i, { timeout: 20_000 });
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i);
  });

  await test.step('stopping on the phone leaves the session', async () => {
    await phone.getByRole('button', { name: 'Stop' }).click();
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/stopped/i);
    await expect(page.locator(`video[aria-label="${REMOTE_VIDEO}"]`)).toHaveCount(0);
  });
  await phone.context().close();
});

test('the phone pairs with the 6-digit code; a wrong code is refused in words', async ({ page, context, signUpUser }) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const code = (await page.getByLabel('Pairing code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const phone = await newPhone(context);
  await phone.goto('/remote-streaming');
  const field = phone.getByLabel('Code shown on the desktop');
  await field.fill('12345');
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expect(phone.getByText('The code has 6 digits.')).toBeVisible();

  const wrong = code === '000000' ? '000001' : '000000';
  await field.fill(wrong);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expect(phone.getByRole('alert')).toHaveText(/wrong, expired or already used/i);

  await phone.getByLabel('Code shown on the desktop').fill(code);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  // The address now names the session, so a reload can rejoin.
  expect(new URL(phone.url()).pathname).toMatch(/^\/remote-streaming\/[\w-]{16,}$/);

  await test.step('the desktop ends the session and the phone is told', async () => {
    await page.getByRole('button', { name: 'End session' }).click();
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/session ended/i);
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/stopped/i);
  });
  await phone.context().close();
});

test("a stranger's wrong codes leave the desktop's code working: the desktop is told nothing, and the code pairs", async ({
  page,
  context,
  signUpUser,
}) => {
  // Two phones after each other (five wrong tries, then the pairing) on two shared cores.
  test.setTimeout(180_000);
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const code = (await page.getByLabel('Pairing code', { exact: true }).textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // A guesser types wrong codes: they cost only the guesser's address (its allowance is lifted for
  // the suite, which runs from one address; the refusal is tested in gateway/test/wrong-codes.test.ts).
  const guesser = await newPhone(context);
  await guesser.goto('/remote-streaming');
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((candidate) => candidate !== code).slice(0, 5);
  for (const candidate of wrong) {
    await guesser.getByLabel('Code shown on the desktop').fill(candidate);
    await guesser.getByRole('button', { name: 'Start streaming' }).click();
    await expect(guesser.getByRole('alert')).toHaveText(/wrong, expired or already used/i);
  }
  await guesser.context().close();

  await expect(page.getByRole('status', { name: 'Pairing code state' })).toHaveCount(0);
  await expect(page.getByLabel('Pairing code', { exact: true })).toHaveText(code);
  const phone = await newPhone(context);
  await phone.goto('/remote-streaming');
  await phone.getByLabel('Code shown on the desktop').fill(code);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await phone.context().close();
});

test('Start tapped before the phone has joined: the connection is made while the camera is still opening', async ({ page, context, signUpUser }) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const joinUrl = await joinUrlOf(page);

  const phone = await newPhone(context);
  // A camera slow to open (cold, or waiting on a permission prompt): 4 s.
  await phone.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => new Promise((resolve) => setTimeout(resolve, 4_000)).then(() => open(constraints));
  });
  // The gateway's answers are held until Start has been tapped, so the tap surely comes before
  // the join is back, as it does for a person who taps at once.
  const answers = await holdGatewayAnswers(phone);
  await phone.goto(joinUrl);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await answers.release();

  await waitForRemoteFrame(page);
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  const { marks } = await readRemoteMarks(phone);
  // The offer went out (and ICE connected) before the camera opened, not after it.
  expect(marks['phone:offer-sent']).toBeLessThan(marks['phone:camera-open']!);
  expect(marks['phone:ice-connected']).toBeLessThan(marks['phone:camera-open']!);
  await phone.context().close();
});

test('Start streaming stays where it first showed while the phone pairs, so a tap as the advice appears lands on it', async ({
  page,
  context,
  signUpUser,
}) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const joinUrl = await joinUrlOf(page);

  const phone = await newPhone(context);
  // The gateway's answers are held until Start has been measured as it first shows, before the
  // phone has paired, as on a busy machine or a slow network.
  const answers = await holdGatewayAnswers(phone);
  await phone.goto(joinUrl);
  const start = phone.getByRole('button', { name: 'Start streaming' });
  const advice = phone.getByRole('region', { name: 'Where to put the phone' });
  await expect(start).toBeVisible();
  await expect(advice).toBeHidden();
  const firstShown = (await start.boundingBox())!;

  await answers.release();
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(new RegExp(`^Ready · ${host.displayName}`), { timeout: 20_000 });
  await expect(advice).toBeVisible();
  await expect(phone.getByText('Paired. The desktop sees nothing until you tap Start streaming.')).toBeVisible();
  expect(await start.boundingBox(), 'Start streaming after pairing, against where it first showed').toEqual(firstShown);
  await expectAccessible(phone, 'the paired phone page with its placement advice');

  // A finger that aimed at Start before the advice came lands on Start.
  await phone.touchscreen.tap(firstShown.x + firstShown.width / 2, firstShown.y + firstShown.height / 2);
  await waitForRemoteFrame(page);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  await phone.context().close();
});

test('practice runs on the phone camera: the desktop pairs a phone from the practice screen and analyses its stream', async ({
  page,
  context,
  signUpUser,
  snap,
}) => {
  const user = await signUpUser();
  await signInContext(context, user.session);
  await page.goto('/practice/routine/core-basics');
  await expect(page.getByRole('heading', { name: 'Core basics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Use my phone as the camera' }).click();

  const phoneSection = page.getByRole('region', { name: 'Phone camera' });
  const link = phoneSection.getByRole('link', { name: 'Join link' });
  await expect(link).toBeVisible();
  const startWithPhone = page.getByRole('button', { name: "Start with the phone's camera" });
  await expect(startWithPhone).toBeDisabled();

  const phone = await newPhone(context);
  await phone.goto((await link.getAttribute('data-join-url'))!);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expect(startWithPhone).toBeEnabled({ timeout: 30_000 });
  await startWithPhone.click();

  // The session starts with its countdown; the practice stage plays the phone's stream, and
  // poses come back from its frames: the skeleton canvas is painted at the stream's size
  // (a canvas starts 300x150).
  await expect(page.getByRole('status').filter({ hasText: 'Get ready' })).toContainText('Step 1 of 2');
  await expectFramesAdvancing(page, 'Camera or video being analysed');
  const stage = await page.getByLabel('Camera or video being analysed').evaluate((video: HTMLVideoElement) => ({
    width: video.videoWidth,
    height: video.videoHeight,
  }));
  expect(stage.width).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        page
          .locator('video[aria-label="Camera or video being analysed"] + canvas')
          .evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height })),
      { timeout: 20_000 },
    )
    .toEqual(stage);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  await snap('04-practice-on-phone-camera');
  await phone.context().close();
});

test('the video survives a signalling cut on the phone, and a camera ended in the background comes back', async ({ page, context, signUpUser }) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  const phone = await pairPhone(page, context);
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  const streamId = await remoteStreamId(page);
  expect(streamId).toBeTruthy();

  await test.step('the phone goes offline and back: the signalling drops, the video keeps playing on the same connection', async () => {
    // Chromium's offline mode cuts HTTP and WebSockets, not WebRTC: the signalling goes, the
    // media path stays (remote-camera-turn.spec.ts cuts both through a TURN relay).
    await phone.context().setOffline(true);
    await expect(phone.getByRole('note', { name: 'Network' })).toHaveText(/no network/i);
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    await phone.context().setOffline(false);
    await expect(phone.getByRole('note', { name: 'Network' })).toBeHidden();
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i);
    await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
    expect(await remoteStreamId(page)).toBe(streamId);
  });

  await test.step('a camera track ended in the background is re-acquired when the page is visible again', async () => {
    const ended = await phone.locator('video[aria-label="Your camera"]').evaluate((video: HTMLVideoElement) => {
      const track = (video.srcObject as MediaStream).getVideoTracks()[0]!;
      track.stop();
      document.dispatchEvent(new Event('visibilitychange'));
      return track.id;
    });
    const hasNewLiveTrack = () =>
      phone.locator('video[aria-label="Your camera"]').evaluate((video: HTMLVideoElement, old: string) => {
        const track = (video.srcObject as MediaStream).getVideoTracks()[0];
        return !!track && track.readyState === 'live' && track.id !== old;
      }, ended);
    await expect.poll(hasNewLiveTrack).toBe(true);
    await expectFramesAdvancing(page, REMOTE_VIDEO);
    expect(await remoteStreamId(page)).toBe(streamId);
    await expect(page.getByRole('status', { name: 'Session state' })).toHaveText(/connected/i);
  });

  await test.step('the desktop shows the stream quality', async () => {
    await expect(page.getByLabel('Phone camera 1 quality')).toHaveText(/^\d+×\d+ · \d+ fps · RTT \d+ ms · direct$/);
  });
  await phone.context().close();
});

test('on a link that cannot carry the picture, the phone lowers its resolution and frame rate and the video keeps playing', async ({
  page,
  context,
  signUpUser,
}) => {
  const host = await signUpUser();
  await signInContext(context, host.session);
  await page.goto('/remote-streaming');
  const phone = await newPhone(context);
  // A poor link, as the phone's browser sees it: the desktop's answer allows only 60 kbit/s of
  // video (an SDP `b=AS` line), so the phone's encoder is limited by bandwidth. Outside the app:
  // the page's RTCPeerConnection is wrapped before any of its scripts run, and keeps the
  // connections it saw so the test can read their senders.
  await phone.addInitScript(() => {
    const seen = new Set<RTCPeerConnection>();
    (window as unknown as { seenPeers: Set<RTCPeerConnection> }).seenPeers = seen;
    type TSetRemote = (this: RTCPeerConnection, description?: RTCSessionDescriptionInit) => Promise<void>;
    const setRemote = RTCPeerConnection.prototype.setRemoteDescription as TSetRemote;
    RTCPeerConnection.prototype.setRemoteDescription = function (this: RTCPeerConnection, description?: RTCSessionDescriptionInit) {
      seen.add(this);
      if (description?.type !== 'answer' || !description.sdp) return setRemote.call(this, description);
      let inVideo = false;
      const lines = description.sdp.split('\r\n').flatMap((line) => {
        if (line.startsWith('m=')) inVideo = line.startsWith('m=video');
        return inVideo && line.startsWith('c=') ? [line, 'b=AS:60'] : [line];
      });
      return setRemote.call(this, { type: 'answer', sdp: lines.join('\r\n') });
    } as typeof RTCPeerConnection.prototype.setRemoteDescription;
  });
  await phone.goto(await joinUrlOf(page));
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await waitForRemoteFrame(page);

  const sendEncoding = () =>
    phone.evaluate(() => {
      const peers = [...(window as unknown as { seenPeers: Set<RTCPeerConnection> }).seenPeers];
      const sender = peers
        .filter((peer) => peer.connectionState !== 'closed')
        .flatMap((peer) => peer.getSenders())
        .find((candidate) => candidate.track?.kind === 'video');
      const encoding = sender?.getParameters().encodings[0];
      return { scaleResolutionDownBy: encoding?.scaleResolutionDownBy ?? 1, maxFramerate: encoding?.maxFramerate ?? null };
    });
  // The phone checks its stats every 2 s and steps down one level per strained check.
  await expect.poll(async () => (await sendEncoding()).scaleResolutionDownBy, { timeout: 30_000 }).toBeGreaterThan(1);
  const lowered = await sendEncoding();
  expect(lowered.maxFramerate, 'frame rate cap').toBeLessThan(30);
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await expect(phone.getByRole('status', { name: 'Camera state' })).toHaveText(/streaming to the desktop/i);
  await phone.context().close();
});
