/**
 * Remote camera benchmark (prints figures; not a test):
 *   npm run build && bash e2e/scripts/test-media.sh && npm run bench:remote -- [pairings]
 *
 * Starts the built app (e2e/scripts/serve.mjs, E2E_PORT or 18140) and headless Chromium with its
 * fake camera, then pairs a phone N times (default 7): a signed-in desktop opens
 * /remote-streaming, a phone context opens the join link and taps Start as soon as it can be tapped
 * (on screen and enabled, like a person who taps at once; not after the page's load event, which a
 * person does not wait for), with a real touch at the button's place. The time to the first frame
 * runs from the phone page's navigation start to the first decoded frame on the desktop
 * (requestVideoFrameCallback), the Start tap included; the time from the tap to that frame is
 * what the person waits once they have tapped. The breakdown is read from the `performance.mark`s
 * both pages leave (client/src/features/remote-camera/lib/marks.ts).
 * Target: median under 1 s on loopback. `CLIENT_DIST=<folder>` serves another client build (the
 * gateway's own setting), so two builds can be compared in turns on a shared machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions, FAKE_CAMERA_ARGS } from '../e2e/fixtures/chromium.js';
import { createApiClient } from '../e2e/fixtures/api.js';
import { newPhone, signInContext } from '../e2e/fixtures/media.js';
import { joinUrlOf, readRemoteMarks, waitForRemoteFrame } from '../e2e/fixtures/remote.js';

const runs = Number(process.argv[2] ?? 7);
/** `TAP_AFTER_MS=1500`: tap Start that long after the link opened (a person who looks at the page first) instead of at once. */
const tapAfterMs = Number(process.env.TAP_AFTER_MS ?? 0);
const port = Number(process.env.E2E_PORT ?? 18140);
const origin = `http://127.0.0.1:${port}`;
const root = fileURLToPath(new URL('..', import.meta.url));
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Milestones in the order they happen, each as "ms since the phone page started loading". */
const MILESTONES: [string, string][] = [
  ['phone:page-ready', 'phone page loaded and rendered'],
  ['phone:socket-connected', 'phone socket connected'],
  ['phone:start', 'Start tapped'],
  ['desktop:camera-joined', 'camera joined, at the desktop'],
  ['phone:camera-open', 'camera open'],
  ['phone:joined', 'joined the session'],
  ['phone:offer-sent', 'offer sent'],
  ['desktop:signal-arrived', 'offer signal at the desktop socket'],
  ['desktop:offer-received', 'offer at the desktop peer'],
  ['desktop:answer-sent', 'answer sent'],
  ['phone:answer-received', 'answer at the phone'],
  ['phone:ice-connected', 'ICE connected (phone)'],
  ['desktop:ice-connected', 'ICE connected (desktop)'],
  ['desktop:first-frame', 'first frame decoded on the desktop'],
];

/**
 * Taps the button named `name` as soon as it is on screen and enabled: a real touch (trusted
 * events, through the browser's input pipeline) at its centre. The page itself watches for the
 * button (one check per frame) and says where it is: neither a locator click, whose script runs
 * inside the page (60-150 ms of the phone's main thread while it loads), nor polling from here,
 * whose round trips load the browser process on a machine whose two cores the pairing already
 * fills (see the CPU figure this script prints).
 */
async function tapWhenTappable(page: Page, name: string): Promise<void> {
  for (;;) {
    const centre = await page
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      .evaluate(async (label) => {
        for (;;) {
          const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === label);
          const box = button && !button.disabled && button.checkVisibility() ? button.getBoundingClientRect() : null;
          if (box && box.width > 0 && box.bottom > 0 && box.top < window.innerHeight)
            return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      }, name)
      .catch((error: unknown) => {
        // The page was still navigating (its context went away): ask the new one.
        if (error instanceof Error && /context was destroyed|navigat/i.test(error.message)) return null;
        throw error;
      });
    if (centre) return page.touchscreen.tap(centre.x, centre.y);
  }
}

/** The kernel's clock ticks a second, the unit of /proc's CPU times (100 where getconf is missing). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds used so far by this benchmark's processes: itself and every process it started (the
 * browser's processes, the gateway). Read from Linux's /proc before and after each pairing, to
 * say whether the figures are bound by this machine's cores (NaN where there is no /proc).
 */
