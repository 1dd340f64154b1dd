/**
 * Practise together as three people meet it, in both backends: a host and two friends, each in a
 * browser of their own (as on three devices) whose camera films real goblet squats (the MIT clip), each counted by their
 * own device, spread over two gateways of this spec that share one Redis (the host and one friend
 * on A, the other friend on B): in the embedded backend they share one data folder too, in
 * Firebase mode the project's Auth and Firestore emulators. The host starts, every count
 * reaches every other screen, the host moves everyone to the rest, one friend reloads and is back
 * in their seat with their count, the host ends, the summary lists all three, each history says
 * who was in it, and an invitation from the Friends page reaches a friend whose app is open.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { emulatorGatewayEnv, startRedis, type TRedisServer } from '@movelab/test-tools';
import { createApiClient } from '../fixtures/api.js';
import { E2E_ADMIN_EMAIL, workerPort } from '../fixtures/env.js';
import { FIREBASE_E2E, FIREBASE_PROJECT, firebaseSignUp } from '../fixtures/firebase.js';
import { makeCredentials, test, type TSignedUpUser } from '../fixtures/index.js';
import { signInContext } from '../fixtures/media.js';
import { freePort } from '../fixtures/processes.js';
import { fakeCameraLaunch, requireMedia, signInWithForm, SQUAT_CAMERA_CLIP } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions, SQUAT_CAMERA_CLIP)) });

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let redis: TRedisServer | undefined;
let dataDir = '';
const gateways: ChildProcess[] = [];
/** Where each person's browser goes: [host, friend 1, friend 2]. */
let origins: [string, string, string] = ['', '', ''];

/**
 * A gateway of this spec: the embedded one as e2e serves it (serve.mjs: its own log, the suite's
 * limits), or the built gateway in Firebase mode on the project's emulators.
 */
async function startGateway(port: number, env: Record<string, string>, isFirebase: boolean): Promise<string> {
  const entry = isFirebase ? 'gateway/dist/index.js' : 'e2e/scripts/serve.mjs';
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, ...env, PORT: String(port), E2E_ADMIN_EMAIL, GATEWAY_LOG: `gateway-together-${port}.log` },
  });
  gateways.push(child);
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  return url;
}

/** What both gateways share besides Redis: the data folder and token secret, or the emulators. */
function backendEnv(isFirebase: boolean): Record<string, string> {
  if (isFirebase) {
    const [authHost, firestoreHost] = [FIREBASE_E2E.authPort, FIREBASE_E2E.firestorePort].map((port) => `127.0.0.1:${port}`);
    return {
      ...emulatorGatewayEnv({ projectId: FIREBASE_E2E.projectId, authHost: authHost!, firestoreHost: firestoreHost! }),
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    };
  }
  dataDir = mkdtempSync(join(tmpdir(), 'movelab-together-'));
  return { DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(32).toString('hex') };
}

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const isFirebase = testInfo.project.name === FIREBASE_PROJECT;
  redis = await startRedis();
  const env = { ...backendEnv(isFirebase), REDIS_URL: redis.url };
  // One after the other: the first makes the data folder's tables and demo catalogue.
  const a = await startGateway(workerPort(), env, isFirebase);
  const b = await startGateway(await freePort(), env, isFirebase);
  origins = [a, b, a];
});

