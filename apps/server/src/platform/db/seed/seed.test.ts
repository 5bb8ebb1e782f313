import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { buildTestApp, req, type TestApp } from '../../../../test/helpers.ts';
import { SPOTS } from '../../../../test/place-helpers.ts';
import { places } from '../schema/index.ts';
import { DEMO_USERS, seedDemo } from './accounts.ts';
import { MUNICH_PLACES } from './places.ts';
import { DEMO_WIDGET_PLACES } from './widgets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = async (accountType: number) => {
  const d = DEMO_USERS.find((u) => u.accountType === accountType)!;
  const res = await req(t.app, 'POST', '/api/login', { body: { email: d.email, password: d.password } });
  return res.json().authtoken as string;
};

describe('demo data (an empty database only)', () => {
  it('Munich landmarks with real coordinates; likes and a list for the private user and the blogger', async () => {
    expect(MUNICH_PLACES.length).toBeGreaterThanOrEqual(30);
    for (const p of MUNICH_PLACES) {
      expect(p.lat, p.name).toBeGreaterThan(48.05);
      expect(p.lat, p.name).toBeLessThan(48.26);
      expect(p.lng, p.name).toBeGreaterThan(11.45);
      expect(p.lng, p.name).toBeLessThan(11.7);
    }
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false); // never twice
    const [{ n }] = await t.database.db.select({ n: count() }).from(places);
    expect(n).toBe(MUNICH_PLACES.length + 1);

    const alex = await login(1);
    const liked = (await req(t.app, 'GET', '/api/like/default', { token: alex, location: SPOTS.marienplatz })).json();
    expect(liked.total).toBe(8);
    expect(liked.list[0].name).toBe('Viktualienmarkt'); // nearest first
    const mine = (await req(t.app, 'GET', '/api/list/mine?f.kind=list', { token: alex })).json();
    expect(mine.list).toMatchObject([{ name: 'Sunday in Munich', visibility: { id: 1 }, itemCount: 5 }]);
    const sunday = (await req(t.app, 'GET', `/api/list/${mine.list[0].id}`, { token: alex })).json();
    expect(sunday.items.list[4].place).toMatchObject({ needsLocation: true });

    const pub = (await req(t.app, 'GET', '/api/list/public', { token: alex })).json();
    expect(pub.list).toMatchObject([{ name: 'First day in Munich', owner: { nickname: 'Munich Foodie' }, itemCount: 8, editable: false }]);
    const foodie = await login(4);
    expect((await req(t.app, 'GET', '/api/like/default', { token: foodie })).json().total).toBe(10);
    const de = (await req(t.app, 'GET', '/api/place/list?f.q=nymphenburg&o.sort=name', { token: foodie, language: 'en' })).json();
    expect(de.list.map((p: { name: string }) => p.name)).toEqual(['Botanical Garden Munich-Nymphenburg', 'Nymphenburg Palace']);

    // the demo business: both widget flags, hasGuest, its v1 widget with Munich places, public
    const hotel = await login(2);
    const me = (await req(t.app, 'GET', '/api/session/user', { token: hotel })).json();
    expect(me).toMatchObject({ widgetv1activated: true, widgetv2activated: true, hasGuest: true });
    const widget = (await req(t.app, 'POST', '/api/widget/mine', { token: hotel, language: 'de' })).json();
    expect(widget.pois.map((p: { place: { name: string } }) => p.place.name)).toEqual(DEMO_WIDGET_PLACES);
    const visitor = (await req(t.app, 'GET', `/api/public/widget/${widget.publicId}?lang=de`)).json();
    expect(visitor).toMatchObject({ language: 'de', title: 'Unsere Tipps für München' });
    expect(visitor.pois).toHaveLength(DEMO_WIDGET_PLACES.length);
    const guestApp = (await req(t.app, 'GET', '/api/guestapp', { token: hotel })).json();
    expect(guestApp.widgetIds).toEqual([widget.id]);
  });
});
