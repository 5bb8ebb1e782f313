import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicGuestAppSchema, PublicWidgetSchema } from '@spotlist/contracts';
import { buildTestApp, req, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { ALL_FLAGS, business, setFlags } from '../../../test/widget-helpers.ts';

let t: TestApp;
let hotel: LoggedIn;
let widget: string;
let guestApp: string;

const overlay = {
  name: 'Breakfast',
  format: 'bottomBar',
  where: { guestApp: true, widgetIds: [], urlPatterns: [] },
  trigger: { kind: 'load', delaySeconds: 0 },
  frequency: { kind: 'session' },
  schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
  fallback: [],
  language: 'en',
  content: { title: 'Breakfast', html: '<p>Until 11</p>', imageDocumentId: null, buttons: [] },
};

const widgetAnswer = async () => PublicWidgetSchema.parse((await req(t.app, 'GET', `/api/public/widget/${widget}`)).json());
const guestAnswer = async () => PublicGuestAppSchema.parse((await req(t.app, 'GET', `/api/public/guest-app/${guestApp}`)).json());

beforeAll(async () => {
  t = await buildTestApp();
  hotel = await business(t.app, ALL_FLAGS);
  const w = await req(t.app, 'POST', '/api/widget/add', {
    token: hotel.token,
    body: { name: 'Tips', texts: { en: { title: 'Our tips' } }, languages: ['en'] },
  });
  expect(w.statusCode, w.body).toBe(200);
  widget = w.json().publicId;
  const app = await req(t.app, 'POST', '/api/guestapp', { token: hotel.token, body: { enabled: true, widgetIds: [w.json().id] } });
  expect(app.statusCode, app.body).toBe(200);
  guestApp = app.json().publicId;
});
afterAll(() => t.close());

describe('overlaySite in the widget and guest app answers', () => {
  it('is null until the business has an overlay site, then its id while overlays are switched on', async () => {
    // no overlay yet: no site (and the answers are cached now)
    expect((await widgetAnswer()).overlaySite).toBeNull();
    expect((await guestAnswer()).overlaySite).toBeNull();

    const made = await req(t.app, 'POST', '/api/overlay', { token: hotel.token, body: overlay });
    expect(made.statusCode, made.body).toBe(200);
    const site = (await req(t.app, 'GET', '/api/overlays', { token: hotel.token })).json().publicId as string;
    expect(site).toMatch(/^[\w-]{8,32}$/);
    // the owner's write dropped the cached answers
    expect((await widgetAnswer()).overlaySite).toBe(site);
    const app = await guestAnswer();
    expect(app.overlaySite).toBe(site);
    expect(app.widgets.map((w) => w.overlaySite)).toEqual([site]);

    // the flag off: visitors' pages no longer ask for overlays
    await setFlags(t.app, hotel.user.id, { overlayactivated: false });
    expect((await widgetAnswer()).overlaySite).toBeNull();
    expect((await guestAnswer()).overlaySite).toBeNull();
    await setFlags(t.app, hotel.user.id, { overlayactivated: true });
    expect((await widgetAnswer()).overlaySite).toBe(site);
  });

  it("never names another business's site", async () => {
    const other = await business(t.app, ALL_FLAGS);
    const w = await req(t.app, 'POST', '/api/widget/add', {
      token: other.token,
      body: { name: 'Other', texts: { en: { title: 'Other tips' } }, languages: ['en'] },
    });
    const answer = PublicWidgetSchema.parse((await req(t.app, 'GET', `/api/public/widget/${w.json().publicId}`)).json());
    expect(answer.overlaySite).toBeNull();
  });
});
