import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WidgetAnalyticsSchema, WidgetDetailSchema, WidgetListSchema, WidgetSettingSchema } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { ALL_FLAGS, business, setFlags } from '../../../test/widget-helpers.ts';

let t: TestApp;
let acme: LoggedIn; // both widget flags and hasGuest
let other: LoggedIn; // another business with both flags
let v1only: LoggedIn;
let noflags: LoggedIn;
const place: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  acme = await business(t.app, ALL_FLAGS);
  other = await business(t.app, ALL_FLAGS);
  v1only = await business(t.app, { widgetv1activated: true });
  noflags = await business(t.app);
  const creator = await signup(t.app);
  place.marienplatz = await addPlace(t.app, creator.token, 'Marienplatz', SPOTS.marienplatz, {
    texts: { de: { name: 'Marienplatz DE', description: 'Platz' }, fr: { name: 'Place Marie' } },
    description: 'The square',
  });
  place.museum = await addPlace(t.app, creator.token, 'Deutsches Museum', SPOTS.deutschesMuseum);
  place.park = await addPlace(t.app, creator.token, 'Olympiapark', SPOTS.olympiapark);
  place.privateOne = await addPlace(t.app, creator.token, 'Secret garden', SPOTS.nymphenburg, { visibility: { id: 1 } });
});
afterAll(() => t.close());

