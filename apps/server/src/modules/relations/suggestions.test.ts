import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, RelationType, type Suggestion } from '@spotlist/contracts';
import { userLocations, userRelations, users } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { suggestionsService } from './suggestions.service.ts';

let t: TestApp;
let author: LoggedIn;
const lisbon: number[] = [];
const munich: number[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  author = await signup(t.app);
  const around = (i: number) => ({ lat: 38.71 + i * 0.002, lng: -9.14 + i * 0.002 });
  for (let i = 0; i < 6; i++)
    lisbon.push(await addPlace(t.app, author.token, `Miradouro ${i}`, around(i), { city: 'Lisbon', country: 'PT' }));
  for (const [name, at] of Object.entries(SPOTS).slice(0, 4))
    munich.push(await addPlace(t.app, author.token, name, at, { city: 'Munich', country: 'DE' }));
});
afterAll(() => t.close());

const like = async (u: LoggedIn, ids: number[]) => {
  for (const placeId of ids)
    expect((await req(t.app, 'POST', '/api/like/create', { token: u.token, body: { placeId } })).statusCode).toBe(200);
};
const suggestions = async (u: LoggedIn, query = ''): Promise<Suggestion[]> => {
  const res = await req(t.app, 'GET', `/api/userrelation/suggestions${query}`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list;
};
const ids = (list: Suggestion[]) => list.map((s) => s.user.id);
const post = (u: LoggedIn, url: string, body?: unknown) => req(t.app, 'POST', url, { token: u.token, body });

describe('suggestions', () => {
  it('ranks by shared saved places, rarer places first, and says why in data', async () => {
    const me = await signup(t.app);
    const close = await signup(t.app);
    const far = await signup(t.app);
    await like(me, lisbon.slice(0, 3));
    await like(close, lisbon.slice(0, 3));
    await like(far, [lisbon[0]]);
    const list = await suggestions(me);
    expect(ids(list).slice(0, 2)).toEqual([close.user.id, far.user.id]);
    expect(list[0].reasons).toEqual([{ key: 'sharedPlaces', count: 3, city: 'Lisbon' }]);
    expect(list[0].sharedPlaces.map((p) => p.id).sort()).toEqual(lisbon.slice(0, 3).sort());
    expect(list[0].score).toBeGreaterThan(list[1].score);
    // the places that fewer people saved weigh more: lisbon[1], lisbon[2] come before lisbon[0]
    expect(list[0].sharedPlaces[2].id).toBe(lisbon[0]);
    // both ways
    expect(ids(await suggestions(close))).toContain(me.user.id);
  });

  it('never suggests me, a block either way, my no, my pending yes, a friend, an opted-out, locked or business account', async () => {
    const me = await signup(t.app);
    const people = await Promise.all(Array.from({ length: 8 }, () => signup(t.app)));
    const business = await signup(t.app, AccountType.business);
    const candidate = await signup(t.app);
    for (const u of [me, ...people, business, candidate]) await like(u, munich);
    const [blockedByMe, blockedMe, said, pending, friend, optedOut, locked] = people;
    await post(me, `/api/userrelation/block/${blockedByMe.user.id}`);
    await post(blockedMe, `/api/userrelation/block/${me.user.id}`);
    await post(me, `/api/userrelation/nomatch/${said.user.id}`);
    await post(me, `/api/userrelation/match/private/${pending.user.id}`);
    await post(me, `/api/userrelation/match/private/${friend.user.id}`);
    await post(friend, `/api/userrelation/match/private/${me.user.id}`);
    expect((await post(optedOut, '/api/userrelation/settings', { discoverable: false })).json()).toEqual({ discoverable: false });
    await t.database.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.user.id));
    const got = ids(await suggestions(me, '?size=50'));
    expect(got).toContain(candidate.user.id);
    expect(got).toContain(people[7].user.id);
    for (const excluded of [me, blockedByMe, blockedMe, said, pending, friend, optedOut, locked, business]) {
      expect(got, excluded.email).not.toContain(excluded.user.id);
    }
    // the one who waits for my answer still sees me (my yes is not revealed, I am not excluded for them)
    expect(ids(await suggestions(pending, '?size=50'))).toContain(me.user.id);
    // the blocked, both ways, never see me
    expect(ids(await suggestions(blockedByMe, '?size=50'))).not.toContain(me.user.id);
    expect(ids(await suggestions(blockedMe, '?size=50'))).not.toContain(me.user.id);
  });

  it('then friends of friends, then the same city', async () => {
    const me = await signup(t.app);
    const f1 = await signup(t.app);
    const f2 = await signup(t.app);
    const fof = await signup(t.app);
    const neighbour = await signup(t.app);
    for (const [a, b] of [
      [me, f1],
      [me, f2],
      [f1, fof],
      [f2, fof],
    ] as const) {
      await post(a, `/api/userrelation/match/private/${b.user.id}`);
      await post(b, `/api/userrelation/match/private/${a.user.id}`);
    }
    const town = `Ulm-${Date.now()}`;
    for (const u of [me, neighbour]) await t.database.db.update(users).set({ city: town }).where(eq(users.id, u.user.id));
    const list = await suggestions(me);
    expect(ids(list)).toEqual([fof.user.id, neighbour.user.id]);
    expect(list[0].reasons).toEqual([{ key: 'mutualFriends', count: 2 }]);
    expect(list[1].reasons).toEqual([{ key: 'sameCity', city: town }]);
  });

  it('trip-scoped: people who saved places in a city', async () => {
    const me = await signup(t.app);
    const traveller = await signup(t.app);
    const homebody = await signup(t.app);
    await like(traveller, lisbon.slice(3, 6));
    await like(homebody, munich.slice(0, 2));
    const list = await suggestions(me, '?city=lisbon');
    expect(ids(list)).toContain(traveller.user.id);
    expect(ids(list)).not.toContain(homebody.user.id);
    expect(list.find((s) => s.user.id === traveller.user.id)!.reasons).toContainEqual({ key: 'placesInCity', count: 3, city: 'lisbon' });
  });

  it('business ↔ blogger: businesses near the places a blogger saved, bloggers who saved places near a business', async () => {
    const blogger = await signup(t.app, AccountType.blogger);
    const hotel = await signup(t.app, AccountType.business);
    const farHotel = await signup(t.app, AccountType.business);
    await like(blogger, lisbon.slice(0, 2));
    const loc = (userId: number, lat: number, lng: number) => ({
      userId,
      position: 0,
      city: 'Lisbon',
      country: 'PT',
      latitude: lat,
      longitude: lng,
      placeid: `p${userId}`,
    });
    await t.database.db.insert(userLocations).values([loc(hotel.user.id, 38.711, -9.139), loc(farHotel.user.id, 41.15, -8.61)]);
    const forBlogger = await suggestions(blogger, '?kind=business');
    expect(ids(forBlogger)).toContain(hotel.user.id);
    expect(ids(forBlogger)).not.toContain(farHotel.user.id);
    const hit = forBlogger.find((s) => s.user.id === hotel.user.id)!;
    expect(hit.reasons).toEqual([{ key: 'nearPlaces', count: 2 }]);
    expect(hit.businessMatchPossible).toBe(true);
    expect(ids(await suggestions(hotel, '?kind=business'))).toContain(blogger.user.id);
    expect(ids(await suggestions(farHotel, '?kind=business'))).not.toContain(blogger.user.id);
  });
});

