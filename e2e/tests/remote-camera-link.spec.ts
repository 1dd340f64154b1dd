/// <reference lib="dom" />
/**
 * Remote camera streams that keep going: practice runs on the phone camera paired from the
 * practice screen; the video survives a signalling cut on the phone and a camera ended in the
 * background; on a link that cannot carry the picture (the desktop's answer caps the video
 * bitrate) the phone lowers its resolution and frame rate.
 */
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, newPhone, signInContext, test } from '../fixtures/media.js';
import { joinUrlOf, pairPhone, REMOTE_VIDEO, remoteStreamId, waitForRemoteFrame } from '../fixtures/remote.js';

// Both sides (a desktop page and a phone-sized context) are in every test, so the spec runs in
// the desktop project only (the phone project ignores it: e2e/playwright.config.ts).
test.beforeEach(() => {
  // Two browser contexts, a WebRTC call and a reload on two shared cores.
  test.setTimeout(120_000);
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

  await test.step('the desktop keeps the stream’s figures behind "Connection details"', async () => {
    const figures = page.getByLabel('Phone camera 1 quality');
    await expect(figures).toBeHidden();
    await page.getByText('Connection details').click();
    await expect(figures).toBeVisible();
    await expect(figures).toHaveText(/^\d+×\d+ · \d+ fps · RTT \d+ ms · direct$/);
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
