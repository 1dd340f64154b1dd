/**
 * Every signed-in screen of spec §2, walked by a new user who signed up through the form:
 * each page's title (`Movelab - <Section>`) and a visible heading, plus the real uses of
 * discover (search, open, add, see it on /home) and movescore browsing (prefix search,
 * movement, perspective, the analysis screen), each movement pictured from its reference (a
 * placeholder without one). A full-page screenshot of each main screen is
 * kept in the test output, and axe-core finds no WCAG 2.1 A/AA violation on each. Runs on the phone and desktop projects against the built app.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { signUpWithForm } from '../fixtures/forms.js';
import { expect, test } from '../fixtures/index.js';
import { expectInView } from '../fixtures/layout.js';

/** The demo catalogue the gateway seeds on first start (gateway/src/seed.ts). */
const ACTIVITY = { id: 'bodyweight-strength', name: 'Bodyweight strength', routine: 'Full-body starter' };
const GROUP = { id: 'squat', name: 'Squat', movement: 'Bodyweight squat', perspective: 'Front' };

async function expectScreen(page: Page, section: string, heading?: string | RegExp) {
  await expect(page).toHaveTitle(`Movelab - ${section}`);
  const title = heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first();
  await expect(title).toBeVisible();
  await expectAccessible(page, `${page.url()} (${section})`);
}

/** Pixels of a figure drawn on a canvas (the reference's green). */
function figurePixels(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 200 && data[i + 1]! > 180 && data[i]! < 120) drawn += 1;
  return drawn;
}

/** The element lies wholly inside the viewport (the page scrolls down to it first). */
async function expectInViewport(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  await expectInView(page, element, 'the movement picture');
}

