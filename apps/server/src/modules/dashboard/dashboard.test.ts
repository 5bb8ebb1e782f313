import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, BusinessDashboardSchema, ErrorKey, type BusinessDashboard } from '@spotlist/contracts';
import { buildTestApp, countQueries, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { ALL_FLAGS, business } from '../../../test/widget-helpers.ts';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../lib/tokens.ts';
import { analyticsDaily, guestUsers } from '../../platform/db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const read = (token?: string, query = '') => req(t.app, 'GET', `/api/dashboard/business${query}`, { token });
async function dashboard(who: LoggedIn): Promise<BusinessDashboard> {
  const res = await read(who.token);
  expect(res.statusCode, res.body).toBe(200);
  return BusinessDashboardSchema.parse(res.json());
}
const event = (publicId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/widget/${publicId}/event`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
async function addWidget(who: LoggedIn, name: string, placeIds: number[]) {
  const made = await req(t.app, 'POST', '/api/widget/add', { token: who.token, body: { name } });
  expect(made.statusCode, made.body).toBe(200);
  for (const placeId of placeIds) {
    const poi = await req(t.app, 'POST', '/api/widgetpoi/add', { token: who.token, body: { widgetId: made.json().id, placeId } });
    expect(poi.statusCode, poi.body).toBe(200);
  }
  return made.json() as { id: number; publicId: string };
}
/** Counts of past days go straight into the table (the event route counts today only). */
const pastCounts = (widgetId: number, rows: [daysAgo: number, event: string, count: number][]) =>
  t.database.db.insert(analyticsDaily).values(rows.map(([ago, e, count]) => ({ day: dayAgo(ago), widgetId, placeId: 0, event: e, count })));

describe('GET /api/dashboard/business', () => {
  let acme: LoggedIn;
  let other: LoggedIn;
  let w1: { id: number; publicId: string };
  let w2: { id: number; publicId: string };
  let placeId: number;

  beforeAll(async () => {
    acme = await business(t.app, ALL_FLAGS);
    other = await business(t.app, ALL_FLAGS);
    placeId = await addPlace(t.app, acme.token, 'Viktualienmarkt', SPOTS.marienplatz);
    w1 = await addWidget(acme, 'Breakfast', [placeId]);
    w2 = await addWidget(acme, 'Afternoon', []);
    const theirs = await addWidget(other, 'Theirs', [placeId]);
    // today: 3 views and a click on w1, a view and a like on w2; the other business: 5 views
    for (let i = 0; i < 3; i++) expect((await event(w1.publicId, { event: 'view' })).statusCode).toBe(204);
    expect((await event(w1.publicId, { event: 'click', placeId })).statusCode).toBe(204);
    expect((await event(w2.publicId, { event: 'view' })).statusCode).toBe(204);
    expect((await event(w2.publicId, { event: 'like' })).statusCode).toBe(204);
    for (let i = 0; i < 5; i++) expect((await event(theirs.publicId, { event: 'view' })).statusCode).toBe(204);
    // earlier: this week (2 and 6 days ago), last week (7 and 13 days ago), and before the 14 days
    await pastCounts(w1.id, [
      [2, 'view', 10],
      [6, 'view', 4],
      [6, 'click', 2],
      [7, 'view', 8],
      [13, 'like', 3],
      [14, 'view', 100],
      [3, 'open', 50],
    ]);
    await pastCounts(w2.id, [[7, 'click', 1]]);
  });

  it('sums this week and last week over all widgets with 14 daily points, oldest first', async () => {
    const d = await dashboard(acme);
    expect(d.from).toBe(dayAgo(13));
    expect(d.to).toBe(dayAgo(0));
    expect(d.totals.view).toEqual({ thisWeek: 3 + 1 + 10 + 4, lastWeek: 8, days: [0, 0, 0, 0, 0, 0, 8, 4, 0, 0, 0, 10, 0, 4] });
    expect(d.totals.like).toEqual({ thisWeek: 1, lastWeek: 3, days: [3, ...new Array(12).fill(0), 1] });
    expect(d.totals.click).toEqual({ thisWeek: 1 + 2, lastWeek: 1, days: [0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 1] });
    expect(d.widgets).toEqual([
      { id: w2.id, name: 'Afternoon', version: 2, poiCount: 0, viewsThisWeek: 1 },
      { id: w1.id, name: 'Breakfast', version: 2, poiCount: 1, viewsThisWeek: 17 },
    ]);
  });

  it('shows each business only its own numbers', async () => {
    const d = await dashboard(other);
    expect(d.totals.view.thisWeek).toBe(5);
    expect(d.totals.like.thisWeek + d.totals.click.thisWeek + d.totals.view.lastWeek).toBe(0);
    expect(d.widgets.map((w) => w.name)).toEqual(['Theirs']);
  });

  it('401 without a token, 403 with a key for private users and bloggers, 400 for any query parameter', async () => {
    expect((await read()).statusCode).toBe(401);
    for (const type of [AccountType.private, AccountType.blogger]) {
      const u = await signup(t.app, type);
      const res = await read(u.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ key: ErrorKey.forbidden });
    }
    const bad = await read(acme.token, '?widgetId=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe(ErrorKey.validation);
  });

  it('the checklist follows the setup; features the account lacks stay false', async () => {
    const none = await business(t.app);
    expect((await dashboard(none)).checklist).toEqual({
      profileComplete: false,
      widgetCreated: false,
      poisAdded: false,
      embedded: false,
      guestAppEnabled: false,
    });
    expect((await dashboard(none)).guestApp).toEqual({ exists: false, enabled: false, guestsThisWeek: 0, accountsThisWeek: 0 });

    const b = await business(t.app, ALL_FLAGS);
    const profile = await req(t.app, 'POST', '/api/myprofile/update', {
      token: b.token,
      body: {
        email: b.email,
        nickname: { value: 'Hotel Isarblick' },
        accountType: { id: AccountType.business },
        industry2: { id: 2 },
        street: 'Erhardtstraße',
        streetnumber: '7',
        zip: '80469',
        city: {
          city: 'München',
          country: 'DE',
          latitude: 48.13743,
          longitude: 11.57549,
          placeid: 'geonames:2867714',
          visibility: { id: 255 },
        },
        country: { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await dashboard(b)).checklist.profileComplete).toBe(true);

    const w = await addWidget(b, 'Rooftop', []);
    expect((await dashboard(b)).checklist).toMatchObject({ widgetCreated: true, poisAdded: false, embedded: false });
    const poi = await req(t.app, 'POST', '/api/widgetpoi/add', { token: b.token, body: { widgetId: w.id, placeId } });
    expect(poi.statusCode, poi.body).toBe(200);
    expect((await dashboard(b)).checklist).toMatchObject({ poisAdded: true, embedded: false });
    expect((await event(w.publicId, { event: 'view' })).statusCode).toBe(204);
    // a visitor's view emits no event (a kept answer is at most 60 s old); the owner's next write drops it
    expect((await req(t.app, 'GET', '/api/guestapp', { token: b.token })).statusCode).toBe(200);
    expect((await req(t.app, 'POST', '/api/guestapp', { token: b.token, body: { enabled: true } })).statusCode).toBe(200);
    const after = await dashboard(b);
    expect(after.checklist).toMatchObject({ embedded: true, guestAppEnabled: true });
    expect(after.guestApp).toEqual({ exists: true, enabled: true, guestsThisWeek: 0, accountsThisWeek: 0 });
    expect((await req(t.app, 'POST', '/api/guestapp', { token: b.token, body: { enabled: false } })).statusCode).toBe(200);
    expect((await dashboard(b)).guestApp).toEqual({ exists: true, enabled: false, guestsThisWeek: 0, accountsThisWeek: 0 });
  });

  it("counts this week's guests of the business and the accounts made from them, nothing of other businesses' guests", async () => {
    const b = await business(t.app, ALL_FLAGS);
    const w = await addWidget(b, 'Lobby', [placeId]);
    const newGuest = async (from: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/guest',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(from),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().guestKey as string;
    };
    // two guests from its widget, one of them signs up and takes the likes along; one of another business
    const first = await newGuest({ widget: w.publicId });
    await newGuest({ widget: w.publicId });
    await newGuest({ widget: w2.publicId });
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/public/guest/like',
      headers: { 'content-type': 'application/json', 'x-guest-key': first },
      payload: JSON.stringify({ placeId, widget: w.publicId }),
    });
    expect(like.statusCode, like.body).toBe(200);
    const person = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/guest/claim', { token: person.token, body: { guestKey: first } })).json()).toEqual({ moved: 1 });
    // a guest last seen before this week counts no more
    const old = await newGuest({ widget: w.publicId });
    await t.database.db
      .update(guestUsers)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(guestUsers.keyHash, hashToken(old)));
    expect((await dashboard(b)).guestApp).toMatchObject({ guestsThisWeek: 2, accountsThisWeek: 1 });
    // without the guest app's flag: nothing
    const plain = await business(t.app, { widgetv2activated: true });
    expect((await dashboard(plain)).guestApp).toEqual({ exists: false, enabled: false, guestsThisWeek: 0, accountsThisWeek: 0 });
  });

  it('is read from the cache the second time, in three statements whatever the number of widgets', async () => {
    const fresh = await business(t.app, ALL_FLAGS);
    const first = await countQueries(t, () => dashboard(fresh));
    expect(first).toBeGreaterThan(0);
    expect(await countQueries(t, () => dashboard(fresh))).toBe(0);
    // acme has two widgets and analytics: the same number of statements (its own write drops its kept answer)
    expect((await req(t.app, 'POST', `/api/widget/update/${w1.id}`, { token: acme.token, body: { name: 'Breakfast' } })).statusCode).toBe(
      200,
    );
    expect(await countQueries(t, () => dashboard(acme))).toBe(first);
  });
});
