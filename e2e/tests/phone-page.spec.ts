/// <reference lib="dom" />
/**
 * The phone page (client/phone.html, opened from a join link) stays small: it loads at most
 * PHONE_JS_BUDGET_BYTES of JavaScript and its own style sheet within PHONE_CSS_BUDGET_BYTES,
 * never the app's entry chunk (router, app shell), the Firebase SDK or the REST contract table,
 * and it does not install the app's service worker.
 * A size budget, not a timing: it fails the same way on a busy machine as on an idle one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/index.js';

/**
 * JavaScript bytes the phone page may load (as sent; the files are not compressed on the wire
 * here). Socket.IO, simple-peer, zod's core (the pairing contracts are zod/mini) and the
 * page's own DOM view (no React): about 221 KiB today, simple-peer's 99 KiB of it fetched once Start
 * shows (471 KiB with React DOM and all of zod);
 * the app's shared contracts alone would add about 20 KiB.
 */
const PHONE_JS_BUDGET_BYTES = 225 * 1024;

/**
 * Style-sheet bytes the phone page may load: its own sheet (client/src/phone.css), built from the
 * classes of the phone page's files only (about 9 KiB; the app's sheet is about 35 KiB).
 */
const PHONE_CSS_BUDGET_BYTES = 12 * 1024;

const clientDist = fileURLToPath(new URL('../../client/dist/', import.meta.url));

/** The app's entry chunk and style sheet, as the built index.html names them. */
function appAssets(): { entry: string; styleSheet: string } {
  const html = readFileSync(`${clientDist}index.html`, 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const styleSheet = /<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/.exec(html)?.[1];
  if (!entry || !styleSheet) throw new Error('No entry script or style sheet in client/dist/index.html (run npm run build)');
  return { entry, styleSheet };
}

test('a join link loads the phone page alone, within its JavaScript and style-sheet budgets, without the service worker', async ({ page }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && !response.request().serviceWorker())
      scripts.push({ url: response.url(), body: await response.text() });
  });
  // Never a real session: the page renders its Start button before it joins anything.
  await page.goto('/remote-streaming/0123456789abcdef0123#0123456789abcdef0123456789');
  await expect(page.getByRole('button', { name: 'Start streaming' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Its head is the app's (client/index.html's tags, put in by the build) with its own title.
  await expect(page).toHaveTitle('Movelab - Remote Cam');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);

  const app = appAssets();
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      path: new URL(entry.name).pathname,
      bytes: entry.encodedBodySize,
    })),
  );
  const loaded = resources.filter((entry) => entry.path.endsWith('.js'));
  const total = loaded.reduce((sum, entry) => sum + entry.bytes, 0);
  test.info().annotations.push({ type: 'phone-page-js-bytes', description: String(total) });
  process.stdout.write(`phone page JavaScript: ${(total / 1024).toFixed(1)} KiB in ${loaded.length} files\n`);

  expect(loaded.length, 'scripts the phone page loaded').toBeGreaterThan(0);
  expect(
    loaded.every((entry) => entry.bytes > 0),
    'every script has its size measured',
  ).toBe(true);
  expect(total, `phone page JavaScript (${loaded.map((entry) => `${entry.path} ${entry.bytes}`).join(', ')})`).toBeLessThanOrEqual(
    PHONE_JS_BUDGET_BYTES,
  );
  const paths = loaded.map((entry) => entry.path);
  expect(paths, 'the app entry chunk (router, app shell)').not.toContain(`/assets/${app.entry}`);
  expect(paths.filter((path) => /\/firebase-[^/]+\.js$/.test(path))).toEqual([]);
  // The REST table (shared/src/api.ts) comes with the app's whole contract set.
  await expect.poll(() => scripts.length, 'script bodies read').toBe(loaded.length);
  expect(scripts.filter((script) => script.body.includes('/api/auth/sign-up')).map((script) => script.url)).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Its own style sheet, not the app's.
  const styleSheets = resources.filter((entry) => entry.path.endsWith('.css'));
  const cssTotal = styleSheets.reduce((sum, entry) => sum + entry.bytes, 0);
  process.stdout.write(`phone page CSS: ${(cssTotal / 1024).toFixed(1)} KiB in ${styleSheets.length} files\n`);
  const sheetPaths = styleSheets.map((entry) => entry.path);
  expect(sheetPaths).toHaveLength(1);
  expect(sheetPaths).not.toContain(`/assets/${app.styleSheet}`);
  expect(cssTotal, 'phone page CSS').toBeGreaterThan(0);
  expect(cssTotal, 'phone page CSS').toBeLessThanOrEqual(PHONE_CSS_BUDGET_BYTES);
});

test('the phone page is usable by keyboard and screen reader: labelled fields, a live status, and a bad or broken link says so and asks for the code', async ({
  page,
}) => {
  // A link to a session the gateway does not know: refused in words at once, not "Ready".
  await page.goto('/remote-streaming/0123456789abcdef0123#0123456789abcdef0123456789');
  const status = page.getByRole('status', { name: 'Camera state' });
  await expect(page.getByRole('alert')).toHaveText(/^This (link is wrong, expired or already used|session has ended|session no longer exists)/);
  await expect(status).toHaveText('Not streaming');
  await expect(page.getByRole('heading', { level: 1, name: 'Phone camera' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Camera' })).toHaveValue('environment');
  await expect(page.getByRole('combobox', { name: 'Quality' })).toHaveValue('480p');
  // The code shown on the desktop is the way left.
  const code = page.getByRole('textbox', { name: /^Code shown on the desktop/ });
  await expect(code).toBeVisible();
  await expectAccessible(page, 'the phone page after a refused link');

  // Tab order: the Movelab bar every page has, then code, camera, quality, then Start.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Movelab home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Camera' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Quality' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start streaming' })).toBeFocused();

  // A link without its token: said at once, the code is asked for, and a malformed one refused in words.
  await page.goto('/remote-streaming/0123456789abcdef0123');
  await expect(page.getByRole('alert')).toHaveText(
    'This link is incomplete or damaged. Scan the QR code on the desktop again, or type the code shown there.',
  );
  await code.fill('12');
  await code.press('Enter');
  await expect(page.getByText('The code has 6 digits.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(status).toHaveText('Ready');
  await expectAccessible(page, 'the phone page asking for a code');
});