test('a new user walks every screen, uses discover and browses movescore', async ({ page, credentials, snap }) => {
  // About twenty full page loads of the built app on a shared 2-core machine.
  test.setTimeout(300_000);

  await test.step('signs up through the form', async () => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign up' })).toBeVisible();
    await expectAccessible(page, 'the sign-in screen');
    await signUpWithForm(page, credentials);
    await expect(page).toHaveURL(/\/home$/);
    await expectScreen(page, 'Home', new RegExp(credentials.displayName));
    await expect(page.getByRole('region', { name: 'My activities' })).toHaveCount(0);
    await snap('01-home-new');
  });

  await test.step('discover: categories in order, side by side when wide, search by name or description', async () => {
    await page.goto('/discover');
    await expectScreen(page, 'Discover', 'Discover');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Strength', 'Mobility', 'Core']);
    await expect(page.getByRole('link', { name: /Bodyweight strength/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Core stability/ })).toContainText('Beginner');
    await snap('02-discover');
    // On a wide screen, categories of one or two activities sit side by side instead of one card per
    // row; one with more spans the width. Admin specs running beside this one may add to Strength.
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      const shelf = (name: string) => page.getByRole('region', { name });
      const top = (name: string) => shelf(name).evaluate((node) => node.getBoundingClientRect().top);
      const strengthIsSmall = (await shelf('Strength').getByRole('link').count()) <= 2;
      if (strengthIsSmall) expect(await top('Mobility')).toBe(await top('Strength'));
      else expect(await top('Core')).toBe(await top('Mobility'));
    }

    const search = page.getByLabel('Search activities');
    await search.fill('core');
    await expect(page.getByRole('link', { name: /Core stability/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Bodyweight strength/ })).toHaveCount(0);
    // "Squats, lunges and push-ups for the whole body.": found by what a person wants to do.
    await search.fill('squat');
    await expect(page.getByRole('link', { name: /Bodyweight strength/ })).toBeVisible();
    await search.fill('no such activity');
    await expect(page.getByText('No activity matches “no such activity”.')).toBeVisible();
    await search.fill('strength');
  });

  await test.step('activity details: movements, routines, add it, subscribe', async () => {
    await page.getByRole('link', { name: new RegExp(ACTIVITY.name) }).click();
    await expect(page).toHaveURL(`/discover/${ACTIVITY.id}`);
    await expectScreen(page, 'Discover', ACTIVITY.name);
    await expect(page.getByText('Drive up through the heels')).toBeVisible();
    await expect(page.getByText('Squat · 12 reps · rest 30 s')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start practice' })).toHaveAttribute('href', `/practice/activity/${ACTIVITY.id}`);
    // Each movement has a picture drawn on the device from the reference it is practised against, inside the viewport.
    for (const name of ['Squat', 'Lunge', 'Push-up']) {
      const picture = page
        .getByRole('listitem', { name, exact: true })
        .getByRole('img', { name: `${name}: the deepest point of a rep, drawn from the reference movement` });
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate(figurePixels)).toBeGreaterThan(200);
      await expectInViewport(page, picture);
    }

    await page.getByRole('button', { name: 'Add to my activities' }).click();
    await expect(page.getByRole('button', { name: 'Remove from my activities' })).toBeVisible();
    const routine = page.getByRole('listitem', { name: ACTIVITY.routine });
    await routine.getByRole('button', { name: 'Subscribe' }).click();
    await expect(routine.getByText('Subscribed')).toBeVisible();
    await snap('03-activity-details');

    // Saved by the backend, not only on screen.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from my activities' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: ACTIVITY.routine }).getByText('Subscribed')).toBeVisible();
  });

  await test.step('a long page scrolled past 300 px offers a way back to the top, which takes the focus there too', async () => {
    // In a short window (a small laptop's), so the page is long on every project.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 480 });
    const back = page.getByRole('button', { name: 'Back to top' });
    await expect(back).toHaveCount(0);
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(back).toBeVisible();
    await expectAccessible(page, 'a scrolled page with its back-to-top button');
    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('main')).toBeFocused();
    await expect(back).toHaveCount(0);
    await page.setViewportSize(size);
  });

  await test.step('a movement with no reference has a neutral placeholder instead of a picture', async () => {
    await page.goto('/discover/core-stability');
    await expectScreen(page, 'Discover', 'Core stability');
    const plank = page.getByRole('listitem', { name: 'Plank', exact: true });
    await expect(plank.getByTestId('movement-picture')).toHaveAttribute('data-picture', 'placeholder');
    await expect(plank.getByRole('img')).toHaveCount(0);
    await expectInViewport(page, plank.getByTestId('movement-picture'));
  });

  await test.step('home lists the added activity and the routine', async () => {
    await page.goto('/home');
    await expectScreen(page, 'Home', new RegExp(credentials.displayName));
    await expect(page.getByRole('region', { name: 'My activities' }).getByRole('link', { name: new RegExp(ACTIVITY.name) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My routines' }).getByRole('link', { name: new RegExp(ACTIVITY.routine) })).toBeVisible();
    await snap('04-home-with-activity');
  });

  await test.step('a missing activity shows a not-found state with a way back', async () => {
    await page.goto('/discover/no-such-activity');
    await expectScreen(page, 'Discover', 'Activity not found');
    await page.getByRole('link', { name: 'Back to Discover' }).click();
    await expect(page).toHaveURL('/discover');
  });

  for (const [path, section, name] of [
    ['/friends', 'Friends', '05-friends'],
    ['/community', 'Community', '06-community'],
    ['/settings', 'Settings', '07-settings'],
    [`/practice/activity/${ACTIVITY.id}`, 'Practice', '08-practice'],
    ['/remote-streaming', 'Remote Cam', '09-remote-streaming'],
    ['/remote-streaming/no-such-session', 'Remote Cam', '10-remote-streaming-session'],
  ] as const) {
    await test.step(`${path}: title and heading`, async () => {
      await page.goto(path);
      await expectScreen(page, section);
      await snap(name);
    });
  }

  await test.step("movescore keeps the app's navigation, History on it, a labelled header, and back", async () => {
    // The rail from 1024 px (lg), the phone's bottom bar below: whichever this project shows.
    const isWide = (page.viewportSize()?.width ?? 0) >= 1024;
    const navigation = page.getByRole('navigation', { name: isWide ? 'Main' : 'Quick' });
    await page.goto('/discover');
    await expectScreen(page, 'Discover', 'Discover');
    await navigation.getByRole('link', { name: 'Movescore' }).click();
    await expect(page).toHaveURL('/movescore/analyze');
    await expectScreen(page, 'Movescore', 'Choose a group');
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Movescore' })).toHaveAttribute('aria-current', 'page');
    await expect(navigation.getByRole('link', { name: 'History' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');

    const header = page.getByRole('banner');
    await expect(header).toContainText('Powered by Movelab');
    await expect(header.getByRole('button', { name: 'Back' })).toHaveText('Back');
    await expect(header.getByRole('link', { name: 'Movescore home' })).toHaveText('Home');
    await expect(header.getByRole('button', { name: 'Profile' })).toHaveText('Profile');

    // Home, then back twice: to the screen before each time, Discover last (no longer to /home).
    await header.getByRole('link', { name: 'Movescore home' }).click();
    await expect(page).toHaveURL('/movescore');
    await expect(navigation).toBeVisible();
    await header.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/movescore/analyze');
    await header.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/discover');

    // History is a destination of its own, reached from the same navigation.
    await navigation.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL('/history');
    await expectScreen(page, 'History', 'Your progress');
    await expect(navigation.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });

  await test.step('movescore home and the profile dialog', async () => {
    await page.goto('/movescore');
    await expectScreen(page, 'Movescore', 'Movescore');
    await expect(page.getByText('Powered by Movelab')).toBeVisible();
    await snap('11-movescore-home');

    await page.getByRole('button', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(credentials.displayName)).toBeVisible();
    await expect(dialog.getByText(credentials.email)).toBeVisible();
    await expect(dialog.getByText(`Member since ${new Date().getUTCFullYear()}`)).toBeVisible();
    const recap = dialog.getByRole('list', { name: 'Recap' });
    // A new user: no improvement is claimed with nothing to compare, and every achievement is still to reach.
    await expect(recap.getByRole('listitem')).toHaveText(['0Sessions', '—Average score']);
    await expect(dialog.getByRole('heading', { name: 'Achievements: 0 of 8' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Achievements' }).getByRole('listitem').first()).toContainText('Not yet');
    await expect(dialog.getByRole('heading', { name: 'Recent Sessions' })).toBeVisible();
    await expectAccessible(page, 'the movescore profile dialog');
    await snap('12-movescore-profile');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('movescore: search a group by prefix, then movement and perspective', async () => {
    await page.getByRole('link', { name: 'Start analysing' }).click();
    await expect(page).toHaveURL('/movescore/analyze');
    await expectScreen(page, 'Movescore', 'Choose a group');
    // The seeded catalogue; an admin spec running beside this one may hold a group of its own ("e2e-").
    const groups = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasNotText: /\be2e-/ });
    await expect(groups).toHaveText([/^Lunge/, /^Plank/, /^Push-up/, /^Squat/]);
    await snap('13-movescore-groups');

    const search = page.getByLabel('Search groups');
    await search.fill('P');
    await expect(groups).toHaveText([/^Plank/, /^Push-up/]);
    await search.fill('Sq');
    await expect(groups).toHaveText([/^Squat\s*2 movements/]);

    await groups.getByRole('link', { name: new RegExp(`^${GROUP.name}`) }).click();
    await expect(page).toHaveURL(`/movescore/analyze/${GROUP.id}`);
    await expectScreen(page, 'Movescore', GROUP.name);
    await expect(page.getByRole('link', { name: new RegExp(GROUP.movement) })).toContainText('2 perspectives');
    await snap('14-movescore-movements');

    await page.getByRole('link', { name: new RegExp(GROUP.movement) }).click();
    await expect(page).toHaveURL(`/movescore/analyze/${GROUP.id}/movement/bodyweight-squat`);
    await expectScreen(page, 'Movescore', GROUP.movement);
    // Each perspective shows the movement drawn from its own reference, beside its name.
    const perspective = page.getByRole('link', { name: new RegExp(`^${GROUP.perspective}`) });
    await expect(perspective.getByTestId('movement-picture')).toHaveAttribute('data-picture', 'reference');
    await expect.poll(() => perspective.getByTestId('movement-picture').evaluate(figurePixels)).toBeGreaterThan(200);
    await expectInViewport(page, perspective.getByTestId('movement-picture'));
    await snap('15-movescore-perspectives');

    await page.getByRole('link', { name: new RegExp(`^${GROUP.perspective}`) }).click();
    await expect(page).toHaveURL(`/movescore/analyze/${GROUP.id}/movement/bodyweight-squat/perspective/front`);
    await expectScreen(page, 'Movescore', 'Analysis');
    await snap('16-movescore-analysis');
  });

  await test.step('movescore: missing ids show not-found states with a way back', async () => {
    await page.goto('/movescore/analyze/no-such-group');
    await expectScreen(page, 'Movescore', 'Group not found');
    await page.goto(`/movescore/analyze/${GROUP.id}/movement/no-such-movement`);
    await expectScreen(page, 'Movescore', 'Movement not found');
    await page.getByRole('link', { name: 'Back to the movements' }).click();
    await expect(page).toHaveURL(`/movescore/analyze/${GROUP.id}`);
  });
});
