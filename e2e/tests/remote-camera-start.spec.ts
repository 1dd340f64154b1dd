/// <reference lib="dom" />
/**
 * Remote camera, Start tapped early: the phone's connection is made while its camera is still
 * opening, and Start streaming stays where it first showed while the phone pairs (the placement
 * advice comes below it), so a tap at that moment lands on it.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, newPhone, signInContext, test } from '../fixtures/media.js';
import { joinUrlOf, readRemoteMarks, REMOTE_VIDEO, waitForRemoteFrame } from '../fixtures/remote.js';

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