function cpuSeconds(rootPid: number): number {
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // The process ended while being read.
    }
  }
  const isUnder = (pid: number): boolean => {
    for (let current: number | undefined = pid; current && current > 1; current = parents.get(current)) if (current === rootPid) return true;
    return false;
  };
  return [...used].reduce((sum, [pid, seconds]) => sum + (isUnder(pid) ? seconds : 0), 0);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const server = spawn(process.execPath, ['e2e/scripts/serve.mjs'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const isUp = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app did not start on ${origin} (run npm run build first)`);
}

await waitForHealth();
const api = createApiClient(origin);
const browser = await chromium.launch(chromiumLaunchOptions(FAKE_CAMERA_ARGS));

const totals: number[] = [];
/** From the Start tap to the first frame. */
const afterTap: number[] = [];
/** Baseline: the same browser opening a bare page of the same server in a fresh phone context. */
const blankPageLoads: number[] = [];
/** Baseline: getUserMedia alone (640x480) on that bare page. */
const cameraOpens: number[] = [];
const atMilestone = new Map<string, number[]>();
/** Cores the benchmark's processes kept busy from opening the link to the first frame. */
const coresBusy: number[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const id = randomUUID().slice(0, 8);
    const session = await api('signUp', {
      body: { email: `bench-${id}@e2e.movelab.test`, password: 'correct-horse-42', displayName: `Bench ${id}` },
    });
    const desktopContext = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
    await signInContext(desktopContext, session);
    const desktop = await desktopContext.newPage();
    await desktop.goto('/remote-streaming');
    const joinUrl = await joinUrlOf(desktop);

    const blank = await newPhone(desktopContext);
    await blank.goto(`${origin}/favicon.svg`);
    blankPageLoads.push(await blank.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd));
    await blank.context().close();

    const phone = await newPhone(desktopContext);
    const cpuBefore = cpuSeconds(process.pid);
    const wallBefore = performance.now();
    await phone.goto(joinUrl, { waitUntil: 'commit' });
    if (tapAfterMs > 0) {
      const opened = await phone.evaluate(() => performance.timeOrigin);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, opened + tapAfterMs - Date.now())));
    }
    await tapWhenTappable(phone, 'Start streaming');
    await waitForRemoteFrame(desktop);
    coresBusy.push((cpuSeconds(process.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000));
    // The first-frame mark lands in the same frame callback the wait above polls for.
    await desktop.waitForFunction(() => performance.getEntriesByName('remote:desktop:first-frame').length > 0);

    const [phoneMarks, desktopMarks] = await Promise.all([readRemoteMarks(phone), readRemoteMarks(desktop)]);
    const marks = { ...phoneMarks.marks, ...desktopMarks.marks };
    const total = marks['desktop:first-frame']! - phoneMarks.origin;
    totals.push(total);
    if (marks['phone:start'] !== undefined) afterTap.push(marks['desktop:first-frame']! - marks['phone:start']);
    for (const [name] of MILESTONES) {
      if (marks[name] !== undefined) atMilestone.set(name, [...(atMilestone.get(name) ?? []), marks[name] - phoneMarks.origin]);
    }
    print(`pairing ${run + 1}/${runs}: first frame ${total.toFixed(0)} ms after the link opened`);
    await phone.context().close();
    // After the pairing, so that the phone page's own camera opens as cold as it would have.
    const bare = await newPhone(desktopContext);
    await bare.goto(`${origin}/favicon.svg`);
    cameraOpens.push(
      await bare.evaluate(async () => {
        const started = performance.now();
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } } });
        const took = performance.now() - started;
        for (const track of stream.getTracks()) track.stop();
        return took;
      }),
    );
    await bare.context().close();
    await desktopContext.close();
  }
} finally {
  await browser.close();
  stopServer();
}

print('');
print(`Start tapped ${tapAfterMs > 0 ? `${tapAfterMs} ms after the link opened (TAP_AFTER_MS)` : 'as soon as it could be tapped'}`);
print(
  `Time to first remote frame, ${runs} pairings: median ${median(totals).toFixed(0)} ms (min ${Math.min(...totals).toFixed(0)}, max ${Math.max(...totals).toFixed(0)})`,
);
print(
  `From the Start tap to the first frame: median ${median(afterTap).toFixed(0)} ms (min ${Math.min(...afterTap).toFixed(0)}, max ${Math.max(...afterTap).toFixed(0)})`,
);
const blankMedian = median(blankPageLoads);
print(
  `Baseline, a bare page (the favicon) opened in a fresh phone context: median ${blankMedian.toFixed(0)} ms; first frame / bare page: x${(median(totals) / blankMedian).toFixed(1)}`,
);
print(`Baseline, the camera opened alone on that bare page (getUserMedia, 640x480): median ${median(cameraOpens).toFixed(0)} ms`);
print(
  `CPU while pairing (browser, gateway and this script): median ${median(coresBusy).toFixed(2)} of ${availableParallelism()} cores busy (min ${Math.min(...coresBusy).toFixed(2)}, max ${Math.max(...coresBusy).toFixed(2)})`,
);
print('');
print('Milestone (ms since the phone page started loading)   median    step');
let previous = 0;
for (const [name, label] of MILESTONES) {
  const values = atMilestone.get(name);
  if (!values) continue;
  const at = median(values);
  print(`  ${label.padEnd(50)} ${at.toFixed(0).padStart(6)}  ${(at - previous >= 0 ? '+' : '') + (at - previous).toFixed(0)}`);
  previous = at;
}
