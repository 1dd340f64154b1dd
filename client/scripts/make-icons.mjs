/**
 * Renders the PWA icons in client/public from icon.svg with the system Chromium, so the PNGs
 * the manifest lists are reproducible without an image library. Run after changing icon.svg:
 *   node client/scripts/make-icons.mjs
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = await readFile(`${publicDir}icon.svg`, 'utf8');
/** name, size, corner radius as a fraction (rounded for "any", full bleed for "maskable"). */
const icons = [
  ['pwa-192x192.png', 192, 0.2],
  ['pwa-512x512.png', 512, 0.2],
  ['maskable-512x512.png', 512, 0],
  ['apple-touch-icon.png', 180, 0],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, radius] of icons) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px;border-radius:${radius * 100}%}</style><img src="${src}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${publicDir}${name}`, omitBackground: true });
    console.log(`wrote ${name}`);
  }
} finally {
  await browser.close();
}
