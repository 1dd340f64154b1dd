/**
 * Movescore analysis of uploaded videos, and an admin's reference capture, with Chromium's fake
 * camera fed from a real clip (people walking, from opencv-doc). The camera journey, whose take
 * must count reps to be saved, is in analysis-camera.spec.ts with a camera that films squats.
 */
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../fixtures/env.js';
import { expect, test } from '../fixtures/index.js';
import { fakeCameraLaunch, requireMedia, signInWithForm, SQUAT_VIDEO, VIDEO_FILE } from './pose-media.js';

test.use({ launchOptions: async ({ launchOptions }, use) => use(fakeCameraLaunch(launchOptions)) });

test('an uploaded video is analysed to its end and saved with its source', async ({ page, api, signUpUser, snap, firebaseMode }) => {
  test.skip(firebaseMode, 'the camera journey above covers Firebase mode; this one reads the saved document back over the embedded REST API');
  test.setTimeout(210_000);
  requireMedia();
  const user = await signUpUser();
  await signInWithForm(page, user);
  await page.goto('/movescore/analyze/squat/movement/bodyweight-squat/perspective/side');
  await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
  // Two real squats (a take with no rep is not saved, so the clip must hold some).
  await page.getByLabel('Upload a video').setInputFiles(SQUAT_VIDEO);
  await expect(page.getByText('Analysing the whole video…')).toBeVisible();
  // The clip plays once, then the result comes without a stop button.
  await expect(page.getByTestId('analysis-score')).toHaveText(/^\d{1,3}%$/, { timeout: 120_000 });
  await expect(page.getByText('Saved to your sessions')).toBeVisible();
  await snap('file-result');
  const [saved] = await api('listVideoAnalyses', { params: { uid: user.session.user.uid }, query: { limit: 1 }, token: user.session.tokens.idToken });
  expect(saved).toMatchObject({ groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'side', source: 'file' });
  expect(saved!.durationMs).toBeGreaterThan(3_000);
});

test("an admin's reference capture builds with the picked movement kind from an uploaded video and saves nothing by itself", async ({
  page,
  api,
  adminSession,
  firebaseMode,
}) => {
  test.skip(
    firebaseMode,
    'reads the perspective back over the embedded REST API; the admin reference capture is the same client code in both backends',
  );
  test.setTimeout(120_000);
  requireMedia();
  const perspectivePath = { groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front' };
  const before = await api('getPerspective', { params: perspectivePath, token: adminSession.tokens.idToken });
  await signInWithForm(page, { email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD });
  await page.goto(`/administration/movescore/group/squat/movement/bodyweight-squat/perspective/front`);
  const capture = page.getByRole('region', { name: 'Reference motion' }).last();
  await expect(capture.getByRole('heading', { name: 'Choose a video source' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Pose model loading')).toBeHidden({ timeout: 30_000 });
  // The movement kind starts at the perspective's own (the demo squat) and the admin can pick another.
  const kind = capture.getByLabel('Movement kind');
  await expect(kind).toHaveValue('squat');
  await kind.selectOption({ label: 'Biceps curl' });
  await capture.getByLabel('Upload a video').setInputFiles(VIDEO_FILE);
  // The clip shows people walking, not an exercise: the engine either finds rep-like strides
  // (a preview to check before saving) or says in plain words why it cannot build a reference.
  // Either way it works on the picked kind's counting joint: the elbow of a curl.
  await expect(capture).toContainText(/reps found · elbow from|Reference take: .*\belbow\b/, { timeout: 30_000 });
  // Another kind after recording rebuilds from the same take, now on the knee of a squat.
  await kind.selectOption({ label: 'Squat' });
  await expect(capture).toContainText(/reps found · knee from|Reference take: .*\bknee\b/);
  const after = await api('getPerspective', { params: perspectivePath, token: adminSession.tokens.idToken });
  expect(after.reference).toEqual(before.reference);
  expect(after.kind).toBe('squat');
});
