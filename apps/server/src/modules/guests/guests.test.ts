import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { GuestAppViewSchema, PublicGuestAppSchema, WidgetAnalyticsSchema } from '@spotlist/contracts';
import { eq } from 'drizzle-orm';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { analyticsDaily } from '../../platform/db/schema/index.ts';
import { addItem, addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { ALL_FLAGS, business, setFlags } from '../../../test/widget-helpers.ts';

let t: TestApp;
let acme: LoggedIn;
let widgetId: number;
let publicId: string;
const place: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ config: { PUBLIC_URL: 'https://spotlist.example' } });
  acme = await business(t.app, ALL_FLAGS);
  const creator = await signup(t.app);
  place.a = await addPlace(t.app, creator.token, 'Viktualienmarkt', SPOTS.viktualienmarkt);
  place.b = await addPlace(t.app, creator.token, 'Deutsches Museum', SPOTS.deutschesMuseum);
  place.c = await addPlace(t.app, creator.token, 'Olympiapark', SPOTS.olympiapark);
  place.hidden = await addPlace(t.app, creator.token, 'Hidden', SPOTS.nymphenburg, { visibility: { id: 1 } });
  const w = await req(t.app, 'POST', '/api/widget/add', { token: acme.token, body: { name: 'Tips', languages: ['de', 'en'] } });
  widgetId = w.json().id;
  publicId = w.json().publicId;
  for (const p of [place.a, place.b]) await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId, placeId: p } });
});
afterAll(() => t.close());