const addWidget = async (token: string, body: Record<string, unknown> = { name: 'Tips' }) => {
  const res = await req(t.app, 'POST', '/api/widget/add', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return WidgetDetailSchema.parse(res.json());
};

describe('flag gating', () => {
  it('403 error.flag.missing without the flag, for v1, v2, shared and guest app routes', async () => {
    const w = await addWidget(acme.token);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/widget/v1'],
      ['GET', '/api/widget/v2'],
      ['GET', '/api/widget/all'],
      ['POST', '/api/widget/mine'],
      ['POST', '/api/widget/add', { name: 'x' }],
      ['GET', `/api/widget/${w.id}`],
      ['POST', `/api/widget/update/${w.id}`, { name: 'x' }],
      ['DELETE', `/api/widget/delete/${w.id}`],
      ['POST', '/api/widgetpoi/add', { widgetId: w.id, placeId: place.museum }],
      ['POST', '/api/widgetpoi/remove', { id: 1 }],
      ['POST', '/api/widgetpoi/reorder', { widgetId: w.id, poiIds: [] }],
      ['POST', '/api/widgetpoi/texts', { id: 1, texts: {} }],
      ['GET', '/api/widget/setting'],
      ['GET', '/api/widget/setting/colors'],
      ['POST', '/api/widget/setting/colors', { value: {} }],
      ['GET', `/api/widget/analytics?widgetId=${w.id}&from=2026-01-01&to=2026-01-02`],
      ['GET', '/api/guestapp'],
      ['POST', '/api/guestapp', {}],
      ['GET', '/api/guestapp/qr'],
    ];
    for (const [method, url, body] of calls) {
      const res = await req(t.app, method as 'GET', url, { token: noflags.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().key).toBe('error.flag.missing');
    }
    // the flag is checked before the body: a bad body without the flag is still a 403
    expect((await req(t.app, 'POST', '/api/widget/add', { token: noflags.token, body: { name: 5 } })).statusCode).toBe(403);
    // a private user is refused the same way; no token is a 401
    const priv = await signup(t.app);
    expect((await req(t.app, 'GET', '/api/widget/all', { token: priv.token })).statusCode).toBe(403);
    expect((await req(t.app, 'GET', '/api/widget/all')).statusCode).toBe(401);
  });

  it('a v1-only business uses the v1 routes, not the v2 ones nor v2 widgets; after the admin switches v2 on it may', async () => {
    const mine = await req(t.app, 'POST', '/api/widget/mine', { token: v1only.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().version).toBe(1);
    expect((await req(t.app, 'GET', '/api/widget/v1', { token: v1only.token })).json().total).toBe(1);
    expect((await req(t.app, 'GET', '/api/widget/all', { token: v1only.token })).json().total).toBe(1);
    expect((await req(t.app, 'GET', '/api/widget/v2', { token: v1only.token })).statusCode).toBe(403);
    expect((await req(t.app, 'GET', '/api/guestapp', { token: v1only.token })).statusCode).toBe(403);
    const add = await req(t.app, 'POST', '/api/widget/add', { token: v1only.token, body: { name: 'v2' } });
    expect(add.statusCode).toBe(403);
    await setFlags(t.app, v1only.user.id, { widgetv2activated: true });
    const v2 = await addWidget(v1only.token, { name: 'Now v2' });
    expect(v2.version).toBe(2);
    // switched off again: the v2 widget is out of reach, the v1 one still works
    await setFlags(t.app, v1only.user.id, { widgetv2activated: false });
    expect((await req(t.app, 'GET', `/api/widget/${v2.id}`, { token: v1only.token })).statusCode).toBe(403);
    expect((await req(t.app, 'GET', `/api/widget/${mine.json().id}`, { token: v1only.token })).statusCode).toBe(200);
    const all = await req(t.app, 'GET', '/api/widget/all', { token: v1only.token });
    expect(all.json().list.map((w: { version: number }) => w.version)).toEqual([1]);
  });
});

describe('widgets: CRUD, POIs, revision', () => {
  it("reading the v1 widget (POST /api/widget/mine) is no write: only the call that makes it tells the user's caches and tabs", async () => {
    const biz = await business(t.app, { widgetv1activated: true });
    const wrote: number[] = [];
    const off = t.app.events.on('user.wrote', ({ userId }) => void wrote.push(userId));
    try {
      expect((await req(t.app, 'POST', '/api/widget/mine', { token: biz.token })).statusCode).toBe(200);
      expect(wrote).toEqual([biz.user.id]);
      for (let i = 0; i < 3; i++) expect((await req(t.app, 'POST', '/api/widget/mine', { token: biz.token })).statusCode).toBe(200);
      // a page that reads it on every refresh would otherwise refresh itself for ever (realtime echo)
      expect(wrote).toEqual([biz.user.id]);
      // a real write still tells them
      const id = (await req(t.app, 'POST', '/api/widget/mine', { token: biz.token })).json().id;
      await req(t.app, 'POST', `/api/widget/update/${id}`, { token: biz.token, body: { name: 'Renamed' } });
      expect(wrote).toEqual([biz.user.id, biz.user.id]);
    } finally {
      off();
    }
  });

  it('the v1 widget is made once (get-or-create) and cannot be added again or deleted', async () => {
    const a = await req(t.app, 'POST', '/api/widget/mine', { token: acme.token });
    const b = await req(t.app, 'POST', '/api/widget/mine', { token: acme.token });
    expect(a.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(a.json().frameUrl).toMatch(new RegExp(`/w/${a.json().publicId}$`));
    expect(a.json().languages).toEqual(['en']);
    const again = await req(t.app, 'POST', '/api/widget/add', { token: acme.token, body: { name: 'x', version: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('error.widget.v1exists');
    const del = await req(t.app, 'DELETE', `/api/widget/delete/${a.json().id}`, { token: acme.token });
    expect(del.statusCode).toBe(409);
    expect(del.json().key).toBe('error.widget.v1delete');
  });

  it('creates, updates, lists and deletes a v2 widget; every change bumps the revision', async () => {
    const w = await addWidget(acme.token, {
      name: '  City tips ',
      texts: { de: { title: 'Tipps', intro: 'Unsere Empfehlungen' }, en: { title: 'Tips', intro: '' } },
      languages: ['de', 'en', 'de'],
      style: { primaryColor: '#112233', firstView: 'map' },
      allowedDomains: ['Hotel.example.com/', 'http://localhost:5174'],
    });
    expect(w).toMatchObject({
      name: 'City tips',
      version: 2,
      languages: ['de', 'en'],
      texts: { de: { title: 'Tipps', intro: 'Unsere Empfehlungen' }, en: { title: 'Tips' } },
      style: { primaryColor: '#112233', firstView: 'map' },
      allowedDomains: ['hotel.example.com', 'http://localhost:5174'],
      revision: 1,
      poiCount: 0,
      pois: [],
    });
    const up = await req(t.app, 'POST', `/api/widget/update/${w.id}`, { token: acme.token, body: { name: 'Renamed' } });
    expect(up.json()).toMatchObject({ name: 'Renamed', revision: 2, languages: ['de', 'en'] });
    const p1 = await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId: w.id, placeId: place.marienplatz } });
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json().revision).toBe(3);
    const p2 = await req(t.app, 'POST', '/api/widgetpoi/add', {
      token: acme.token,
      body: {
        widgetId: w.id,
        place: { name: 'Our café', latitude: 48.1, longitude: 11.5, category: 'cafe' },
        texts: { de: { name: 'Unser Café' } },
      },
    });
    expect(p2.statusCode, p2.body).toBe(200);
    const d = WidgetDetailSchema.parse(p2.json());
    expect(d.revision).toBe(4);
    expect(d.poiCount).toBe(2);
    expect(d.pois.map((p) => [p.position, p.place.name, p.texts, p.picture])).toEqual([
      [0, 'Marienplatz', {}, null],
      [1, 'Our café', { de: { name: 'Unser Café' } }, null],
    ]);
    // the new place is in the catalogue, made by the business
    const cafe = await req(t.app, 'GET', `/api/place/${d.pois[1].placeId}`, { token: acme.token });
    expect(cafe.json()).toMatchObject({ name: 'Our café', creatorId: acme.user.id, category: 'cafe' });

    const dup = await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId: w.id, placeId: place.marienplatz } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().key).toBe('error.widget.poi.duplicate');
    const hidden = await req(t.app, 'POST', '/api/widgetpoi/add', {
      token: acme.token,
      body: { widgetId: w.id, placeId: place.privateOne },
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().key).toBe('error.place.notfound');

    const texts = await req(t.app, 'POST', '/api/widgetpoi/texts', {
      token: acme.token,
      body: { id: d.pois[0].id, texts: { de: { name: 'Der Marienplatz', description: '' }, fr: { name: '  ' } } },
    });
    expect(texts.json().pois[0].texts).toEqual({ de: { name: 'Der Marienplatz' } });
    expect(texts.json().revision).toBe(5);

    const bad = await req(t.app, 'POST', '/api/widgetpoi/reorder', { token: acme.token, body: { widgetId: w.id, poiIds: [d.pois[0].id] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('error.widget.poi.reorder');
    const re = await req(t.app, 'POST', '/api/widgetpoi/reorder', {
      token: acme.token,
      body: { widgetId: w.id, poiIds: [d.pois[1].id, d.pois[0].id] },
    });
    expect(re.json().pois.map((p: { id: number; position: number }) => [p.id, p.position])).toEqual([
      [d.pois[1].id, 0],
      [d.pois[0].id, 1],
    ]);
    expect(re.json().revision).toBe(6);

    const rm = await req(t.app, 'POST', '/api/widgetpoi/remove', { token: acme.token, body: { id: d.pois[1].id } });
    expect(rm.json().pois.map((p: { position: number; placeId: number }) => [p.position, p.placeId])).toEqual([[0, place.marienplatz]]);
    expect(rm.json().revision).toBe(7);

    const list = WidgetListSchema.parse((await req(t.app, 'GET', '/api/widget/v2?f.q=renam', { token: acme.token })).json());
    expect(list.list.map((x) => x.id)).toEqual([w.id]);
    expect(list.list[0].poiCount).toBe(1);
    expect((await req(t.app, 'GET', '/api/widget/v2?f.nope=1', { token: acme.token })).statusCode).toBe(400);

    expect((await req(t.app, 'DELETE', `/api/widget/delete/${w.id}`, { token: acme.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', `/api/widget/${w.id}`, { token: acme.token })).statusCode).toBe(404);
  });

  it('refuses bad input with a key and changes nothing', async () => {
    const w = await addWidget(acme.token);
    for (const body of [
      { name: '' },
      { name: 'x', languages: ['xx'] },
      { name: 'x', allowedDomains: ['evil.com; script-src *'] },
      { name: 'x', style: { primaryColor: 'red' } },
      { name: 'x', texts: { zz: { title: 'a' } } },
    ]) {
      const res = await req(t.app, 'POST', `/api/widget/update/${w.id}`, { token: acme.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().key).toBe('error.validation');
    }
    const after = await req(t.app, 'GET', `/api/widget/${w.id}`, { token: acme.token });
    expect(after.json()).toMatchObject({ name: 'Tips', revision: 1 });
    expect((await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId: w.id } })).statusCode).toBe(400);
    expect(
      (await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId: w.id, placeId: 999999 } })).statusCode,
    ).toBe(404);
  });
});

describe('two-business isolation', () => {
  it("another business's widget and POI ids answer 404 and nothing changes", async () => {
    const w = await addWidget(acme.token, { name: 'Private to acme' });
    const withPoi = await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId: w.id, placeId: place.park } });
    const poiId = withPoi.json().pois[0].id as number;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/widget/${w.id}`],
      ['POST', `/api/widget/update/${w.id}`, { name: 'hijacked' }],
      ['DELETE', `/api/widget/delete/${w.id}`],
      ['POST', '/api/widgetpoi/add', { widgetId: w.id, placeId: place.museum }],
      ['POST', '/api/widgetpoi/remove', { id: poiId }],
      ['POST', '/api/widgetpoi/texts', { id: poiId, texts: { de: { name: 'x' } } }],
      ['POST', '/api/widgetpoi/reorder', { widgetId: w.id, poiIds: [poiId] }],
      ['GET', `/api/widget/analytics?widgetId=${w.id}&from=2026-01-01&to=2026-01-31`],
    ];
    for (const [method, url, body] of calls) {
      const res = await req(t.app, method as 'GET', url, { token: other.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().key).toMatch(/^error\.widget(poi)?\.notfound$/);
    }
    const list = await req(t.app, 'GET', '/api/widget/all', { token: other.token });
    expect(list.json().list.map((x: { id: number }) => x.id)).not.toContain(w.id);
    const after = await req(t.app, 'GET', `/api/widget/${w.id}`, { token: acme.token });
    expect(after.json()).toMatchObject({ name: 'Private to acme', revision: 2, poiCount: 1 });
    // guest app: another business's widgets and lists cannot be chosen
    const ga = await req(t.app, 'POST', '/api/guestapp', { token: other.token, body: { widgetIds: [w.id] } });
    expect(ga.statusCode).toBe(400);
    expect(ga.json().key).toBe('error.reference.notfound');
  });
});

describe('widget settings', () => {
  it('reads {} before any save, saves by name (case-insensitive), default without a name, refuses big values', async () => {
    const empty = await req(t.app, 'GET', '/api/widget/setting', { token: acme.token });
    expect(WidgetSettingSchema.parse(empty.json())).toEqual({ name: 'default', value: {}, updatedAt: null });
    const saved = await req(t.app, 'POST', '/api/widget/setting', { token: acme.token, body: { value: { pageSize: 10 } } });
    expect(saved.json()).toMatchObject({ name: 'default', value: { pageSize: 10 } });
    expect((await req(t.app, 'GET', '/api/widget/setting/default', { token: acme.token })).json().value).toEqual({ pageSize: 10 });
    await req(t.app, 'POST', '/api/widget/setting/Colors', { token: acme.token, body: { value: { a: 1 } } });
    await req(t.app, 'POST', '/api/widget/setting/colors', { token: acme.token, body: { value: { a: 2 } } });
    expect((await req(t.app, 'GET', '/api/widget/setting/COLORS', { token: acme.token })).json()).toMatchObject({
      name: 'Colors',
      value: { a: 2 },
    });
    // another business has its own
    expect((await req(t.app, 'GET', '/api/widget/setting/colors', { token: other.token })).json().value).toEqual({});
    const big = await req(t.app, 'POST', '/api/widget/setting/big', { token: acme.token, body: { value: { s: 'x'.repeat(20_000) } } });
    expect(big.statusCode).toBe(400);
    expect(big.json().key).toBe('error.widget.setting.toolarge');
    expect((await req(t.app, 'GET', '/api/widget/setting/bad%20name', { token: acme.token })).statusCode).toBe(400);
  });
});

describe('analytics query', () => {
  it('validates the date range (max 366 days, real dates, from ≤ to)', async () => {
    const w = await addWidget(acme.token);
    const q = (from: string, to: string) =>
      req(t.app, 'GET', `/api/widget/analytics?widgetId=${w.id}&from=${from}&to=${to}`, { token: acme.token });
    for (const [from, to] of [
      ['2026-02-01', '2026-01-01'],
      ['2026-02-30', '2026-03-01'],
      ['2025-01-01', '2026-01-02'],
    ]) {
      const res = await q(from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().key).toBe('error.analytics.range');
    }
    expect((await q('2026-1-1', '2026-01-02')).statusCode).toBe(400);
    const ok = await q('2025-01-01', '2026-01-01'); // 366 days
    expect(ok.statusCode).toBe(200);
    const a = WidgetAnalyticsSchema.parse(ok.json());
    expect(a.days).toHaveLength(366);
    expect(a.totals).toEqual({ view: 0, open: 0, like: 0, click: 0 });
  });
});
