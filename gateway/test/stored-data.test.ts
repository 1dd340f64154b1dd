/**
 * What is stored stays within the contracts, against a real gateway: text that grows when
 * lowercased, oversized analyses, user sets past their cap or naming made-up ids. Refusals are
 * 4xx with nothing stored, and lists keep answering for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, COLLECTIONS, LIMITS, type TActivity, type TActivityCategory, type THistoryDetails, type TUser, type TUserPage } from '@movelab/shared';
import { openDatabase } from '../src/db/database.js';
import { DocumentStore } from '../src/db/documents.js';
import { grantAdmin } from '../src/embedded.js';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

type TSession = Awaited<ReturnType<typeof newUser>>;

let gw: TGateway;
let admin: TSession;
let category: TActivityCategory;

/** A second connection to the gateway's database, as a migration or an older version would write. */
function withStore<T>(work: (docs: DocumentStore) => T): T {
  const db = openDatabase(gw.dataDir);
  try {
    return work(new DocumentStore(db));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  gw = await startGateway({ AUTH_RATE_LIMIT: '1000' });
  admin = await newUser(gw.url, 'Admin');
  withStore((docs) => grantAdmin(docs.db, docs, admin.email));
  const created = await call<TActivityCategory>(gw.url, 'POST', '/api/activity_categories', { token: admin.token, body: { name: 'Strength' } });
  expect(created.status).toBe(200);
  category = created.body;
});
afterAll(() => gw.close());

const DOTTED_I = '\u0130';

describe('text that grows when lowercased', () => {
  it('stores a display name of 80 "İ" and every read of it answers', async () => {
    const user = await newUser(gw.url, 'Grower');
    const name = DOTTED_I.repeat(LIMITS.displayNameMax);
    expect(name.toLowerCase().length).toBe(160);
    const updated = await call<TUser>(gw.url, 'PATCH', `/api/users/${user.user.uid}`, { token: user.token, body: { displayName: name } });
    expect(updated.status).toBe(200);
    expect(updated.body.displayName).toBe(name);
    expect(updated.body.displayNameLowercase).toBe(name.toLowerCase());

    const read = await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body.displayName).toBe(name);
    const page = await call<TUserPage>(gw.url, 'GET', `/api/users?limit=100&name=${encodeURIComponent(DOTTED_I.repeat(3))}`, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.id)).toContain(user.user.uid);
    expect((await call(gw.url, 'GET', '/api/users?limit=100', { token: admin.token })).status).toBe(200);
  });

  it('refuses a display name past the limit and stores nothing', async () => {
    const user = await newUser(gw.url, 'Kept');
    const refused = await call(gw.url, 'PATCH', `/api/users/${user.user.uid}`, {
      token: user.token,
      body: { displayName: DOTTED_I.repeat(LIMITS.displayNameMax + 1) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(APP_ERRORS.badRequest);
    const read = await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(read.body.displayName).toBe('Kept');
  });

  it('lets an admin create an activity named with 120 "İ" and the activity list keeps working for everyone', async () => {
    const name = DOTTED_I.repeat(LIMITS.nameMax);
    const created = await call<TActivity>(gw.url, 'POST', '/api/activities', { token: admin.token, body: { name, categoryId: category.id } });
    expect(created.status).toBe(200);
    expect(created.body.nameLowercase).toBe(name.toLowerCase());
    const plain = await newUser(gw.url, 'Reader');
    const list = await call<TActivity[]>(gw.url, 'GET', '/api/activities', { token: plain.token });
    expect(list.status).toBe(200);
    expect(list.body.map((activity) => activity.id)).toContain(created.body.id);
    const renamed = await call<TActivity>(gw.url, 'PATCH', `/api/activities/${created.body.id}`, { token: admin.token, body: { name: `${name}x` } });
    expect(renamed.status).toBe(400);
    expect((await call<TActivity>(gw.url, 'GET', `/api/activities/${created.body.id}`, { token: plain.token })).body.name).toBe(name);
  });

  it('leaves a stored row that breaks its contract out of lists instead of failing them', async () => {
    const user = await newUser(gw.url, 'Neighbour');
    withStore((docs) => {
      const broken = { ...docs.get<TUser>(COLLECTIONS.users, user.user.uid)!, id: 'broken-row', displayNameLowercase: 'x'.repeat(1000) };
      docs.put(COLLECTIONS.users, broken);
      docs.put(COLLECTIONS.activities, { id: 'broken-activity', name: 'y'.repeat(500), nameLowercase: 'y'.repeat(500), categoryId: category.id });
    });
    const page = await call<TUserPage>(gw.url, 'GET', '/api/users?limit=100', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.id)).toContain(user.user.uid);
    expect(page.body.items.map((item) => item.id)).not.toContain('broken-row');
    const list = await call<TActivity[]>(gw.url, 'GET', '/api/activities', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.map((activity) => activity.id)).not.toContain('broken-activity');
  });
});

