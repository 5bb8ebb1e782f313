import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AccountType,
  BloggerProfileUpdateSchema,
  BusinessProfileUpdateSchema,
  PrivateProfileUpdateSchema,
  UserSchema,
  type User,
} from '@spotlist/contracts';
import { buildTestApp, req, type TestApp } from '../../../../test/helpers.ts';
import { SPOTS } from '../../../../test/place-helpers.ts';
import { testConfig } from '../../../config.ts';
import { startServer } from '../../../server.ts';
import { places } from '../schema/index.ts';
import { DEMO_USERS, seedDemo } from './accounts.ts';
import { DEMO_BRAND_COLOR } from './pictures.ts';
import { DEMO_CITY, MUNICH_PLACES } from './places.ts';
import { DEMO_WIDGET_PLACES, DEMO_RAINY_DAY_PLACES } from './widgets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = async (accountType: number, app = t.app) => {
  const d = DEMO_USERS.find((u) => u.accountType === accountType)!;
  const res = await req(app, 'POST', '/api/login', { body: { email: d.email, password: d.password } });
  return res.json().authtoken as string;
};

/** The profile form's body for a user as the API answers it (what the web app's profile page saves unchanged). */
function profileBody(u: User): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: u.id,
    email: u.email,
    nickname: { value: u.nickname.value },
    accountType: { id: u.accountType.id },
    name: { ...u.name },
    description: u.description ?? '',
    homepageUrl: u.homepageUrl ?? '',
  };
  if (u.accountType.id === AccountType.business) {
    Object.assign(body, {
      industry2: u.industry2 && { id: u.industry2.id },
      street: u.street ?? '',
      streetnumber: u.streetnumber ?? '',
      zip: u.zip ?? '',
      city: u.cityPlace ?? u.city ?? '',
      country: u.country && { id: u.country.id, key: u.country.key, countrykey: u.country.countrykey },
      numberofrooms: u.numberofrooms,
      taxid: u.taxid,
      locationList: { list: (u.locationList?.list ?? []).map((l) => ({ ...l, visibility: { id: l.visibility.id } })) },
    });
  }
  if (u.accountType.id === AccountType.blogger) {
    Object.assign(body, { bloggertype: u.bloggertype ?? '', gender: u.gender ?? null, birthday: u.birthday ?? null });
  }
  return body;
}