test.afterAll(async () => {
  await Promise.all(
    gateways.map(
      (child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
    ),
  );
  redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type TPerson = TSignedUpUser & { page: Page; origin: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A person signed up and signed in, in a browser context of their own on `origin`. */
async function newPerson(browser: Browser, label: string, origin: string, isFirebase: boolean): Promise<TPerson> {
  const credentials = makeCredentials(label);
  const session = isFirebase ? await firebaseSignUp(credentials) : await createApiClient(origin)('signUp', { body: credentials });
  const context = await browser.newContext({
    baseURL: origin,
    permissions: ['camera'],
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  if (isFirebase) await signInWithForm(page, credentials);
  else await signInContext(context, session);
  return { ...credentials, session, page, origin };
}

const board = (page: Page) => page.getByRole('table', { name: 'Live board' });
const repsOf = (page: Page, person: TPerson) => board(page).getByLabel(`${person.displayName}: reps`);

test('three people practise together: live counts everywhere, rest, a reload, the summary, history and an invitation', async ({
  browser,
  playwright,
  launchOptions,
  snap,
  firebaseMode,
}) => {
  test.setTimeout(360_000);
  requireMedia();
  // A browser each, as three devices would have: three pages of one browser share its compositor
  // and camera capture, and on two cores their pose models then read 1-2 pictures a second.
  const browsers = [browser, ...(await Promise.all([1, 2].map(() => playwright.chromium.launch(launchOptions))))];
  const people = await Promise.all(
    (['host', 'ann', 'bo'] as const).map((label, index) => newPerson(browsers[index]!, label, origins[index]!, firebaseMode)),
  );
  const [host, ann, bo] = people as [TPerson, TPerson, TPerson];

  await test.step('the host opens a session for squats and the two friends join by its link', async () => {
    await host.page.goto('/together/new?movement=squat');
    const link = await host.page.getByRole('textbox', { name: 'Link to share' }).inputValue({ timeout: 30_000 });
    expect(link).toMatch(/\/together\/[^/#]+#.{16,}/);
    const { pathname, hash } = new URL(link);
    for (const friend of [ann, bo]) {
      await friend.page.goto(`${pathname}${hash}`);
      await friend.page.getByRole('button', { name: 'Join the session' }).click();
    }
    for (const person of people) {
      await expect(person.page.getByRole('list', { name: 'People in this session' }).getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
      await person.page.getByRole('switch', { name: 'Ready' }).click();
    }
    await expect(host.page.getByRole('listitem', { name: bo.displayName })).toContainText('Ready');
    await snap('01-lobby', host.page);
  });

  await test.step('the host starts: the countdown runs on every screen, then each count reaches every other screen', async () => {
    await host.page.getByRole('button', { name: 'Start' }).click();
    for (const person of people) await expect(person.page.getByRole('region', { name: 'Countdown' })).toBeVisible();
    for (const person of people) await expect(board(person.page)).toBeVisible({ timeout: 20_000 });
    // Each device counts the clip's squats itself; every screen shows everyone's count.
    for (const viewer of people) {
      for (const counted of people) await expect(repsOf(viewer.page, counted)).toHaveText(/^[1-9]\d*$/, { timeout: 150_000 });
    }
    await snap('02-live-board', ann.page);
  });

  let boReps = 0;
  await test.step('the host moves everyone to the rest; a friend reloads and is back in their seat with their count', async () => {
    await host.page.getByRole('region', { name: 'Host controls' }).getByRole('button', { name: 'Rest' }).click();
    for (const person of people) await expect(person.page.getByRole('status').filter({ hasText: 'Everyone rests.' })).toBeVisible();
    await expect(board(ann.page).getByRole('row', { name: bo.displayName })).toContainText('Resting');
    boReps = Number(await repsOf(host.page, bo).textContent());
    await bo.page.reload();
    await expect(repsOf(bo.page, bo)).toHaveText(String(boReps), { timeout: 30_000 });
    await expect(board(host.page).getByRole('row', { name: bo.displayName })).toContainText('Connected');
  });

  await test.step('the host ends it: every screen shows the summary of all three, saved to each history', async () => {
    await host.page.getByRole('button', { name: 'End for everyone' }).click();
    await host.page.getByRole('dialog', { name: 'End the session for everyone?' }).getByRole('button', { name: 'End the session' }).click();
    for (const person of people) {
      const summary = person.page.getByRole('table', { name: 'Summary' });
      await expect(summary).toBeVisible({ timeout: 20_000 });
      for (const other of people) await expect(summary).toContainText(other.displayName);
      await expect(person.page.getByText('Saved to your history, with who you practised with.')).toBeVisible({ timeout: 20_000 });
    }
    await snap('03-summary', host.page);
    for (const person of people) {
      await person.page.goto('/history');
      // The others in the summary's order, most reps first: either way round.
      const [one, two] = people.filter((other) => other !== person).map((other) => escapeRegExp(other.displayName));
      const together = new RegExp(`Together with (${one} and ${two}|${two} and ${one})`);
      await expect(person.page.getByText(together).first()).toBeVisible({ timeout: 20_000 });
    }
  });

  await test.step('from the Friends page the host invites a friend, whose open app shows the invitation with Join', async () => {
    await host.page.goto('/friends');
    await host.page.getByRole('button', { name: `Invite ${ann.displayName}` }).click();
    const dialog = host.page.getByRole('dialog');
    await dialog.getByLabel('Routine').selectOption({ label: 'Full-body starter' });
    await dialog.getByRole('button', { name: 'Start and invite' }).click();
    await expect(host.page).toHaveURL(/\/together\/[^/]+#/, { timeout: 20_000 });
    await expect(ann.page.getByText(`${host.displayName} invites you to practise`)).toBeVisible({ timeout: 20_000 });
    await ann.page.getByRole('button', { name: 'Join' }).click();
    await ann.page.getByRole('button', { name: 'Join the session' }).click();
    await expect(host.page.getByRole('list', { name: 'People in this session' }).getByRole('listitem', { name: ann.displayName })).toBeVisible();
  });
  await Promise.all(people.map((person) => person.page.context().close()));
  await Promise.all(browsers.slice(1).map((other) => other.close()));
});
