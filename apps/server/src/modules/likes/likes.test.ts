import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters, LikedPlaceSchema, listResponseSchema } from '@spotlist/contracts';
import { seedBenchPlaces, type SqlClient } from '../../platform/db/seed/bench.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app);
  bob = await signup(t.app);
  for (const [name, at] of [
    ['Viktualienmarkt', SPOTS.viktualienmarkt],
    ['Deutsches Museum', SPOTS.deutschesMuseum],
    ['Olympiapark', SPOTS.olympiapark],
    ['Allianz Arena', SPOTS.allianzArena],
  ] as const) {
    ids[name] = await addPlace(t.app, alice.token, name, at);
  }
});
afterAll(() => t.close());

const like = (token: string, placeId: number, name?: string) =>
  req(t.app, 'POST', '/api/like/create', { token, body: { placeId, ...(name !== undefined ? { name } : {}) } });
const likes = (token: string, name = 'default', query = '', location?: { lat: number; lng: number }) =>
  req(t.app, 'GET', `/api/like/${encodeURIComponent(name)}${query ? `?${query}` : ''}`, { token, location });

describe('likes: access and bad input', () => {
  it('401 without a token', async () => {
    expect((await req(t.app, 'GET', '/api/like/default')).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/like/create', { body: { placeId: 1 } })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/like/remove', { body: { placeId: 1 } })).statusCode).toBe(401);
  });

  it('400 with a key for a bad body or name; 404 for a place that does not exist', async () => {
    for (const [body, field] of [
      [{}, { path: 'body.placeId', key: 'FORM.ERROR.REQUIRED' }],
      [{ placeId: '1' }, { path: 'body.placeId', key: 'FORM.ERROR.REQUIRED' }],
      [{ placeId: 1.5 }, { path: 'body.placeId', key: 'hasId' }],
      [
        { placeId: 1, name: 'a/b' },
        { path: 'body.name', key: 'FORM.ERROR.PATTERN' },
      ],
      [
        { placeId: 1, name: '  ' },
        { path: 'body.name', key: 'FORM.ERROR.REQUIRED' },
      ],
      [
        { placeId: 1, name: 'x'.repeat(61) },
        { path: 'body.name', key: 'FORM.ERROR.MAXLENGTH' },
      ],
    ] as const) {
      const res = await req(t.app, 'POST', '/api/like/create', { token: alice.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toContainEqual(field);
    }
    const missing = await like(alice.token, 99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ key: 'error.place.notfound' });
    expect((await likes(alice.token, 'default', 'f.near=nowhere')).statusCode).toBe(400);
    expect((await likes(alice.token, 'default', 'o.sort=price')).statusCode).toBe(400);
    expect((await likes(alice.token, 'default', 'f.q=x')).statusCode).toBe(400);
  });
});