describe('suggestions: property', () => {
  it('for random relation graphs, never an excluded user', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => signup(t.app)));
    for (const u of people) await like(u, munich.slice(0, 2));
    const db = t.database.db;
    const svc = suggestionsService(db);
    const ids = people.map((p) => p.user.id);
    const pair = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })).filter(([a, b]) => a !== b);
    const edge = fc.tuple(
      pair,
      fc.constantFrom(RelationType.match, RelationType.nomatch, RelationType.friend, RelationType.follow, RelationType.block),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(edge, { maxLength: 14 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        async (edges, discoverable) => {
          await db.delete(userRelations).where(
            sql`${userRelations.userId} in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          );
          const rows = edges.flatMap(([[a, b], type]) => {
            const row = { userId: ids[a], relatedUserId: ids[b], type, categoryId: type <= RelationType.friend ? 1 : null };
            return type === RelationType.friend ? [row, { ...row, userId: ids[b], relatedUserId: ids[a] }] : [row];
          });
          if (rows.length > 0) await db.insert(userRelations).values(rows).onConflictDoNothing();
          for (let i = 0; i < 7; i++) await db.update(users).set({ discoverable: discoverable[i] }).where(eq(users.id, ids[i]));
          const has = (a: number, b: number, type: number) =>
            rows.some((r) => r.userId === ids[a] && r.relatedUserId === ids[b] && r.type === type);
          for (let me = 0; me < 7; me++) {
            const got = (
              await svc.suggest({ me: { id: ids[me], accountType: AccountType.private }, kind: 'people', size: 50, language: 'en' })
            ).map((s) => ids.indexOf(s.user.id));
            for (const other of got.filter((o) => o >= 0)) {
              const why = `${me} got ${other}: ${JSON.stringify(edges)} ${JSON.stringify(discoverable)}`;
              expect(other, why).not.toBe(me);
              expect(discoverable[other], why).toBe(true);
              for (const type of [RelationType.block, RelationType.nomatch, RelationType.match, RelationType.friend])
                expect(has(me, other, type), why).toBe(false);
              expect(has(other, me, RelationType.block), why).toBe(false);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
