import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, ZSavedReference, type TMovement, type TPerspective } from '@movelab/shared';
import { buildReference, generateTake, scoreTake, takeCameraView } from '@movelab/shared/movescore/index';
import { openDatabase } from '../src/db/database.js';
import { DocumentStore } from '../src/db/documents.js';
import { demoPerspectives, demoReference } from '../src/seed.js';
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
    const perspective = (
      await call<TPerspective>(gw.url, 'GET', '/api/movescore-groups/squat/movements/bodyweight-squat/perspectives/front', { token })
    ).body;
    expect(perspective.reference).toBeDefined();
    const result = scoreTake(perspective.reference, generateTake({ movement: 'squat', reps: 3, yaw: 0.9, seed: 21 }));
    expect(result.repCount).toBe(3);
    expect(result.score).toBeGreaterThan(0.7);
  });

  it('scores a good knee push-up high under the demo knee push-up: its body line runs to the knees, not the raised feet', () => {
    // 23% with "Hips sag about 50°" while the knee push-up was scored as a push-up, whose body line runs to the ankles.
    const kneeling = scoreTake(demoReference('knee-pushup', 'side'), generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.3, seed: 5 }));
    expect(kneeling.repCount).toBe(3);
    expect(kneeling.score).toBeGreaterThan(0.9);
    expect(kneeling.feedback).toEqual(['Close to the reference: keep it up']);
    const onToes = scoreTake(demoReference('knee-pushup', 'side'), generateTake({ movement: 'pushup', reps: 3, yaw: 0.3, seed: 5 }));
    // At least 30 points lower, the issue's target for another variant (a generated push-up holds
    // its knees 12-18° above the hands, lower than real people's 12-33°: about 54% today).
    expect(onToes.score).toBeLessThanOrEqual(kneeling.score! - 0.3);
  });

  it('scores a lunge under the demo squat at least 30 points below its own lunge, from the side and at an angle, saying one knee drops where both knees are seen apart', () => {
    // 94-100% while the squat judged only the knee's depth and the trunk: a lunge bends the knee as deep.
    const views = new Set<string | null>();
    for (const [view, yaws] of [
      ['side', [0, 0.2, 0.4]],
      ['front', [0.7, 0.9]],
    ] as const) {
      for (const yaw of yaws) {
        const lunge = generateTake({ movement: 'lunge', reps: 5, yaw, seed: 17, noise: 0.008 });
        const own = scoreTake(demoReference('lunge', view), lunge);
        const underSquat = scoreTake(demoReference('squat', view), lunge);
        expect(underSquat.repCount, `${view} ${yaw}`).toBe(5);
        expect(underSquat.score, `${view} ${yaw}`).toBeLessThanOrEqual(own.score! - 0.3);
        // Side-on the knees overlap and the far one is a guess: the score falls, the cue is not said.
        const kneeCue = /One knee drops at the bottom where the reference keeps them level/;
        views.add(takeCameraView(lunge));
        if (takeCameraView(lunge) === 'side') expect(underSquat.feedback.join(' '), `${view} ${yaw}`).not.toMatch(kneeCue);
        else expect(underSquat.feedback.join(' '), `${view} ${yaw}`).toMatch(kneeCue);
      }
    }
    // Both sides of the rule were met: takes seen side-on and takes seen at an angle or facing.
    expect(views.has('side') && views.size > 1, [...views].join(', ')).toBe(true);
    // A good squat keeps its score under the demo squat: its knees stay level.
    expect(
      scoreTake(demoReference('squat', 'front'), generateTake({ movement: 'squat', reps: 3, yaw: 0.9, seed: 21, noise: 0.008 })).score,
    ).toBeGreaterThan(0.9);
  });

  it('gives every demo perspective a reference an admin could save (well formed, no fault of its movement shown)', () => {
    const demos = demoPerspectives();
    expect(demos.length).toBeGreaterThanOrEqual(5);
    for (const { motion, view } of demos) {
      const checked = ZSavedReference.safeParse(demoReference(motion, view));
      expect(checked.error?.issues[0]?.message, `${motion}/${view}`).toBeUndefined();
    }
  });

  it('links the activity movements to a perspective that has a reference; the plank has none (a hold, no reps)', async () => {
    const squat = (await call<TMovement>(gw.url, 'GET', '/api/movements/squat', { token })).body;
    expect(squat.movescore).toEqual({ groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front' });
    const plank = (await call<TPerspective>(gw.url, 'GET', '/api/movescore-groups/plank/movements/forearm-plank/perspectives/side', { token })).body;
    expect(plank.reference).toBeUndefined();
  });
});

