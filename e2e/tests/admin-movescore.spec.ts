/**
 * Administration of the movescore catalogue, as an admin uses it on a phone and on a desktop: a
 * group with a cover, a movement and perspectives with kept counts, then deleted; and a new
 * movement that users see as not ready until it has a perspective with a reference. axe-core
 * finds no WCAG 2.1 A/AA violation on the admin screens.
 */
import { expectAccessible } from '../fixtures/axe.js';
import { adminJourneys, scratchGroupName, signIn } from '../fixtures/admin.js';
import { expect, test } from '../fixtures/index.js';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../fixtures/env.js';
import { FIREBASE_PROJECT } from '../fixtures/firebase.js';
import { signInWithForm } from './pose-media.js';

adminJourneys();

/** A real 1x1 PNG, so the browser shows the uploaded cover. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('an admin builds a movescore group with a cover, a movement and perspectives, with counts kept', async ({ page, snap, firebaseMode }) => {
  test.skip(firebaseMode, 'uploads a cover: Storage has no emulator here');
  const groupName = scratchGroupName('Group');
  await signIn(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);

  await test.step('reach the administration area from the navigation', async () => {
    // The rail on a wide screen; the menu drawer on a phone.
    // Below the lg breakpoint (1024 px) the rail is hidden and the menu button opens the drawer.
    const isNarrow = (page.viewportSize()?.width ?? 0) < 1024;
    if (isNarrow) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Administration' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/administration$/);
    await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  });

  await test.step('create the group from the list', async () => {
    await page.goto('/administration/movescore');
    await expect(page.getByRole('heading', { name: 'Movescore groups' })).toBeVisible();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(groupName);
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search groups by name' }).fill(groupName.slice(0, 10));
    await expect(page.getByRole('row').filter({ hasText: groupName })).toContainText('0');
    await page.getByRole('link', { name: groupName }).click();
  });

  await test.step('upload a cover with progress, and refuse a file that is not an image', async () => {
    await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
    const picker = page.getByLabel('Cover image', { exact: true });
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('Choose a PNG, JPEG, WebP or GIF image')).toBeVisible();
    // The app's own button and the file's name, not the browser's bare "Choose File".
    await expect(page.getByText('Choose an image')).toBeVisible();
    await expect(picker).toHaveAccessibleDescription(/^notes\.txt Choose a PNG, JPEG, WebP or GIF image/);
    await picker.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Cover image' })).toHaveAttribute('src', /\/files\/covers\/movescore-groups\//);
    await expect(picker).toHaveAccessibleDescription(/^cover\.png PNG, JPEG, WebP or GIF/);
  });

  await test.step('add a movement; the group counts it', async () => {
    await page.getByRole('button', { name: 'New movement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New movement' });
    await dialog.getByLabel('Name').fill('Air squat');
    await dialog.getByRole('button', { name: 'Create movement' }).click();
    await expect(page.getByText('1 movement', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Air squat' }).click();
  });

  await test.step('add two perspectives; the movement counts them', async () => {
    await expect(page.getByRole('heading', { name: 'Air squat', level: 1 })).toBeVisible();
    for (const [name, view, kind] of [
      ['Front view', 'Front', 'Squat'],
      ['Side view', 'Side', 'Push-up'],
    ] as const) {
      await page.getByRole('button', { name: 'New perspective' }).click();
      const dialog = page.getByRole('dialog', { name: 'New perspective' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Camera view').selectOption({ label: view });
      await dialog.getByLabel('Movement kind').selectOption({ label: kind });
      await dialog.getByRole('button', { name: 'Create perspective' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByText('2 perspectives', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Side view' })).toContainText('Side');
    await expect(page.getByRole('row').filter({ hasText: 'Side view' })).toContainText('Push-up');
    await expectAccessible(page, 'the admin movement page');
    await snap('01-movement-with-perspectives');
  });

  await test.step('edit a perspective, then delete one after confirming: the count drops', async () => {
    await page.getByRole('button', { name: 'Edit Side view' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit perspective' });
    await edit.getByLabel('Name').fill('Side profile');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: 'Side profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Front view' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete perspective?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name: 'Front view' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Front view' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'Front view' })).toBeHidden();
    await expect(page.getByText('1 perspective', { exact: true })).toBeVisible();
  });

  await test.step('the group page shows the movement with its perspective count', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: groupName }).click();
    await expect(page.getByText('1 movement', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Air squat' })).toContainText('1');
    await expectAccessible(page, 'the admin group page');
    await snap('02-group');
  });

  await test.step('deleting the group says what goes with it', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Movescore' }).click();
    await page.getByRole('searchbox', { name: 'Search groups by name' }).fill(groupName);
    await page.getByRole('button', { name: `Delete ${groupName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete group?' });
    await expect(confirm).toContainText('1 movement and 1 perspective');
    await confirm.getByRole('button', { name: 'Delete all' }).click();
    await expect(page.getByText(`No group name starts with “${groupName}”.`)).toBeVisible();
  });
});

test("a new movement is 'Not ready yet' for users until it has a perspective with a reference; a new perspective's kind follows its group", async ({
  page,
  browser,
  signUpUser,
}) => {
  const groupName = scratchGroupName('Deep squat');
  const user = await signUpUser();
  // A first sign-in in Firebase mode also writes the user record: room for a busy machine.
  await signInWithForm(page, { email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD });
  await page.goto('/administration/movescore');
  await page.getByRole('button', { name: 'New group' }).click();
  const newGroup = page.getByRole('dialog', { name: 'New group' });
  await newGroup.getByLabel('Name').fill(groupName);
  await newGroup.getByRole('button', { name: 'Create group' }).click();
  await expect(newGroup).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search groups by name' }).fill(groupName);
  await page.getByRole('link', { name: groupName }).click();
  await expect(page).toHaveURL(/\/administration\/movescore\/group\/[^/]+$/);
  const groupId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.getByRole('button', { name: 'New movement' }).click();
  const newMovement = page.getByRole('dialog', { name: 'New movement' });
  await newMovement.getByLabel('Name').fill('Pistol');
  await newMovement.getByRole('button', { name: 'Create movement' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Pistol' })).toContainText('users see it as “Not ready yet”');

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const other = await context.newPage();
  await signInWithForm(other, user);

  await test.step('a user sees the movement as not ready, with nothing to open', async () => {
    await other.goto(`/movescore/analyze/${groupId}`);
    const movement = other.getByRole('listitem').filter({ hasText: 'Pistol' });
    await expect(movement).toContainText('Not ready yet');
    await expect(movement.getByRole('link')).toHaveCount(0);
    await expectAccessible(other, 'a group with a movement not ready');
  });

  await test.step("the admin's new perspective starts with the group's kind", async () => {
    await page.getByRole('link', { name: 'Pistol' }).click();
    await page.getByRole('button', { name: 'New perspective' }).click();
    const dialog = page.getByRole('dialog', { name: 'New perspective' });
    await expect(dialog.getByLabel('Movement kind')).toHaveValue('squat');
    await dialog.getByLabel('Name').fill('Side view');
    await dialog.getByRole('button', { name: 'Create perspective' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Side view' })).toContainText('Squat');
  });

  await test.step("the perspective's page has one reference motion heading and one movement kind select", async () => {
    await page.getByRole('row').filter({ hasText: 'Side view' }).getByRole('link', { name: 'Side view' }).click();
    await expect(page.getByRole('heading', { name: 'Side view', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reference motion' })).toHaveCount(1);
    const kind = page.getByRole('combobox', { name: 'Movement kind' });
    await expect(kind).toHaveCount(1);
    await expect(kind).toHaveValue('squat');
    await expectAccessible(page, "a perspective's page");
  });

  await test.step('with a perspective but no reference motion yet, the user can open the movement, not the perspective', async () => {
    // The user's device copy of the group is seconds old, yet a reload with a network reads it
    // again: the new perspective shows at once, not after the copy's 30 s of freshness.
    await other.reload();
    const movement = other.getByRole('link', { name: /^Pistol/ });
    await expect(movement).toBeVisible();
    await movement.click();
    const perspective = other.getByRole('listitem').filter({ hasText: 'Side view' });
    await expect(perspective).toContainText('Not ready yet');
    await expect(perspective.getByRole('link')).toHaveCount(0);
    await context.close();
  });

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Movescore' }).click();
  await page.getByRole('searchbox', { name: 'Search groups by name' }).fill(groupName);
  await page.getByRole('button', { name: `Delete ${groupName}` }).click();
  // In the embedded backend the delete is held back until it has been seen pending.
  const embedded = test.info().project.name !== FIREBASE_PROJECT;
  let releaseDelete = (): void => undefined;
  const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
  if (embedded) {
    await page.route(`**/api/movescore-groups/${groupId}**`, async (route) => {
      if (route.request().method() === 'DELETE') await deleteHeld;
      await route.continue();
    });
  }
  /** Whether closing the tab now would ask first (the admin screens' leave guard). */
  const asksBeforeLeaving = () =>
    page.evaluate(() => {
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    });
  await page.getByRole('dialog', { name: 'Delete group?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: groupName })).toBeHidden();
  if (embedded) expect(await asksBeforeLeaving()).toBe(true);
  releaseDelete();
  // The list drops the group at once; the delete (in Firebase mode, the browser lists the movement
  // and its perspective, then deletes all three in one transaction) is done when the leave guard
  // lets go. Other specs read the catalogue after this one, so the page stays until then, and the
  // group is gone for good.
  await expect.poll(asksBeforeLeaving, { timeout: 30_000 }).toBe(false);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search groups by name' }).fill(groupName);
  await expect(page.getByText(`No group name starts with “${groupName}”.`)).toBeVisible();
});