describe('likes: create, list with distance, remove', () => {
  it('the first like makes the default list; liking again changes nothing', async () => {
    const first = await like(bob.token, ids.Viktualienmarkt);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'default', placeId: ids.Viktualienmarkt });
    const again = await like(bob.token, ids.Viktualienmarkt, 'DEFAULT');
    expect(again.json()).toEqual(first.json());
    expect((await likes(bob.token)).json().total).toBe(1);
  });

  it('GET /api/like/default: nearest first with the user-location header, distances in metres', async () => {
    for (const name of ['Allianz Arena', 'Olympiapark', 'Deutsches Museum'])
      expect((await like(bob.token, ids[name])).statusCode).toBe(200);
    const res = await likes(bob.token, 'default', '', SPOTS.marienplatz);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 4, pageIndex: 0, pageSize: 100 });
    expect(body.list.map((p: { name: string }) => p.name)).toEqual(['Viktualienmarkt', 'Deutsches Museum', 'Olympiapark', 'Allianz Arena']);
    for (const p of body.list) {
      expect(p.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, { lat: p.latitude, lng: p.longitude })));
      expect(p).toMatchObject({ liked: true, note: '', editable: false });
      expect(typeof p.likedAt).toBe('string');
    }
  });

  it('the same answer compressed for clients that accept it (brotli or gzip), and a repeat is the same', async () => {
    const plain = await likes(bob.token, 'default', '', SPOTS.marienplatz);
    expect(plain.headers.vary).toBe('accept-encoding');
    const ask = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/like/default',
        headers: { 'x-auth-token': bob.token, 'user-location': `${SPOTS.marienplatz.lat};${SPOTS.marienplatz.lng}`, 'accept-encoding': encoding },
      });
    const br = await ask('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await ask('gzip, br')).rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('without a location: newest like first, distance -1; o.sort and f.near choose otherwise', async () => {
    const plain = (await likes(bob.token)).json();
    expect(plain.list.map((p: { name: string }) => p.name)).toEqual([
      'Deutsches Museum',
      'Olympiapark',
      'Allianz Arena',
      'Viktualienmarkt',
    ]);
    expect(plain.list.every((p: { distance: number }) => p.distance === -1)).toBe(true);
    const byName = (await likes(bob.token, 'default', 'o.sort=name', SPOTS.marienplatz)).json();
    expect(byName.list.map((p: { name: string }) => p.name)).toEqual([
      'Allianz Arena',
      'Deutsches Museum',
      'Olympiapark',
      'Viktualienmarkt',
    ]);
    const near = (
      await likes(bob.token, 'default', `f.near=${encodeURIComponent(`${SPOTS.allianzArena.lat};${SPOTS.allianzArena.lng}`)}`)
    ).json();
    expect(near.list[0]).toMatchObject({ name: 'Allianz Arena', distance: 0 });
    const far = (await likes(bob.token, 'default', 'o.sort=distance|desc', SPOTS.marienplatz)).json();
    expect(far.list[0].name).toBe('Allianz Arena');
  });

  it('pages: p.i and p.s with the total', async () => {
    const p0 = (await likes(bob.token, 'default', 'p.s=3', SPOTS.marienplatz)).json();
    const p1 = (await likes(bob.token, 'default', 'p.s=3&p.i=1', SPOTS.marienplatz)).json();
    const p5 = (await likes(bob.token, 'default', 'p.s=3&p.i=5', SPOTS.marienplatz)).json();
    expect([p0.list.length, p1.list.length, p5.list.length]).toEqual([3, 1, 0]);
    expect([p0.total, p1.total, p5.total]).toEqual([4, 4, 4]);
    expect(p1.list[0].name).toBe('Allianz Arena');
  });

  it('named like lists are separate, their names case-insensitive; each is a list of kind likes', async () => {
    expect((await like(bob.token, ids.Olympiapark, 'Sport')).json().name).toBe('Sport');
    expect((await like(bob.token, ids['Allianz Arena'], 'sport')).json().name).toBe('Sport');
    const sport = (await likes(bob.token, 'SPORT')).json();
    expect(sport.list.map((p: { name: string }) => p.name).sort()).toEqual(['Allianz Arena', 'Olympiapark']);
    expect((await likes(bob.token, 'nothing-here')).json()).toEqual({ list: [], total: 0, pageIndex: 0, pageSize: 100 });
    const mine = (await req(t.app, 'GET', '/api/list/mine?f.kind=likes&o.sort=name', { token: bob.token })).json();
    expect(mine.list.map((l: { name: string; kind: string; itemCount: number }) => [l.name, l.kind, l.itemCount])).toEqual([
      ['default', 'likes', 4],
      ['Sport', 'likes', 2],
    ]);
  });

  it('remove: gone from the list; removing again is 404 error.like.notfound', async () => {
    const res = await req(t.app, 'POST', '/api/like/remove', { token: bob.token, body: { placeId: ids.Olympiapark, name: 'Sport' } });
    expect(res.json()).toEqual({ ok: true });
    expect((await likes(bob.token, 'Sport')).json().total).toBe(1);
    const again = await req(t.app, 'POST', '/api/like/remove', { token: bob.token, body: { placeId: ids.Olympiapark, name: 'Sport' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ key: 'error.like.notfound' });
    const noList = await req(t.app, 'POST', '/api/like/remove', {
      token: bob.token,
      body: { placeId: ids.Olympiapark, name: 'Never made' },
    });
    expect(noList.statusCode).toBe(404);
  });

  it("user B never sees or changes A's likes; a private place of someone else cannot be liked", async () => {
    const carol = await signup(t.app);
    expect((await likes(carol.token)).json().total).toBe(0);
    const res = await req(t.app, 'POST', '/api/like/remove', { token: carol.token, body: { placeId: ids.Viktualienmarkt } });
    expect(res.statusCode).toBe(404);
    expect((await likes(bob.token)).json().total).toBe(4);
    const secret = await addPlace(t.app, alice.token, 'Private hideaway', SPOTS.marienplatz, { visibility: { id: 1 } });
    expect((await like(carol.token, secret)).statusCode).toBe(404);
    expect((await like(alice.token, secret)).statusCode).toBe(200);
  });
});