describe('video analysis size', () => {
  const base = { score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p' };
  const analysesOf = async (user: TSession) =>
    (await call<unknown[]>(gw.url, 'GET', `/api/users/${user.user.uid}/video_analysis?limit=200`, { token: user.token })).body;

  it('refuses too many reps, too much feedback and oversized extra fields, storing none of them', async () => {
    const user = await newUser(gw.url, 'Analyst');
    const attempts = [
      { ...base, reps: Array.from({ length: LIMITS.videoAnalysisRepsMax + 1 }, () => ({ score: 0.5 })) },
      { ...base, feedback: Array.from({ length: LIMITS.videoAnalysisFeedbackMax + 1 }, () => 'ok') },
      { ...base, feedback: ['z'.repeat(LIMITS.videoAnalysisFeedbackChars + 1)] },
      { ...base, notes: 'n'.repeat(LIMITS.videoAnalysisBytes) },
      { ...base, extra: Array.from({ length: 4000 }, (_, i) => ({ [`k${i}`]: i })) },
    ];
    for (const body of attempts) {
      const refused = await call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(APP_ERRORS.badRequest);
    }
    expect(await analysesOf(user)).toEqual([]);
  });

  it('stores an analysis at the caps', async () => {
    const user = await newUser(gw.url, 'Analyst');
    const body = {
      ...base,
      reps: Array.from({ length: LIMITS.videoAnalysisRepsMax }, () => ({ score: 0.5 })),
      feedback: Array.from({ length: LIMITS.videoAnalysisFeedbackMax }, () => 'f'.repeat(LIMITS.videoAnalysisFeedbackChars)),
      device: 'phone',
    };
    const stored = await call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body });
    expect(stored.status).toBe(200);
    expect(stored.body.device).toBe('phone');
    expect(await analysesOf(user)).toHaveLength(1);
  });

  it("refuses a result whose score or count disagrees with its own reps, and keeps one that agrees", async () => {
    const user = await newUser(gw.url, 'Boaster');
    const reps = [{ score: 0.2 }, { score: 0.4 }, { score: 0.3 }];
    const save = (body: object) => call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body });
    for (const body of [
      { ...base, score: 1, reps },
      { ...base, score: 0.3, repCount: 12, reps },
      { ...base, score: 0.9, reps: [] },
    ]) {
      const refused = await save(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(APP_ERRORS.badRequest);
    }
    expect(await analysesOf(user)).toEqual([]);
    expect((await save({ ...base, score: 0.3, repCount: 3, reps })).status).toBe(200);
    expect(await analysesOf(user)).toHaveLength(1);
  });

  it("stores and returns a result whose form was not judged: score null with its count and feedback, in its list and its history, never with its reps' scores", async () => {
    const user = await newUser(gw.url, 'Unseen');
    const save = (body: object) => call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body });
    const feedback = ['Form not judged: your knees and ankles were out of the picture in every rep: put the camera further away'];
    for (const body of [
      { ...base, score: null, repCount: 4, reps: [{ score: 1 }, { score: 1 }, { score: 1 }, { score: 1 }] },
      { ...base, score: 'not judged', repCount: 4 },
      { ...base, score: 1.5, repCount: 4 },
    ]) {
      const refused = await save(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(APP_ERRORS.badRequest);
    }
    const id = 'unseen-take-0001-analysis';
    const stored = await save({ ...base, id, score: null, repCount: 4, feedback });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ id, score: null, repCount: 4, feedback });
    expect(await analysesOf(user)).toEqual([expect.objectContaining({ id, score: null, repCount: 4 })]);
    const item = await call<THistoryDetails>(gw.url, 'GET', `/api/history/analysis/${id}`, { token: user.token });
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ item: { score: null, reps: 4 }, reps: [], feedback });
  });

  it('caps page sizes', async () => {
    const user = await newUser(gw.url, 'Pager');
    const over = await call(gw.url, 'GET', `/api/users/${user.user.uid}/video_analysis?limit=${LIMITS.videoAnalysisLoadMax + 1}`, {
      token: user.token,
    });
    expect(over.status).toBe(400);
    expect((await call(gw.url, 'GET', `/api/users?limit=${LIMITS.pageSizeMax + 1}`, { token: admin.token })).status).toBe(400);
  });
});

