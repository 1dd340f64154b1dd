/**
 * A routine built in the admin area, as an admin uses it on a phone and on a desktop, that a
 * user then sees in discover.
 */
import { expectAccessible } from '../fixtures/axe.js';
import { adminJourneys, signIn, tag } from '../fixtures/admin.js';
import { expect, test } from '../fixtures/index.js';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../fixtures/env.js';

adminJourneys();

test('an admin builds a routine that a user then sees in discover', async ({ page, browser, signUpUser, snap }) => {
  const activityName = `Mobility ${tag()}`;
  const user = await signUpUser();
  await signIn(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);

  await test.step('create the activity and two movements', async () => {
    await page.goto('/administration/activity');
    await page.getByRole('button', { name: 'New activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New activity' });
    await dialog.getByLabel('Name').fill(activityName);
    await dialog.getByLabel('Duration (minutes)').fill('20');
    await dialog.getByRole('button', { name: 'Create activity' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search activities by name' }).fill(activityName);
    await page.getByRole('link', { name: activityName }).click();
    for (const name of ['Cat cow', 'Hip circles']) {
      await page.getByRole('button', { name: 'New movement' }).click();
      const create = page.getByRole('dialog', { name: 'New movement' });
      await create.getByLabel('Name').fill(name);
      await create.getByRole('button', { name: 'Create movement' }).click();
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
  });

  const activityId = new URL(page.url()).pathname.split('/').at(-1)!;

  await test.step('build the routine: two steps, reordered with the keyboard', async () => {
    await page.getByRole('link', { name: 'Routines' }).click();
    await page.getByRole('button', { name: 'New routine' }).click();
    const dialog = page.getByRole('dialog', { name: 'New routine' });
    await dialog.getByLabel('Routine name').fill('Morning flow');
    await dialog.getByLabel('Step 1 movement').selectOption({ label: 'Cat cow' });
    await dialog.getByLabel('Step 1 amount').fill('12');
    await dialog.getByRole('button', { name: 'Add step' }).click();
    await dialog.getByLabel('Step 2 movement').selectOption({ label: 'Hip circles' });
    await dialog.getByLabel('Step 2 counts').selectOption('seconds');
    await dialog.getByLabel('Step 2 amount').fill('0');
    await dialog.getByRole('button', { name: 'Create routine' }).click();
    await expect(dialog.getByText(/Too small|at least|>=1/i)).toBeVisible();
    await dialog.getByLabel('Step 2 amount').fill('30');
    await dialog.getByRole('button', { name: 'Move step 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Step 1 movement')).toHaveValue(/.+/);
    await expect(dialog.getByLabel('Step 1 counts')).toHaveValue('seconds');
    await dialog.getByRole('button', { name: 'Create routine' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('region', { name: 'Morning flow' });
    await expect(card.getByRole('listitem')).toHaveText(['Hip circles: 30 s, rest 30 s', 'Cat cow: 12 reps, rest 30 s']);
    await expectAccessible(page, 'the admin activity page');
    await snap('05-routine');
  });

  await test.step('a user sees the routine on the activity in discover', async () => {
    // A second person in a fresh browser; the offline service worker is not what this checks.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const other = await context.newPage();
    await signIn(other, user.email, user.password);
    await other.goto(`/discover/${activityId}`);
    const routine = other.getByRole('listitem', { name: 'Morning flow' });
    await expect(routine).toBeVisible();
    await expect(routine.getByRole('listitem')).toHaveCount(2);
    await expect(routine.getByRole('listitem').first()).toContainText('Hip circles');
    await context.close();
  });
});
