import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { shares } from '../src/platform/db/schema/index.ts';
import { buildTestApp, countQueries, req, signup, type LoggedIn, type TestApp } from './helpers.ts';
import { addItem, addList, addPlace, SPOTS } from './place-helpers.ts';

/**
 * GET /api/list/{id} from the response cache: an answer is keyed so it never reaches another
 * viewer, and whoever may not see the list still gets 403/404 whatever is cached.
 */
let t: TestApp;
let owner: LoggedIn;
let friend: LoggedIn;
let stranger: LoggedIn;
let listId: number;
let shareId: number;
beforeAll(async () => {
  t = await buildTestApp();
  [owner, friend, stranger] = [await signup(t.app), await signup(t.app), await signup(t.app)];
  listId = await addList(t.app, owner.token, 'Weekend in Munich');
  for (const [name, at] of Object.entries(SPOTS).slice(0, 3))
    await addItem(t.app, owner.token, listId, await addPlace(t.app, owner.token, name, at));
  const s = await req(t.app, 'POST', '/api/share', { token: owner.token, body: { listId, userIds: [friend.user.id] } });
  expect(s.statusCode, s.body).toBe(200);
  shareId = s.json().id;
});
afterAll(() => t.close());

const read = (who: LoggedIn | null) => req(t.app, 'GET', `/api/list/${listId}`, { token: who?.token });
/** Every order of the four viewers, each reading twice (the second read may be a cache hit). */
function* orders<T>(xs: T[]): Generator<T[]> {
  if (xs.length <= 1) return yield xs;
  for (let i = 0; i < xs.length; i++) for (const rest of orders([...xs.slice(0, i), ...xs.slice(i + 1)])) yield [xs[i], ...rest];
}

describe('list detail from the response cache', () => {
  it('owner, share recipient, stranger and anonymous, in every order, each get their own answer', async () => {
    const viewers = { owner, friend, stranger, anonymous: null } as const;
    const expected: Record<string, { status: number; editable?: boolean }> = {
      owner: { status: 200, editable: true },
      friend: { status: 200, editable: false },
      stranger: { status: 404 },
      anonymous: { status: 401 },
    };
    for (const order of orders(Object.keys(viewers) as (keyof typeof viewers)[])) {
      for (const name of [...order, ...order]) {
        const res = await read(viewers[name]);
        expect(res.statusCode, `${order.join(',')}: ${name}`).toBe(expected[name].status);
        if (res.statusCode === 200) {
          expect(res.json().editable, name).toBe(expected[name].editable);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
    }
  });

  it("the owner's second read is a hit; a change shows at once for the owner and the public", async () => {
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: owner.token, body: { visibility: { id: 255 } } });
    expect((await read(stranger)).json().name).toBe('Weekend in Munich');
    // a miss reads the database; the same read again does not
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: owner.token, body: { description: 'Three places' } });
    expect(await countQueries(t, () => read(owner))).toBeGreaterThan(0);
    expect(await countQueries(t, () => read(owner))).toBe(0);
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: owner.token, body: { name: 'Long weekend' } });
    expect((await read(owner)).json().name).toBe('Long weekend');
    expect((await read(stranger)).json().name).toBe('Long weekend');
    // private again: the stranger's cached copy is gone with it
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: owner.token, body: { visibility: { id: 1 } } });
    expect((await read(stranger)).statusCode).toBe(404);
  });

  it('a revoked or expired share ends the recipient’s access at once', async () => {
    expect((await read(friend)).statusCode).toBe(200);
    await t.database.db
      .update(shares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(shares.id, shareId));
    expect((await read(friend)).statusCode).toBe(404);
    await t.database.db.update(shares).set({ expiresAt: null }).where(eq(shares.id, shareId));
    expect((await read(friend)).statusCode).toBe(200);
    expect((await req(t.app, 'POST', '/api/share/revoke', { token: owner.token, body: { id: shareId } })).statusCode).toBe(200);
    expect((await read(friend)).statusCode).toBe(404);
  });
});
