/**
 * firestore.rules on a practice done together (Practise together), against the real rules engine:
 * a stat session keeps shared ZTogetherRecord (the group session and up to GROUP_MAX_PRACTISING - 1
 * others, each a uid and a name), within the schema's caps, and nothing else.
 */
import { expect, test } from '@playwright/test';
import { GROUP_MAX_PRACTISING, ZTogetherRecord } from '@movelab/shared';
import { alice, rulesDatabase, statSession } from './rules-database.js';

const db = rulesDatabase();

const at = '2026-01-02T03:04:05.000Z';
const people = (count: number) => Array.from({ length: count }, (_, i) => ({ uid: `friend-${i}`, name: `Friend ${i}` }));
const together = {
  groupId: 'grp-1',
  people: [
    { uid: 'ann', name: 'Ann' },
    { uid: 'bo', name: 'Bo' },
  ],
};
const most = GROUP_MAX_PRACTISING - 1;
/** Every other field of a session set, as a filmed practice of a routine saves it. */
const full = { activityId: 'a'.repeat(128), routineId: 'r'.repeat(128), score: 0.5, source: 'remote' };

test('a stat session keeps who else practised, up to the shared schema’s caps, and the owner reads it back', async () => {
  const valid = [
    together,
    { groupId: 'g'.repeat(128), people: people(most) },
    { groupId: 'g'.repeat(128), people: Array.from({ length: most }, (_, i) => ({ uid: `${i}`.repeat(128), name: 'N'.repeat(100) })) },
    { groupId: 'grp-3', people: [] },
  ];
  for (const [index, record] of valid.entries()) {
    expect(ZTogetherRecord.safeParse(record).success, 'the app accepts it too').toBe(true);
    expect(
      await db.create(`user_stat_sessions/tog-ok${index}`, statSession(at, { together: record, ...full }), alice),
      JSON.stringify(record).slice(0, 80),
    ).toBe(200);
  }
  expect(await db.read('user_stat_sessions/tog-ok0', alice)).toBe(200);
});

test('a together record outside the shared schema is refused', async () => {
  const invalid: unknown[] = [
    { ...together, people: people(most + 1) },
    { ...together, room: 'A' },
    { ...together, people: [{ uid: 'ann', name: 'Ann', email: 'ann@x.test' }] },
    { ...together, people: [{ uid: 'ann' }] },
    { ...together, people: [{ uid: '', name: 'Ann' }] },
    { ...together, people: [{ uid: 'ann', name: 'A'.repeat(101) }] },
    { ...together, people: ['ann'] },
    { ...together, groupId: 'g'.repeat(129) },
    { ...together, groupId: '' },
    { people: together.people },
    { groupId: 'grp-1' },
    { ...together, people: { 0: { uid: 'ann', name: 'Ann' } } },
    'grp-1',
    null,
  ];
  for (const [index, record] of invalid.entries()) {
    expect(ZTogetherRecord.safeParse(record).success, 'the app refuses it too').toBe(false);
    expect(
      await db.create(`user_stat_sessions/tog-bad${index}`, statSession(at, { together: record }), alice),
      JSON.stringify(record).slice(0, 80),
    ).toBe(403);
  }
});