describe('GET /api/like/{name}: the body PostgreSQL writes', () => {
  it('has the contract’s shape and the same fields as the place answers, in every language', async () => {
    const erin = await signup(t.app);
    const rich = await addPlace(t.app, erin.token, 'Schloss Nymphenburg', SPOTS.nymphenburg, {
      description: 'Barocke Sommerresidenz',
      texts: { en: { name: 'Nymphenburg Palace', description: 'Baroque summer residence' }, de: { name: '' } },
      address: 'Schloß Nymphenburg 1',
      city: 'München',
      country: 'de',
      category: 'sight',
      website: 'https://www.schloss-nymphenburg.de',
      phone: '+49 89 179080',
      accessibility: ['accessible_toilet', 'accessible_parking'],
      visibility: { id: 1 },
      externalId: 'osm:node/123',
      source: 'osm',
    });
    const odd = await addPlace(t.app, alice.token, 'Odd "quotes" \\ and ünïcödé', { lat: -33.8567844, lng: 151.2152967 });
    for (const id of [rich, odd, ids.Olympiapark]) expect((await like(erin.token, id)).statusCode).toBe(200);
    await req(
      t.app,
      'POST',
      `/api/list/${(await like(erin.token, rich)).json().listId}/items/update/${(await like(erin.token, rich)).json().itemId}`,
      {
        token: erin.token,
        body: { note: 'Note with "quotes"\nand a line' },
      },
    );
    for (const [language, location] of [
      ['en', SPOTS.marienplatz],
      ['de', undefined],
      ['fr', SPOTS.nymphenburg],
    ] as const) {
      const res = await req(t.app, 'GET', '/api/like/default', { token: erin.token, language, location });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(listResponseSchema(LikedPlaceSchema.strict()).safeParse(body).success).toBe(true);
      expect(body).toMatchObject({ total: 3, pageIndex: 0, pageSize: 100 });
      for (const item of body.list) {
        const place = (await req(t.app, 'GET', `/api/place/${item.id}`, { token: erin.token, language, location })).json();
        const { texts: _texts, pictures: _pictures, ...view } = place;
        const { itemId, note, likedAt, ...rest } = item;
        expect(rest, `${language} ${place.name}`).toEqual(view);
        expect(typeof itemId).toBe('number');
        expect(likedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        if (item.id === rich) expect(note).toBe('Note with "quotes"\nand a line');
      }
    }
  });
});

describe('seedBenchPlaces (db/seed/bench.ts)', () => {
  it('bulk-creates places and 100 likes per user that GET /api/like/default answers, nearest first', async () => {
    const users = [await signup(t.app), await signup(t.app)];
    const client = (t.database.db as unknown as { $client: SqlClient }).$client;
    const out = await seedBenchPlaces(client, { places: 500, likers: users.map((u) => u.user.id), likesPerUser: 100 });
    expect(out.placeIds).toHaveLength(500);
    expect(out.likes).toBe(200);
    expect(out.likeListIds).toHaveLength(2);
    const res = (await likes(users[0].token, 'default', '', SPOTS.marienplatz)).json();
    expect(res.total).toBe(100);
    expect(res.list).toHaveLength(100);
    const d = res.list.map((p: { distance: number }) => p.distance);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(Math.max(...d)).toBeLessThanOrEqual(20_001);
    // the same options give the same data
    const again = await seedBenchPlaces(client, { places: 3, seed: 7 });
    const twice = await seedBenchPlaces(client, { places: 3, seed: 7 });
    const coords = async (idList: number[]) =>
      (await client.query('select latitude, longitude from places where id = any($1::int[]) order by id', [idList])).rows;
    expect(await coords(twice.placeIds)).toEqual(await coords(again.placeIds));
  });
});
