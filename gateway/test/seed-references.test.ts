import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMovement, TPerspective } from '@movelab/shared';
import { generateTake, scoreTake } from '@movelab/shared/movescore/index';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
let token: string;
beforeAll(async () => {
  gw = await startGateway({ SEED_DEMO: 'true' });
  token = (await newUser(gw.url)).token;
});
afterAll(() => gw.close());

describe('demo reference motions', () => {
  it('gives the demo squat perspectives a reference that scores a good squat take high and counts its reps', async () => {
    const perspective = (await call<TPerspective>(gw.url, 'GET', '/api/movescore-groups/squat/movements/bodyweight-squat/perspectives/front', { token })).body;
    expect(perspective.reference).toBeDefined();
    const result = scoreTake(perspective.reference, generateTake({ movement: 'squat', reps: 3, yaw: 0.9, seed: 21 }));
    expect(result.repCount).toBe(3);
    expect(result.score).toBeGreaterThan(0.7);
  });

  it('links the activity movements to a perspective that has a reference; the plank has none (a hold, no reps)', async () => {
    const squat = (await call<TMovement>(gw.url, 'GET', '/api/movements/squat', { token })).body;
    expect(squat.movescore).toEqual({ groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front' });
    const plank = (await call<TPerspective>(gw.url, 'GET', '/api/movescore-groups/plank/movements/forearm-plank/perspectives/side', { token })).body;
    expect(plank.reference).toBeUndefined();
  });
});
