/**
 * firestore.rules on the catalogue, against the real rules engine (the Cloud Firestore emulator):
 * signed-in users read it and only admins write it; everything else is denied, even to admins.
 */
import { expect, test } from '@playwright/test';
import { admin, alice, claimAdmin, rulesDatabase } from './rules-database.js';

const db = rulesDatabase();

test('signed-in users read the catalogue; only admins write it', async () => {
  expect(await db.read('movescore-groups/g1', alice)).toBe(200);
  expect(await db.read('movescore-groups/g1', null)).toBe(403);
  expect(await db.query('activities', alice)).toBe(200);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, admin)).toBe(200);
  expect(await db.read('movescore-groups/g1/movements/m1/perspectives/p1', alice)).toBe(404);
  // An activity needs its category, a movement or routine its activity (as the embedded gateway answers).
  expect(await db.create('activities/yoga', { name: 'Yoga', categoryId: 'calm' }, claimAdmin)).toBe(403);
  expect(await db.create('activity_categories/calm', { name: 'Calm' }, claimAdmin)).toBe(200);
  expect(await db.create('activities/yoga', { name: 'Yoga', categoryId: 'calm' }, claimAdmin)).toBe(200);
  expect(await db.create('routines/r1', { name: 'Flow', activityId: 'nowhere' }, claimAdmin)).toBe(403);
  expect(await db.create('routines/r1', { name: 'Flow', activityId: 'yoga' }, claimAdmin)).toBe(200);
});

test('everything else is denied, even to admins', async () => {
  expect(await db.create('secrets/s', { value: 1 }, admin)).toBe(403);
  expect(await db.read('secrets/s', alice)).toBe(403);
});