const guest = async (body?: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/guest',
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json().guestKey as string;
};
const gcall = (method: 'GET' | 'POST' | 'DELETE', url: string, key?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(key ? { 'x-guest-key': key } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const event = (id: string, body: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/widget/${id}/event`,
    headers: { 'content-type': contentType },
    payload: JSON.stringify(body),
  });
const today = () => new Date().toISOString().slice(0, 10);
const analytics = async () => {
  const res = await req(t.app, 'GET', `/api/widget/analytics?widgetId=${widgetId}&from=${today()}&to=${today()}`, { token: acme.token });
  expect(res.statusCode, res.body).toBe(200);
  return WidgetAnalyticsSchema.parse(res.json());
};

describe('guests', () => {
  it('401 error.guest.key without a key or with an unknown one', async () => {
    for (const key of [undefined, 'short', 'A'.repeat(43)]) {
      const res = await gcall('GET', '/api/public/guest/likes', key);
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe('error.guest.key');
    }
    expect((await gcall('POST', '/api/public/guest/like', undefined, { placeId: place.a })).statusCode).toBe(401);
  });

  it("likes are kept apart: in no user's list, and another guest does not see them", async () => {
    const k1 = await guest({ widget: publicId });
    const k2 = await guest();
    expect(k1).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const liked = await gcall('POST', '/api/public/guest/like', k1, { placeId: place.a, widget: publicId });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json().placeIds).toEqual([place.a]);
    await gcall('POST', '/api/public/guest/like', k1, { placeId: place.c });
    // idempotent
    expect((await gcall('POST', '/api/public/guest/like', k1, { placeId: place.a })).json().placeIds).toEqual([place.a, place.c]);
    expect((await gcall('GET', '/api/public/guest/likes', k1)).json().placeIds).toEqual([place.a, place.c]);
    expect((await gcall('GET', '/api/public/guest/likes', k2)).json().placeIds).toEqual([]);
    // nothing in the business's (or anyone's) like list
    expect((await req(t.app, 'GET', '/api/like/default', { token: acme.token })).json().total).toBe(0);
    // a private place is not likable by guests
    const hidden = await gcall('POST', '/api/public/guest/like', k1, { placeId: place.hidden });
    expect(hidden.statusCode).toBe(404);
    // unlike
    expect((await gcall('DELETE', `/api/public/guest/like/${place.c}`, k1)).json().placeIds).toEqual([place.a]);
    expect((await gcall('DELETE', `/api/public/guest/like/${place.c}`, k2)).json().placeIds).toEqual([]);
  });

  it('portable likes: a claim moves them to the user default like list; a second user is refused; the same user may repeat', async () => {
    const key = await guest({ widget: publicId });
    await gcall('POST', '/api/public/guest/like', key, { placeId: place.a, widget: publicId });
    await gcall('POST', '/api/public/guest/like', key, { placeId: place.b, widget: publicId });
    const user = await signup(t.app);
    const claim = await req(t.app, 'POST', '/api/guest/claim', { token: user.token, body: { guestKey: key } });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toEqual({ moved: 2 });
    const likes = await req(t.app, 'GET', '/api/like/default', { token: user.token });
    expect(
      likes
        .json()
        .list.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([place.a, place.b].sort());
    expect((await gcall('GET', '/api/public/guest/likes', key)).json().placeIds).toEqual([]);
    // repeated by the same user: nothing more to move
    expect((await req(t.app, 'POST', '/api/guest/claim', { token: user.token, body: { guestKey: key } })).json()).toEqual({ moved: 0 });
    // another user cannot claim it
    const thief = await signup(t.app);
    const refused = await req(t.app, 'POST', '/api/guest/claim', { token: thief.token, body: { guestKey: key } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.guest.claimed');
    expect((await req(t.app, 'GET', '/api/like/default', { token: thief.token })).json().total).toBe(0);
    // unknown key; no login
    const unknown = await req(t.app, 'POST', '/api/guest/claim', { token: thief.token, body: { guestKey: 'B'.repeat(43) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().key).toBe('error.guest.key');
    expect((await req(t.app, 'POST', '/api/guest/claim', { body: { guestKey: key } })).statusCode).toBe(401);
  });
});

describe('widget analytics events', () => {
  it('counts views, opens, clicks and likes per day and POI; no cookie set; bad input refused', async () => {
    const before = await analytics();
    const v = await event(publicId, { event: 'view' });
    expect(v.statusCode, v.body).toBe(204);
    expect(v.headers['set-cookie']).toBeUndefined();
    // navigator.sendBeacon sends text/plain
    expect((await event(publicId, { event: 'view' }, 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    expect((await event(publicId, { event: 'open', placeId: place.a })).statusCode).toBe(204);
    expect((await event(publicId, { event: 'click', placeId: place.a })).statusCode).toBe(204);
    // a guest like from the widget counts as a like
    const key = await guest({ widget: publicId });
    await gcall('POST', '/api/public/guest/like', key, { placeId: place.b, widget: publicId });

    const a = await analytics();
    expect(a.totals.view - before.totals.view).toBe(2);
    expect(a.totals.open - before.totals.open).toBe(1);
    expect(a.totals.click - before.totals.click).toBe(1);
    expect(a.totals.like - before.totals.like).toBe(1);
    expect(a.days).toHaveLength(1);
    expect(a.days[0]).toMatchObject({ day: today(), ...a.totals });
    const poiA = a.pois.find((p) => p.placeId === place.a)!;
    expect(poiA).toMatchObject({ name: 'Viktualienmarkt', open: 1, click: 1 });

    for (const [id, body, status] of [
      [publicId, { event: 'hover' }, 400],
      [publicId, { event: 'open', placeId: place.c }, 404], // not a POI of the widget
      ['AAAAAAAAAAAAAAAA', { event: 'view' }, 404],
    ] as const) {
      const res = await event(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/public/widget/${publicId}/event`,
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    expect((await analytics()).totals).toEqual(a.totals);
  });

  it('counts nothing for a widget whose owner lost the flag of its version (404)', async () => {
    const owner = await business(t.app, { widgetv2activated: true });
    const w = await req(t.app, 'POST', '/api/widget/add', { token: owner.token, body: { name: 'Soon off' } });
    await req(t.app, 'POST', '/api/widgetpoi/add', { token: owner.token, body: { widgetId: w.json().id, placeId: place.a } });
    expect((await event(w.json().publicId, { event: 'view' })).statusCode).toBe(204);
    const counted = async () =>
      (await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.widgetId, w.json().id))).reduce((n, r) => n + r.count, 0);
    expect(await counted()).toBe(1);
    await setFlags(t.app, owner.user.id, { widgetv2activated: false, widgetv1activated: true });
    for (const body of [{ event: 'view' }, { event: 'open', placeId: place.a }]) {
      const res = await event(w.json().publicId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    // a guest's like from that widget is kept as a like, but not counted for the widget
    const key = await guest({ widget: w.json().publicId });
    expect((await gcall('POST', '/api/public/guest/like', key, { placeId: place.a, widget: w.json().publicId })).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    await setFlags(t.app, owner.user.id, { widgetv2activated: true });
    expect((await event(w.json().publicId, { event: 'view' })).statusCode).toBe(204);
    expect(await counted()).toBe(2);
  });
});

