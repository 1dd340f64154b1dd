/**
 * The administration's counts against a real gateway: movementCount, perspectiveCount and the
 * group count stay equal to the children while creates and deletes race, and a group with
 * children goes only by cascading, with its whole tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, type TMovescoreGroup, type TMovescoreMovement } from '@movelab/shared';
import { openGatewayDb, startAdminGateway, stateDigest as digestOf, type TSession } from './admin-gateway.js';
import { call, type TGateway } from './helpers.js';

let gw: TGateway;
let admin: TSession;

beforeAll(async () => {
  ({ gw, admin } = await startAdminGateway());
});
afterAll(() => gw.close());

const openDb = () => openGatewayDb(gw);
const stateDigest = () => digestOf(gw);

const post = <T = any>(token: string, pathName: string, body: unknown) => call<T>(gw.url, 'POST', pathName, { token, body });
const get = <T = any>(token: string, pathName: string) => call<T>(gw.url, 'GET', pathName, { token });

describe('counts under concurrent writes', () => {
  it('keeps movementCount and perspectiveCount equal to the children while creates and deletes race', async () => {
    const token = admin.token;
    const group = (await post<TMovescoreGroup>(token, '/api/movescore-groups', { name: 'Race track' })).body;
    const base = `/api/movescore-groups/${group.id}`;
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post<TMovescoreMovement>(token, `${base}/movements`, { name: `Move ${i}` })),
    );
    expect(created.every((response) => response.status === 200)).toBe(true);
    expect((await get<TMovescoreGroup>(token, base)).body.movementCount).toBe(24);

    const doomed = created.slice(0, 10).map((response) => response.body.id);
    await Promise.all([
      ...doomed.map((id) => call(gw.url, 'DELETE', `${base}/movements/${id}`, { token })),
      ...Array.from({ length: 7 }, (_, i) => post(token, `${base}/movements`, { name: `Late ${i}` })),
    ]);
    const movements = (await get<TMovescoreMovement[]>(token, `${base}/movements`)).body;
    expect(movements).toHaveLength(21);
    expect((await get<TMovescoreGroup>(token, base)).body.movementCount).toBe(21);

    const host = movements[0]!.id;
    const perspectives = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(token, `${base}/movements/${host}/perspectives`, { name: `View ${i}` })),
    );
    await Promise.all([
      ...perspectives.slice(0, 5).map((response) => call(gw.url, 'DELETE', `${base}/movements/${host}/perspectives/${response.body.id}`, { token })),
      ...Array.from({ length: 3 }, (_, i) => post(token, `${base}/movements/${host}/perspectives`, { name: `Extra ${i}` })),
    ]);
    expect((await get(token, `${base}/movements/${host}/perspectives`)).body).toHaveLength(10);
    expect((await get<TMovescoreMovement>(token, `${base}/movements/${host}`)).body.perspectiveCount).toBe(10);
  });

  it('counts groups exactly while groups are created and deleted at once', async () => {
    const token = admin.token;
    const start = (await get(token, '/api/movescore-groups/count')).body.count as number;
    const first = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post<TMovescoreGroup>(token, '/api/movescore-groups', { name: `Batch ${i}` })),
    );
    await Promise.all([
      ...first.slice(0, 6).map((response) => call(gw.url, 'DELETE', `/api/movescore-groups/${response.body.id}`, { token })),
      ...Array.from({ length: 4 }, (_, i) => post(token, '/api/movescore-groups', { name: `Second ${i}` })),
    ]);
    expect((await get(token, '/api/movescore-groups/count')).body.count).toBe(start + 13);
    const listed = (await get<TMovescoreGroup[]>(token, '/api/movescore-groups?prefix=Batch')).body;
    expect(listed).toHaveLength(9);
  });

  it('refuses to delete a group with children unless cascading, and then removes the whole tree', async () => {
    const token = admin.token;
    const group = (await post<TMovescoreGroup>(token, '/api/movescore-groups', { name: 'Doomed' })).body;
    const base = `/api/movescore-groups/${group.id}`;
    const movement = (await post(token, `${base}/movements`, { name: 'Only' })).body;
    await post(token, `${base}/movements/${movement.id}/perspectives`, { name: 'Front' });
    const before = stateDigest();
    const blocked = await call(gw.url, 'DELETE', base, { token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe(APP_ERRORS.hasChildren);
    expect(stateDigest()).toBe(before);
    expect((await call(gw.url, 'DELETE', `${base}?children=cascade`, { token })).status).toBe(204);
    expect((await get(token, base)).status).toBe(404);
    expect((await get(token, `${base}/movements/${movement.id}/perspectives`)).status).toBe(404);
    const db = openDb();
    const left = db.prepare('SELECT COUNT(*) AS n FROM documents WHERE parent_path LIKE ?').get(`movescore-groups/${group.id}%`) as { n: number };
    db.close();
    expect(left.n).toBe(0);
  });
});