describe('user sets', () => {
  it('adds only existing activities and routines', async () => {
    const user = await newUser(gw.url, 'Setter');
    const madeUp = await call(gw.url, 'PUT', `/api/users/${user.user.uid}/activities/made-up-id`, { token: user.token });
    expect(madeUp.status).toBe(404);
    expect(madeUp.body.error.code).toBe(APP_ERRORS.notFound);
    const routine = await call(gw.url, 'PUT', `/api/users/${user.user.uid}/routine-subscriptions/made-up-id`, { token: user.token });
    expect(routine.status).toBe(404);
    const read = await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(read.body.activities).toEqual([]);
    expect(read.body.routineSubscriptions).toEqual([]);

    const activity = await call<TActivity>(gw.url, 'POST', '/api/activities', {
      token: admin.token,
      body: { name: 'Rowing', categoryId: category.id },
    });
    const added = await call<TUser>(gw.url, 'PUT', `/api/users/${user.user.uid}/activities/${activity.body.id}`, { token: user.token });
    expect(added.status).toBe(200);
    expect(added.body.activities).toEqual([activity.body.id]);
  });

  it(`caps a user's activities at ${LIMITS.userSetMax}`, async () => {
    const user = await newUser(gw.url, 'Collector');
    const ids = Array.from({ length: LIMITS.userSetMax + 1 }, (_, i) => `bulk-${i}`);
    withStore((docs) =>
      docs.transaction(() => {
        ids.forEach((id) => docs.put(COLLECTIONS.activities, { id, name: id, nameLowercase: id, categoryId: category.id }));
        const record = docs.get<TUser>(COLLECTIONS.users, user.user.uid)!;
        docs.put(COLLECTIONS.users, { ...record, activities: ids.slice(0, LIMITS.userSetMax) });
      }),
    );
    const target = `/api/users/${user.user.uid}/activities/${ids.at(-1)}`;
    const refused = await call(gw.url, 'PUT', target, { token: user.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(APP_ERRORS.limitReached);
    // Adding one already there is not growth.
    expect((await call(gw.url, 'PUT', `/api/users/${user.user.uid}/activities/${ids[0]}`, { token: user.token })).status).toBe(200);
    expect((await call(gw.url, 'DELETE', `/api/users/${user.user.uid}/activities/${ids[0]}`, { token: user.token })).status).toBe(200);
    const added = await call<TUser>(gw.url, 'PUT', target, { token: user.token });
    expect(added.status).toBe(200);
    expect(added.body.activities).toHaveLength(LIMITS.userSetMax);
  });
});