/** Sentences of a description: an ordinal ("18. Jahrhundert") or "St." does not end one. */
const sentences = (text: string) =>
  text.replace(/\bSt\. /g, 'St ').match(/(?<!(?:^|\s)\d{1,2})[.!?]["“”]?(?=\s+["„]?[A-ZÄÖÜ]|$)/g)?.length ?? 0;

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
    expect(me).toMatchObject({
      widgetv1activated: true,
      widgetv2activated: true,
      hasGuest: true,
      overlayactivated: true,
      aiassistantactivated: true,
    });
    const widget = (await req(t.app, 'POST', '/api/widget/mine', { token: hotel, language: 'de' })).json();
    expect(widget.pois.map((p: { place: { name: string } }) => p.place.name)).toEqual(DEMO_WIDGET_PLACES);
    const visitor = (await req(t.app, 'GET', `/api/public/widget/${widget.publicId}?lang=de`)).json();
    expect(visitor).toMatchObject({ language: 'de', title: 'Unsere Tipps für München' });
    expect(visitor.pois).toHaveLength(DEMO_WIDGET_PLACES.length);
    // "My widgets" (v2) is not empty: a rainy-day widget of indoor places
    const v2 = (await req(t.app, 'GET', '/api/widget/v2', { token: hotel, language: 'de' })).json();
    expect(v2.list).toHaveLength(1);
    const rainy = (await req(t.app, 'GET', `/api/widget/${v2.list[0].id}`, { token: hotel, language: 'de' })).json();
    expect(rainy.pois.map((p: { place: { name: string } }) => p.place.name)).toEqual(DEMO_RAINY_DAY_PLACES);
    const guestApp = (await req(t.app, 'GET', '/api/guestapp', { token: hotel })).json();
    expect(guestApp.widgetIds).toEqual([widget.id, rainy.id]);
    // its inbox: Alex's answered enquiry, read on both sides (no badge on a first login)
    const inbox = (await req(t.app, 'GET', '/api/messageoverview/list', { token: hotel })).json();
    expect(inbox).toMatchObject({ total: 1, unreadTotal: 0, list: [{ category: { key: 'enquiry' }, others: [{ nickname: 'Alex' }] }] });
    expect(inbox.list[0].lastMessage.text).toMatch(/^Hello Alex, yes/);
    expect((await req(t.app, 'GET', '/api/messageoverview/unread', { token: alex })).json()).toEqual({ unread: 0, conversations: 0 });
  });

  it('local names, two sentences in German and English, addresses that do not repeat the city', () => {
    const names = MUNICH_PLACES.map((p) => p.name);
    for (const local of [
      'Deutsches Museum',
      'Frauenkirche',
      'Hofgarten',
      'Viktualienmarkt',
      'Englischer Garten – Chinesischer Turm',
      'Isartor',
    ]) {
      expect(names).toContain(local);
    }
    // an English name only where English speakers use one
    for (const key of ['deutsches-museum', 'frauenkirche', 'hofgarten', 'viktualienmarkt', 'koenigsplatz', 'isartor']) {
      expect(MUNICH_PLACES.find((p) => p.key === key)!.en, key).toBeUndefined();
    }
    for (const p of MUNICH_PLACES) {
      expect(sentences(p.de), `${p.name}: ${p.de}`).toBe(2);
      expect(sentences(p.enText), `${p.name}: ${p.enText}`).toBe(2);
      expect(p.address.toLowerCase(), p.name).not.toContain(DEMO_CITY.toLowerCase());
      expect(p.address.toLowerCase(), p.name).not.toContain('munich');
      expect(p.address, p.name).not.toMatch(/\b8\d{4}\b/); // no postcode: the address is the street
    }
  });

  it('filled profiles that save unchanged (SPEC §5): a hospitality business in Germany with rooms, a blogger, a private user', async () => {
    const schemas = {
      [AccountType.business]: BusinessProfileUpdateSchema,
      [AccountType.blogger]: BloggerProfileUpdateSchema,
      [AccountType.private]: PrivateProfileUpdateSchema,
    };
    for (const d of DEMO_USERS) {
      const token = await login(d.accountType);
      const me = UserSchema.parse((await req(t.app, 'GET', '/api/session/user', { token })).json());
      expect(me).toMatchObject({ profileFilled: true, nickname: { value: d.nickname } });
      expect(me.description, d.email).toBeTruthy();
      expect(me.name.firstname && me.name.lastname, d.email).toBeTruthy();
      const body = profileBody(me);
      const parsed = schemas[d.accountType].safeParse(body);
      expect(parsed.error?.issues, d.email).toBeUndefined();
      const saved = await req(t.app, 'POST', '/api/myprofile/update', { token, body });
      expect(saved.statusCode, `${d.email}: ${saved.body}`).toBe(200);
    }
    const hotel = UserSchema.parse((await req(t.app, 'GET', '/api/session/user', { token: await login(AccountType.business) })).json());
    expect(hotel).toMatchObject({
      industry2: { id: 1, key: 'hospitality' },
      numberofrooms: 42,
      country: { id: 276, countrykey: 'DE' },
      city: 'München',
      cityPlace: { city: 'München', country: 'DE' },
      locationList: { list: [{ name: 'Hotel Isarblick', city: 'München', country: 'DE' }] },
    });
    const blogger = UserSchema.parse((await req(t.app, 'GET', '/api/session/user', { token: await login(AccountType.blogger) })).json());
    expect(blogger).toMatchObject({ bloggertype: expect.any(String), gender: 2, birthday: { value: '1991-05-14' } });
  });

  it('the demo places in the API: local names, an address and the city once', async () => {
    const token = await login(AccountType.private);
    const list = (await req(t.app, 'GET', '/api/place/list?f.q=museum&o.sort=name', { token, language: 'en' })).json();
    const museum = list.list.find((p: { name: string }) => p.name === 'Deutsches Museum');
    expect(museum).toMatchObject({ name: 'Deutsches Museum', address: 'Museumsinsel 1', city: 'München' });
  });
});

describe('demo data at npm start (the server seeds it with its file storage)', { timeout: 120_000 }, () => {
  let dataDir: string;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the business has a logo and a cover picture, shown in its profile, guest app and widget in its brand colour', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-seed-'));
    const running = await startServer(testConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', ADMIN_PASSWORD: 'seed-test-admin-1' }), () => {});
    try {
      expect(running.seeded).toEqual({ adminPassword: undefined, demo: true });
      const { app } = running;
      const token = await login(AccountType.business, app);
      const me = UserSchema.parse((await req(app, 'GET', '/api/session/user', { token })).json());
      expect(me.logodocument?.urlThumb240).toMatch(/^\/api\/document\/\d+\/thumb/);
      expect(me.picturedocument?.urlThumb240).toMatch(/^\/api\/document\/\d+\/thumb/);
      // files and thumbnails are served to anyone (public pictures), and are real images
      for (const url of [
        me.logodocument!.urlThumb240,
        me.picturedocument!.urlThumb240,
        me.logodocument!.urlThumb240.replace('/thumb', '/file'),
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width).toBeGreaterThan(0);
      }
      const guestApp = (await req(app, 'GET', '/api/guestapp', { token })).json();
      const publicApp = (await req(app, 'GET', `/api/public/guest-app/${guestApp.publicId}?lang=en`)).json();
      expect(publicApp).toMatchObject({ businessName: 'Hotel Isarblick', logoUrl: expect.stringMatching(/^\/api\/document\/\d+\/file/) });
      expect(publicApp.widgets[0].style.primaryColor).toBe(DEMO_BRAND_COLOR);
      // the blogger and the private user have their pictures too
      for (const type of [AccountType.blogger, AccountType.private]) {
        const user = (await req(app, 'GET', '/api/session/user', { token: await login(type, app) })).json();
        expect(user.picturedocument?.urlThumb240, String(type)).toBeTruthy();
      }
    } finally {
      await running.close();
    }
  });
});
