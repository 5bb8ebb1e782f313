import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { haversineMeters } from '@spotlist/contracts';
import { documents, objectionableReports } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, loginAdmin, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { filesUnder, pngOf, upload } from '../../../test/document-helpers.ts';
import path from 'node:path';

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app);
  bob = await signup(t.app);
  admin = await loginAdmin(t.app);
});
afterAll(() => t.close());

describe('/api/place/ access and bad input', () => {
  it('401 without a token on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/place/new'],
      ['GET', '/api/place/list'],
      ['GET', '/api/place/1'],
      ['POST', '/api/place/add'],
      ['POST', '/api/place/update/1'],
      ['DELETE', '/api/place/delete/1'],
      ['POST', '/api/place/objectionable/1'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ key: 'error.auth.required' });
    }
  });

  it('400 with field keys for a bad place, and nothing is written', async () => {
    const before = (await req(t.app, 'GET', '/api/place/list?f.mine=true', { token: alice.token })).json().total;
    const cases: [unknown, { path: string; key: string }][] = [
      [
        { latitude: 48, longitude: 11 },
        { path: 'body.name', key: 'FORM.ERROR.REQUIRED' },
      ],
      [
        { name: '  ', latitude: 48, longitude: 11 },
        { path: 'body.name', key: 'FORM.ERROR.REQUIRED' },
      ],
      [
        { name: 'X', latitude: 91, longitude: 11 },
        { path: 'body.latitude', key: 'FORM.ERROR.MAX' },
      ],
      [
        { name: 'X', latitude: 48, longitude: -181 },
        { path: 'body.longitude', key: 'FORM.ERROR.MAX' },
      ],
      [
        { name: 'X', latitude: 48 },
        { path: 'body.longitude', key: 'FORM.ERROR.REQUIRED' },
      ],
      [
        { name: 'X', latitude: 48, longitude: 11, category: 'casino' },
        { path: 'body.category', key: 'FORM.ERROR.INVALID' },
      ],
      [
        { name: 'X', latitude: 48, longitude: 11, accessibility: ['lift'] },
        { path: 'body.accessibility.0', key: 'FORM.ERROR.INVALID' },
      ],
      [
        { name: 'X', latitude: 48, longitude: 11, website: 'javascript:alert(1)' },
        { path: 'body.website', key: 'FORM.ERROR.PATTERN' },
      ],
      [
        { name: 'X', latitude: 48, longitude: 11, visibility: { id: 3 } },
        { path: 'body.visibility.id', key: 'FORM.ERROR.VISIBILITY' },
      ],
      [
        { name: 'X', latitude: 48, longitude: 11, texts: { xx: { name: 'Y' } } },
        { path: 'body.texts', key: 'FORM.ERROR.INVALID' },
      ],
      [
        { name: 'X'.repeat(201), latitude: 48, longitude: 11 },
        { path: 'body.name', key: 'FORM.ERROR.MAXLENGTH' },
      ],
    ];
    for (const [body, field] of cases) {
      const res = await req(t.app, 'POST', '/api/place/add', { token: alice.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().key).toBe('error.validation');
      expect(res.json().fields, JSON.stringify(body)).toContainEqual(field);
    }
    expect((await req(t.app, 'GET', '/api/place/list?f.mine=true', { token: alice.token })).json().total).toBe(before);
  });

  it('400 naming the list-query parameter for a bad filter or sort', async () => {
    for (const [query, param] of [
      ['f.colour=red', 'querystring.f.colour'],
      ['f.near=north', 'querystring.f.near'],
      ['f.near=91;11', 'querystring.f.near'],
      ['f.radius=500', 'querystring.f.near'],
      ['f.near=48;11&f.radius=-5', 'querystring.f.radius'],
      ['f.near=48;11&f.radius=99999999', 'querystring.f.radius'],
      ['f.category=sight,casino', 'querystring.f.category'],
      ['f.accessibility=ramp', 'querystring.f.accessibility'],
      ['o.sort=price', 'querystring.o.sort'],
      ['p.s=0', 'querystring.p.s'],
    ]) {
      const res = await req(t.app, 'GET', `/api/place/list?${query}`, { token: alice.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ key: 'error.validation', fields: [{ path: param, key: 'FORM.ERROR.INVALID' }] });
    }
    expect((await req(t.app, 'GET', '/api/place/abc', { token: alice.token })).statusCode).toBe(400);
  });
});

