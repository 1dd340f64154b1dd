/**
 * Admin live page: an admin (ADMIN_EMAILS of the e2e gateway) watches /administration/live
 * while another user saves an analysis and a practice through the REST API; the rows arrive
 * without a reload.
 */
import { expect } from '../fixtures/index.js';
import { signInContext, test } from '../fixtures/media.js';

// An admin page and another user's REST calls: runs in the desktop project only (the phone
// project ignores it: e2e/playwright.config.ts).

test('an analysis and a practice saved by another user arrive live on the admin page', async ({ page, context, adminSession, api, signUpUser, snap }) => {
  await signInContext(context, adminSession);
  await page.goto('/administration/live');
  // A cold start of the built app on a busy machine can take a while.
  await expect(page.getByRole('heading', { name: 'Live' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Live: updates arrive as they happen.')).toBeVisible();
  // The admin's own connection is in the presence list.
  await expect(page.getByRole('list', { name: 'Connected users' })).toContainText('E2E Admin');

  const user = await signUpUser();
  const groups = await api('listGroups', { token: user.session.tokens.idToken });
  const group = groups[0];
  expect(group, 'the demo catalogue has a movescore group').toBeTruthy();
  const analysis = await api('createVideoAnalysis', {
    params: { uid: user.session.user.uid },
    token: user.session.tokens.idToken,
    body: { score: 0.83, groupId: group!.id, movementId: 'e2e-movement', perspectiveId: 'e2e-perspective', source: 'file' },
  });

  const table = page.getByRole('table', { name: 'Live analyses' });
  // The user never opened the app, so no users/{uid} record names them yet: the gateway's default name shows.
  const row = table.getByRole('row').filter({ hasText: '83%' });
  await expect(row).toContainText(group!.name);
  await expect(row).toContainText('e2e-movement');
  expect(analysis.score).toBe(0.83);

  // A practice finished by the same user arrives in its own table, named by its activity.
  const activities = await api('listActivities', { token: user.session.tokens.idToken });
  const activity = activities[0];
  expect(activity, 'the demo catalogue has an activity').toBeTruthy();
  await api('createUserStatSession', {
    token: user.session.tokens.idToken,
    body: { kind: 'practice', activityId: activity!.id, startedAt: new Date().toISOString(), durationMs: 95_000, reps: 17, score: 0.64 },
  });
  const practiceRow = page.getByRole('table', { name: 'Live practices' }).getByRole('row').filter({ hasText: '64%' });
  await expect(practiceRow).toContainText(activity!.name);
  await expect(practiceRow).toContainText('17');
  await expect(practiceRow).toContainText('95 s');
  await snap('01-admin-live');
});
