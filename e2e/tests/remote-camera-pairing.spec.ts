/// <reference lib="dom" />
/**
 * Remote camera pairing: a signed-in desktop opens a session, a phone (another browser context,
 * not signed in) joins from the QR link or the 6-digit code and streams Chromium's fake camera
 * over WebRTC; the desktop shows the video with frames advancing. Opened from the link, the phone
 * shows its preview and connects before Start, but nothing reaches the desktop until the tap
 * (nor after a reload before it). A phone reload comes back without a new scan. Prints the time
 * from opening the link to the first remote frame. A stranger's wrong codes leave the desktop's
 * code working. The join page has the Movelab bar; a signed-in phone opening Remote Cam is asked
 * first whether it is the camera, and a desktop leads with the QR code.
 */
import { expectAccessible } from '../fixtures/axe.js';
import { expect } from '../fixtures/index.js';
import { expectFramesAdvancing, newPhone, signInContext, test } from '../fixtures/media.js';
import { REMOTE_VIDEO } from '../fixtures/remote.js';

// Both sides (a desktop page and a phone-sized context) are in every test, so the spec runs in
// the desktop project only (the phone project ignores it: e2e/playwright.config.ts).
test.beforeEach(() => {
  // Two browser contexts, a WebRTC call and a reload on two shared cores.
  test.setTimeout(120_000);
});

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
  // The join page has the Movelab bar every other page has.
  await expect(phone.getByRole('banner').getByRole('link', { name: 'Movelab home' })).toBeVisible();

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

test('Remote Cam on a signed-in phone leads with the phone’s role; the desktop leads with the QR code', async ({ page, context, signUpUser }) => {
  const user = await signUpUser();
  await signInContext(context, user.session);
  await page.goto('/remote-streaming');
  await expect(page.getByRole('link', { name: 'Join link' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'This device is the phone' })).toHaveCount(0);

  const phone = await newPhone(context);
  await signInContext(phone.context(), user.session);
  await phone.goto('/remote-streaming');
  const role = phone.getByRole('heading', { level: 2, name: 'This device is the phone' });
  await expect(role).toBeVisible({ timeout: 30_000 });
  // First, above the fold, and no QR code to scan "with your phone" on the phone itself.
  await expect(phone.getByRole('heading', { level: 2 }).first()).toHaveText('This device is the phone');
  await expect(phone.getByRole('button', { name: 'Use this phone as the camera' })).toBeInViewport();
  await expect(phone.getByRole('link', { name: 'Join link' })).toHaveCount(0);
  await expectAccessible(phone, 'Remote Cam on a phone');

  await phone.getByRole('button', { name: 'Use this phone as the camera' }).click();
  await expect(phone.getByLabel('Code shown on the desktop')).toBeVisible();
  const code = (await page.getByLabel('Pairing code', { exact: true }).textContent())?.trim() ?? '';
  await phone.getByLabel('Code shown on the desktop').fill(code);
  await phone.getByRole('button', { name: 'Start streaming' }).click();
  await expectFramesAdvancing(page, REMOTE_VIDEO);
  await phone.context().close();
});