describe('a place: add, read in the caller’s language, change, delete', () => {
  it('creator adds and changes it; texts follow app-language; answers carry the distance', async () => {
    const defaults = await req(t.app, 'POST', '/api/place/new', { token: alice.token });
    expect(defaults.json()).toMatchObject({ name: '', category: 'other', accessibility: [], visibility: { id: 255 } });
    const made = await req(t.app, 'POST', '/api/place/add', {
      token: alice.token,
      location: SPOTS.marienplatz,
      body: {
        name: 'Schloss Nymphenburg',
        description: 'Barocke Sommerresidenz',
        texts: { en: { name: 'Nymphenburg Palace', description: 'Baroque summer residence' }, fr: { name: '', description: null } },
        latitude: SPOTS.nymphenburg.lat,
        longitude: SPOTS.nymphenburg.lng,
        address: 'Schloß Nymphenburg 1, 80638 München',
        city: 'München',
        country: 'de',
        category: 'sight',
        website: 'www.schloss-nymphenburg.de',
        phone: '+49 89 179080',
        accessibility: ['accessible_toilet', 'accessible_toilet', 'accessible_parking'],
      },
    });
    expect(made.statusCode).toBe(200);
    const p = made.json();
    expect(p).toMatchObject({
      name: 'Nymphenburg Palace', // no app-language header: English
      texts: { en: { name: 'Nymphenburg Palace', description: 'Baroque summer residence' } },
      latitude: SPOTS.nymphenburg.lat,
      country: 'DE',
      website: 'https://www.schloss-nymphenburg.de',
      accessibility: ['accessible_toilet', 'accessible_parking'],
      source: 'manual',
      visibility: { id: 255 },
      creatorId: alice.user.id,
      editable: true,
      liked: false,
      needsLocation: false,
    });
    expect(p.texts.fr).toBeUndefined(); // empty translations are not kept
    expect(p.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, SPOTS.nymphenburg)));

    const en = (await req(t.app, 'GET', `/api/place/${p.id}`, { token: bob.token, language: 'en' })).json();
    expect(en).toMatchObject({ name: 'Nymphenburg Palace', description: 'Baroque summer residence', editable: false, distance: -1 });
    const es = (await req(t.app, 'GET', `/api/place/${p.id}`, { token: bob.token, language: 'es' })).json();
    expect(es.name).toBe('Schloss Nymphenburg'); // no Spanish text: the place's own

    const upd = await req(t.app, 'POST', `/api/place/update/${p.id}`, { token: alice.token, body: { phone: null, category: 'museum' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      phone: null,
      category: 'museum',
      name: 'Nymphenburg Palace',
      website: 'https://www.schloss-nymphenburg.de',
    });
    const de = (await req(t.app, 'GET', `/api/place/${p.id}`, { token: alice.token, language: 'de' })).json();
    expect(de).toMatchObject({ name: 'Schloss Nymphenburg', description: 'Barocke Sommerresidenz' });
    const half = await req(t.app, 'POST', `/api/place/update/${p.id}`, { token: alice.token, body: { latitude: 48 } });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toEqual([{ path: 'body.longitude', key: 'FORM.ERROR.REQUIRED' }]);

    expect((await req(t.app, 'DELETE', `/api/place/delete/${p.id}`, { token: alice.token })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', `/api/place/${p.id}`, { token: alice.token })).json()).toEqual({ key: 'error.place.notfound' });
  });

  it("user B reads A's public place but cannot change or delete it (403); an admin can", async () => {
    const id = await addPlace(t.app, alice.token, 'Alte Pinakothek', { lat: 48.1482, lng: 11.57 });
    const upd = await req(t.app, 'POST', `/api/place/update/${id}`, { token: bob.token, body: { name: 'Mine now' } });
    expect(upd.statusCode).toBe(403);
    expect(upd.json()).toEqual({ key: 'error.place.forbidden' });
    const del = await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: bob.token });
    expect(del.statusCode).toBe(403);
    expect((await req(t.app, 'GET', `/api/place/${id}`, { token: bob.token })).json().name).toBe('Alte Pinakothek');
    const byAdmin = await req(t.app, 'POST', `/api/place/update/${id}`, { token: admin, body: { description: 'Checked by an admin' } });
    expect(byAdmin.json()).toMatchObject({ description: 'Checked by an admin', editable: true, creatorId: alice.user.id });
    expect((await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: admin })).statusCode).toBe(200);
  });

  it("a private place is its creator's: B cannot read, find, change, delete or report it (404)", async () => {
    const id = await addPlace(t.app, alice.token, 'My secret garden', SPOTS.viktualienmarkt, { visibility: { id: 1 } });
    expect((await req(t.app, 'GET', `/api/place/${id}`, { token: alice.token })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/place/${id}`, undefined],
      ['POST', `/api/place/update/${id}`, { name: 'x' }],
      ['DELETE', `/api/place/delete/${id}`, undefined],
      ['POST', `/api/place/objectionable/${id}`, { reason: 'x' }],
    ] as const) {
      const res = await req(t.app, method, url, { token: bob.token, body });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ key: 'error.place.notfound' });
    }
    const found = (await req(t.app, 'GET', '/api/place/list?f.q=secret', { token: bob.token })).json();
    expect(found.total).toBe(0);
    expect((await req(t.app, 'GET', '/api/place/list?f.q=secret', { token: alice.token })).json().total).toBe(1);
    // friends (4), groups (32), followers (64) read like private until relations exist
    const friends = await addPlace(t.app, alice.token, 'Friends only', SPOTS.viktualienmarkt, { visibility: { id: 4 } });
    expect((await req(t.app, 'GET', `/api/place/${friends}`, { token: bob.token })).statusCode).toBe(404);
  });

  it('its creator cannot delete a place another user has in a list or likes (409); an admin can', async () => {
    const id = await addPlace(t.app, alice.token, 'Loved by Bob', SPOTS.viktualienmarkt);
    expect((await req(t.app, 'POST', '/api/like/create', { token: bob.token, body: { placeId: id } })).statusCode).toBe(200);
    const del = await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: alice.token });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ key: 'error.place.inuse' });
    expect((await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: admin })).statusCode).toBe(200);
    const likes = (await req(t.app, 'GET', '/api/like/default', { token: bob.token })).json();
    expect(likes.list.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('anyone who reads a place may report it (SPEC §7 objectionable/{id})', async () => {
    const id = await addPlace(t.app, alice.token, 'Dubious spot', SPOTS.viktualienmarkt);
    const res = await req(t.app, 'POST', `/api/place/objectionable/${id}`, { token: bob.token, body: { reason: 'spam' } });
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.database.db.select().from(objectionableReports).where(eq(objectionableReports.resourceId, id));
    expect(rows).toMatchObject([{ resource: 'place', reporterId: bob.user.id, reason: 'spam' }]);
    expect((await req(t.app, 'POST', '/api/place/objectionable/99999999', { token: bob.token })).statusCode).toBe(404);
  });
});

describe('place pictures in the place and with its deletion', () => {
  const picture = async (token: string, placeId: number, width: number) => {
    const res = await upload(t.app, token, { value: await pngOf(width, 20), filename: 'p.png' }, {}, `/api/place/${placeId}/picture`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; url: string; urlThumb240: string };
  };
  const ref = (d: { id: number; url: string; urlThumb240: string }) => ({ id: d.id, url: d.url, urlThumb240: d.urlThumb240 });
  const docRows = async (placeId: number) =>
    (await t.database.db.select().from(documents).where(eq(documents.entityId, placeId))).filter((d) => d.entityType === 'place');

  it('GET /api/place/{id} carries the pictures the caller may see; lists do not', async () => {
    const id = await addPlace(t.app, alice.token, 'Pictured square', SPOTS.marienplatz);
    expect((await req(t.app, 'GET', `/api/place/${id}`, { token: bob.token })).json().pictures).toEqual([]);
    const first = await picture(alice.token, id, 30);
    const second = await picture(admin, id, 40);
    const seen = (await req(t.app, 'GET', `/api/place/${id}`, { token: bob.token })).json();
    expect(seen.pictures).toEqual([ref(first), ref(second)]);
    expect((await req(t.app, 'GET', seen.pictures[0].urlThumb240)).statusCode).toBe(200);
    const listed = (await req(t.app, 'GET', '/api/place/list?f.q=pictured', { token: bob.token })).json();
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).not.toHaveProperty('pictures');

    // a private place's pictures are private to their uploader (an admin sees all)
    const hidden = await addPlace(t.app, alice.token, 'Pictured garden', SPOTS.nymphenburg, { visibility: { id: 1 } });
    const hers = await picture(alice.token, hidden, 30);
    const admins = await picture(admin, hidden, 40);
    expect((await req(t.app, 'GET', `/api/place/${hidden}`, { token: alice.token })).json().pictures).toEqual([ref(hers)]);
    expect((await req(t.app, 'GET', `/api/place/${hidden}`, { token: admin })).json().pictures).toEqual([ref(hers), ref(admins)]);
  });

  it('deleting a place deletes its pictures (anyone’s) and their files', async () => {
    const id = await addPlace(t.app, alice.token, 'Doomed corner', SPOTS.viktualienmarkt);
    const other = await addPlace(t.app, alice.token, 'Kept corner', SPOTS.viktualienmarkt);
    await picture(alice.token, id, 30);
    await picture(admin, id, 40);
    const kept = await picture(alice.token, other, 30);
    const rows = await docRows(id);
    expect(rows).toHaveLength(2);
    const keys = rows.flatMap((r) => [r.storageKey, r.thumbKey!]);
    const files = () => filesUnder(path.join(t.dataDir, 'files')).map((f) => path.basename(f));
    expect(files()).toEqual(expect.arrayContaining(keys));

    // refused (in use by another user): nothing goes
    expect((await req(t.app, 'POST', '/api/like/create', { token: bob.token, body: { placeId: id } })).statusCode).toBe(200);
    expect((await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: alice.token })).statusCode).toBe(409);
    expect(await docRows(id)).toHaveLength(2);
    expect(files()).toEqual(expect.arrayContaining(keys));

    expect((await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: admin })).statusCode).toBe(200);
    expect(await docRows(id)).toEqual([]);
    for (const k of keys) expect(files()).not.toContain(k);
    // the other place's picture stays
    expect((await req(t.app, 'GET', `/api/place/${other}`, { token: alice.token })).json().pictures).toEqual([ref(kept)]);
    expect((await req(t.app, 'GET', '/api/document/quota', { token: alice.token })).json().usedBytes).toBeGreaterThan(0);
  });
});

describe('GET /api/place/list: text, nearby, filters (SPEC §7 list query)', () => {
  let carol: LoggedIn;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    carol = await signup(t.app);
    const spots: [string, { lat: number; lng: number }, Record<string, unknown>][] = [
      ['Viktualienmarkt', SPOTS.viktualienmarkt, { category: 'market', accessibility: ['step_free', 'accessible_toilet'] }],
      [
        'Deutsches Museum',
        SPOTS.deutschesMuseum,
        { category: 'museum', accessibility: ['step_free', 'hearing_loop'], texts: { en: { name: 'German Museum' } } },
      ],
      ['Olympiapark', SPOTS.olympiapark, { category: 'park', accessibility: ['step_free'] }],
      ['Allianz Arena', SPOTS.allianzArena, { category: 'sport' }],
      ['Brandenburger Tor', SPOTS.berlinBrandenburgerTor, { category: 'sight', city: 'Berlin' }],
      ['Café München', { lat: 48.139, lng: 11.58 }, { category: 'cafe', address: 'Straße 1, München' }],
    ];
    for (const [name, at, extra] of spots) ids[name] = await addPlace(t.app, carol.token, `${name}`, at, extra);
  });
  const mine = (q: string, location?: { lat: number; lng: number }, language = 'de') =>
    req(t.app, 'GET', `/api/place/list?f.mine=true&${q}`, { token: carol.token, location, language }).then((r) => r.json());

  it('with the user-location header: nearest first, distances in metres', async () => {
    const res = await mine('', SPOTS.marienplatz);
    expect(res.list.map((p: { name: string }) => p.name)).toEqual([
      'Viktualienmarkt',
      'Café München',
      'Deutsches Museum',
      'Olympiapark',
      'Allianz Arena',
      'Brandenburger Tor',
    ]);
    for (const p of res.list) {
      expect(p.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, { lat: p.latitude, lng: p.longitude })));
    }
    const distances = res.list.map((p: { distance: number }) => p.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(res.list[5].distance).toBeGreaterThan(500_000); // Munich → Berlin
  });

  it('f.near and f.radius: only places within the radius, nearest first; o.sort=distance|desc reverses', async () => {
    const near = `${SPOTS.olympiapark.lat};${SPOTS.olympiapark.lng}`;
    const r = await mine(`f.near=${encodeURIComponent(near)}&f.radius=6000`, SPOTS.allianzArena);
    expect(r.list.map((p: { name: string }) => p.name)).toEqual(['Olympiapark', 'Café München', 'Viktualienmarkt', 'Deutsches Museum']);
    expect(r.list[0].distance).toBe(0);
    expect(r.total).toBe(4);
    const far = await mine(`f.near=${encodeURIComponent(near)}&o.sort=distance|desc`);
    expect(far.list[0].name).toBe('Brandenburger Tor');
    const small = await mine(`f.near=${encodeURIComponent(near)}&f.radius=100`);
    expect(small.list.map((p: { name: string }) => p.name)).toEqual(['Olympiapark']);
  });

  it('without a location: distance -1 (SPEC §5 "world"), sorted by name in the caller’s language', async () => {
    const r = await mine('', undefined, 'en');
    expect(r.list.every((p: { distance: number }) => p.distance === -1)).toBe(true);
    expect(r.list.map((p: { name: string }) => p.name)).toEqual([
      'Allianz Arena',
      'Brandenburger Tor',
      'Café München',
      'German Museum',
      'Olympiapark',
      'Viktualienmarkt',
    ]);
    const desc = await mine('o.sort=name|desc', undefined, 'de');
    expect(desc.list[0].name).toBe('Viktualienmarkt');
  });

  it('f.q ignores case and accents and searches every language, the address and the city', async () => {
    expect((await mine('f.q=MUNCHEN')).list.map((p: { name: string }) => p.name)).toEqual(['Café München']);
    expect((await mine('f.q=german')).list.map((p: { name: string }) => p.name)).toEqual(['Deutsches Museum']);
    expect((await mine('f.q=berlin')).total).toBe(1);
    expect((await mine('f.q=100%25')).total).toBe(0); // % is a character, not a wildcard
  });

  it('f.category (any of) and f.accessibility (all of)', async () => {
    expect((await mine('f.category=museum,park')).list.map((p: { name: string }) => p.name).sort()).toEqual([
      'Deutsches Museum',
      'Olympiapark',
    ]);
    expect((await mine('f.accessibility=step_free')).total).toBe(3);
    expect((await mine('f.accessibility=step_free,hearing_loop')).list.map((p: { name: string }) => p.name)).toEqual(['Deutsches Museum']);
  });

  it('pages: p.i, p.s and the total', async () => {
    const p0 = await mine('p.s=4&o.sort=name');
    const p1 = await mine('p.s=4&p.i=1&o.sort=name');
    const p9 = await mine('p.s=4&p.i=9&o.sort=name');
    expect([p0.list.length, p1.list.length, p9.list.length]).toEqual([4, 2, 0]);
    expect([p0.total, p1.total, p9.total]).toEqual([6, 6, 6]);
    expect(p1).toMatchObject({ pageIndex: 1, pageSize: 4 });
  });

  it('liked reflects the caller’s likes', async () => {
    await req(t.app, 'POST', '/api/like/create', { token: carol.token, body: { placeId: ids.Olympiapark, name: 'Sport' } });
    const r = await mine('f.category=park');
    expect(r.list[0]).toMatchObject({ name: 'Olympiapark', liked: true });
    const forBob = (await req(t.app, 'GET', `/api/place/${ids.Olympiapark}`, { token: bob.token })).json();
    expect(forBob.liked).toBe(false);
  });
});