describe('guest app', () => {
  it('get-or-create, update with own widgets and lists, links with PUBLIC_URL', async () => {
    const first = GuestAppViewSchema.parse((await req(t.app, 'GET', '/api/guestapp', { token: acme.token })).json());
    const again = (await req(t.app, 'GET', '/api/guestapp', { token: acme.token })).json();
    expect(again.id).toBe(first.id);
    expect(first.links).toEqual([{ unit: null, url: `https://spotlist.example/g/${first.publicId}` }]);
    const listId = await addList(t.app, acme.token, 'Breakfast');
    await addItem(t.app, acme.token, listId, place.c);
    const res = await req(t.app, 'POST', '/api/guestapp', {
      token: acme.token,
      body: {
        welcome: { de: { title: 'Willkommen', text: 'Schön, dass Sie da sind' }, en: { title: 'Welcome' } },
        widgetIds: [widgetId],
        listIds: [listId],
        contact: { phone: '+49 89 123', email: 'front@hotel.example' },
        units: ['Room 101', 'Room 102', 'Room 101'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = GuestAppViewSchema.parse(res.json());
    expect(view).toMatchObject({ widgetIds: [widgetId], listIds: [listId], units: ['Room 101', 'Room 102'], revision: first.revision + 1 });
    expect(view.links[1]).toEqual({ unit: 'Room 101', url: `https://spotlist.example/g/${first.publicId}?u=Room%20101` });

    const pub = await t.app.inject({ method: 'GET', url: `/api/public/guest-app/${first.publicId}?lang=de` });
    expect(pub.statusCode, pub.body).toBe(200);
    const body = PublicGuestAppSchema.parse(pub.json());
    expect(body).toMatchObject({ language: 'de', title: 'Willkommen', contact: { phone: '+49 89 123' } });
    expect(body.widgets.map((w) => [w.publicId, w.language, w.pois.length])).toEqual([[publicId, 'de', 2]]);
    // the widget exactly as its visitors get it in that language
    expect(body.widgets[0]).toEqual((await t.app.inject({ method: 'GET', url: `/api/public/widget/${publicId}?lang=de` })).json());
    expect(body.lists).toEqual([expect.objectContaining({ name: 'Breakfast', pois: [expect.objectContaining({ placeId: place.c })] })]);
    const etag = pub.headers.etag as string;
    expect(etag).toBeTruthy();
    const notModified = await t.app.inject({
      method: 'GET',
      url: `/api/public/guest-app/${first.publicId}?lang=de`,
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    // a place of a guest-app list is likable by guests
    const key = await guest({ guestApp: first.publicId });
    expect((await gcall('POST', '/api/public/guest/like', key, { placeId: place.c })).statusCode).toBe(200);

    // without hasGuest the app is gone for guests
    await setFlags(t.app, acme.user.id, { hasGuest: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/guest-app/${first.publicId}` })).statusCode).toBe(404);
    await setFlags(t.app, acme.user.id, { hasGuest: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/guest-app/${first.publicId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/guest-app/AAAAAAAAAAAAAAAA' })).json().key).toBe(
      'error.guestapp.notfound',
    );
    // a deleted widget leaves the guest app
    const w2 = await req(t.app, 'POST', '/api/widget/add', { token: acme.token, body: { name: 'Short-lived' } });
    await req(t.app, 'POST', '/api/guestapp', { token: acme.token, body: { widgetIds: [widgetId, w2.json().id] } });
    await req(t.app, 'DELETE', `/api/widget/delete/${w2.json().id}`, { token: acme.token });
    expect((await req(t.app, 'GET', '/api/guestapp', { token: acme.token })).json().widgetIds).toEqual([widgetId]);
  });

  it('its widgets show a widget change at once and leave when switched off', async () => {
    const hotel = await business(t.app, { widgetv2activated: true, hasGuest: true });
    const w = (await req(t.app, 'POST', '/api/widget/add', { token: hotel.token, body: { name: 'Hotel tips', languages: ['en'] } })).json();
    const added = await req(t.app, 'POST', '/api/widgetpoi/add', { token: hotel.token, body: { widgetId: w.id, placeId: place.b } });
    const app = (await req(t.app, 'POST', '/api/guestapp', { token: hotel.token, body: { widgetIds: [w.id] } })).json();
    const guestWidgets = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/guest-app/${app.publicId}?lang=en` });
      expect(res.statusCode, res.body).toBe(200);
      return PublicGuestAppSchema.parse(res.json()).widgets;
    };
    expect((await guestWidgets())[0].pois.map((p) => p.name)).toEqual(['Deutsches Museum']);
    const poiId = added.json().pois[0].id;
    const texts = await req(t.app, 'POST', '/api/widgetpoi/texts', {
      token: hotel.token,
      body: { id: poiId, texts: { en: { name: 'The science museum' } } },
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect((await guestWidgets())[0].pois.map((p) => p.name)).toEqual(['The science museum']);
    await setFlags(t.app, hotel.user.id, { widgetv2activated: false });
    expect(await guestWidgets()).toEqual([]);
  });

  it('QR codes as PNG and SVG attachments', async () => {
    const png = await t.app.inject({
      method: 'GET',
      url: '/api/guestapp/qr?format=png&unit=Room%20101',
      headers: { 'x-auth-token': acme.token },
    });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="guest-app-Room-101.png"');
    expect(png.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const svg = await t.app.inject({ method: 'GET', url: '/api/guestapp/qr?format=svg', headers: { 'x-auth-token': acme.token } });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-disposition']).toBe('attachment; filename="guest-app.svg"');
    expect(svg.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/guestapp/qr?format=gif', headers: { 'x-auth-token': acme.token } })).statusCode,
    ).toBe(400);
  });

  it('a QR code is made once per room and format: asked again, the same bytes without drawing it anew', async () => {
    const ask = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': acme.token } });
    const first = await ask('/api/guestapp/qr?format=png&unit=Suite%207');
    expect(first.statusCode).toBe(200);
    const drawPng = vi.spyOn(QRCode, 'toBuffer');
    const drawSvg = vi.spyOn(QRCode, 'toString');
    try {
      for (let i = 0; i < 3; i++)
        expect((await ask('/api/guestapp/qr?format=png&unit=Suite%207')).rawPayload.equals(first.rawPayload)).toBe(true);
      expect(drawPng).not.toHaveBeenCalled();
      // another room is another code
      const other = await ask('/api/guestapp/qr?format=png&unit=Suite%208');
      expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
      expect(drawPng).toHaveBeenCalledTimes(1);
      expect(drawSvg).not.toHaveBeenCalled();
    } finally {
      drawPng.mockRestore();
      drawSvg.mockRestore();
    }
  });
});
