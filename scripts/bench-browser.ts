/**
 * What the browser benchmarks share: folders served on a loopback port (express.static: types,
 * ranges for seeking in videos) and a count of a page's requests to anything else, which must
 * stay at zero (nothing is fetched from outside at run time).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Browser, Page } from '@playwright/test';

export type TBenchServer = { origin: string; close: () => void };

/** `folders`: URL prefix ('/', '/models') -> folder. Nothing else is served. */
export async function serveFolders(folders: Record<string, string>): Promise<TBenchServer> {
  const app = express();
  for (const [prefix, folder] of Object.entries(folders)) app.use(prefix, express.static(folder, { fallthrough: true, index: false }));
  app.use((_req, res) => res.status(404).end());
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The page's requests that go anywhere but `origin` (blob: and data: URLs stay in the page), as they happen. */
export function recordOutsideRequests(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:')) outside.push(url);
  });
  return outside;
}

/** The built app's /pose-check.html in a new page, the model loaded (its TF.js backend's name), its outside requests recorded. */
export async function openPoseCheck(browser: Browser, origin: string): Promise<{ page: Page; outside: string[]; backend: string }> {
  const page = await browser.newPage();
  const outside = recordOutsideRequests(page, origin);
  await page.goto(`${origin}/pose-check.html`);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'Ready');
  const backend = await page.evaluate(() => window.poseCheck!.load());
  return { page, outside, backend };
}