describe('upgrading the demo reference motions of an existing database at start', () => {
  const squat = '/api/movescore-groups/squat/movements/bodyweight-squat/perspectives';
  const parent = `${COLLECTIONS.movescoreGroups}/squat/${COLLECTIONS.groupMovements}/bodyweight-squat`;
  const readBoth = async (dataDir: string) => {
    const restarted = await startGateway({ SEED_DEMO: 'true', DATA_DIR: dataDir });
    try {
      const userToken = (await newUser(restarted.url)).token;
      const [front, side] = await Promise.all(
        ['front', 'side'].map(async (view) => (await call<TPerspective>(restarted.url, 'GET', `${squat}/${view}`, { token: userToken })).body),
      );
      return { front: front!, side: side! };
    } finally {
      await restarted.close();
    }
  };

  it("replaces a reference an earlier seed wrote with the current one, never an admin's own, and does it once", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-upgrade-'));
    try {
      await (await startGateway({ SEED_DEMO: 'true', DATA_DIR: dataDir })).close();
      // As an earlier version left it: the seed's own (older) reference on the front view, whose
      // fingerprint the seed kept; an admin's recording on the side view.
      const older = { ...demoReference('squat', 'front'), repCount: 4, minRepMs: 123 };
      const own = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 41 }), { kind: 'squat' });
      const db = openDatabase(dataDir);
      const docs = new DocumentStore(db);
      docs.put(COLLECTIONS.perspectives, { ...docs.get<TPerspective>(COLLECTIONS.perspectives, 'front', parent)!, reference: older }, parent);
      docs.put(COLLECTIONS.perspectives, { ...docs.get<TPerspective>(COLLECTIONS.perspectives, 'side', parent)!, reference: own }, parent);
      const fingerprint = createHash('sha256').update(JSON.stringify(older)).digest('hex').slice(0, 32);
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(`demo-reference:${parent}/front`, fingerprint);
      db.close();

      const first = await readBoth(dataDir);
      expect(first.front.reference).toEqual(demoReference('squat', 'front'));
      expect(first.front.kind).toBe('squat');
      expect(first.side.reference).toEqual(own);
      const again = await readBoth(dataDir);
      expect(again).toEqual(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('moves the demo knee push-up an earlier seed wrote as a push-up to its own kind, reference and kind together', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-upgrade-'));
    const kneeling = `${COLLECTIONS.movescoreGroups}/push-up/${COLLECTIONS.groupMovements}/knee-push-up`;
    try {
      await (await startGateway({ SEED_DEMO: 'true', DATA_DIR: dataDir })).close();
      // As the seed wrote it before the knee push-up had a kind of its own.
      const older = { ...demoReference('knee-pushup', 'side'), kind: 'push-up' as const };
      const db = openDatabase(dataDir);
      const docs = new DocumentStore(db);
      docs.put(
        COLLECTIONS.perspectives,
        { ...docs.get<TPerspective>(COLLECTIONS.perspectives, 'side', kneeling)!, kind: 'push-up', reference: older },
        kneeling,
      );
      const fingerprint = createHash('sha256').update(JSON.stringify(older)).digest('hex').slice(0, 32);
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(`demo-reference:${kneeling}/side`, fingerprint);
      db.close();

      const restarted = await startGateway({ SEED_DEMO: 'true', DATA_DIR: dataDir });
      try {
        const userToken = (await newUser(restarted.url)).token;
        const side = (
          await call<TPerspective>(restarted.url, 'GET', '/api/movescore-groups/push-up/movements/knee-push-up/perspectives/side', {
            token: userToken,
          })
        ).body;
        expect(side.kind).toBe('knee-push-up');
        expect(side.reference).toEqual(demoReference('knee-pushup', 'side'));
      } finally {
        await restarted.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
