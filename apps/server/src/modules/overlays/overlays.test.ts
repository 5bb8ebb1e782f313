import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { OVERLAY_URL_PATTERN_MAX, type OverlayCreateSchema, type OverlayView, type PublicOverlays } from '@spotlist/contracts';
import type { z } from 'zod';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { business, setFlags } from '../../../test/widget-helpers.ts';
import { pngOf, upload } from '../../../test/document-helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { XSS_CORPUS } from '../../../test/fixtures/xss-corpus.ts';
import { OVERLAY_LINK_SCHEMES, OVERLAY_TAGS } from './sanitize.ts';

let t: TestApp;
let hotel: LoggedIn; // overlayactivated, offers en, de, hr
let rival: LoggedIn; // overlayactivated, another business
let plain: LoggedIn; // a business without the flag
const lang: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const { rows } = (await t.database.db.execute(sql`select id, key from languages`)) as unknown as { rows: { id: number; key: string }[] };
  for (const r of rows) lang[r.key] = r.id;
  hotel = await business(t.app, { overlayactivated: true });
  rival = await business(t.app, { overlayactivated: true });
  plain = await business(t.app);
  for (const key of ['en', 'de', 'hr']) {
    const res = await req(t.app, 'POST', '/api/language/add', { token: hotel.token, body: { id: lang[key] } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

type CreateInput = z.input<typeof OverlayCreateSchema>;
const base = (over: Partial<CreateInput> = {}): CreateInput => ({
  name: 'Breakfast offer',
  format: 'bottomBar',
  where: { guestApp: true, widgetIds: [], urlPatterns: ['/rooms/*'] },
  trigger: { kind: 'load', delaySeconds: 2 },
  frequency: { kind: 'session' },
  schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
  fallback: ['de', 'en'],
  language: 'en',
  content: { title: 'Breakfast', html: '<p>Until <strong>11</strong></p>', imageDocumentId: null, buttons: [] },
  ...over,
});
/** The body of POST /api/overlay/update/all: the shared settings of `base` for overlay `id`. */
const settingsBody = (id: number, over: Partial<CreateInput> = {}) => {
  const { language: _language, content: _content, ...shared } = base(over);
  return { ...shared, id };
};
const call = (u: LoggedIn | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  req(t.app, method, url, { token: u?.token, body });
async function create(u: LoggedIn, over: Partial<CreateInput> = {}): Promise<OverlayView> {
  const res = await call(u, 'POST', '/api/overlay', base(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OverlayView;
}
const content = (title: string, html = `<p>${title}</p>`) => ({ title, html, imageDocumentId: null, buttons: [] });
const siteOf = async (u: LoggedIn) => (await call(u, 'GET', '/api/overlays')).json().publicId as string;
const visitor = async (publicId: string, q: string, headers: Record<string, string> = {}) =>
  req(t.app, 'GET', `/api/public/overlay/${publicId}?${q}`, { headers });

describe('overlay routes: access', () => {
  const routes: ['GET' | 'POST', string, unknown?][] = [
    ['GET', '/api/overlays'],
    ['GET', '/api/overlay/active'],
    ['POST', '/api/overlay', base()],
    ['GET', '/api/overlay?id=1&lang=en'],
    ['POST', '/api/overlay/savedraft?id=1&lang=en', content('x')],
    ['POST', '/api/overlay/publish?id=1&lang=en', content('x')],
    ['POST', '/api/overlay/delete?id=1&lang=en'],
    ['POST', '/api/overlay/update/all', settingsBody(1)],
    ['GET', '/api/overlay/allenabledlanguages'],
    ['GET', '/api/overlay/language?lang=en&isDraft=true'],
    ['GET', '/api/overlay/analytics?id=1&from=2026-11-01&to=2026-11-02'],
  ];

  it('401 without a login, 403 error.flag.missing without overlayactivated', async () => {
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      const res = await call(plain, method, url, body);
      expect([res.statusCode, res.json().key], url).toEqual([403, 'error.flag.missing']);
    }
  });

  it('another business’s overlay is a 404, like an unknown one, and nothing of it changes', async () => {
    const mine = await create(hotel, { name: 'Mine' });
    const before = (await call(hotel, 'GET', `/api/overlay?id=${mine.id}&lang=en`)).json();
    for (const [method, url, body] of [
      ['GET', `/api/overlay?id=${mine.id}&lang=en`],
      ['POST', `/api/overlay/savedraft?id=${mine.id}&lang=en`, content('Stolen')],
      ['POST', `/api/overlay/publish?id=${mine.id}&lang=en`, content('Stolen')],
      ['POST', `/api/overlay/delete?id=${mine.id}&lang=en`],
      ['POST', '/api/overlay/update/all', settingsBody(mine.id, { name: 'Stolen' })],
    ] as const) {
      const res = await call(rival, method, url, body);
      expect([res.statusCode, res.json().key], url).toEqual([404, 'error.overlay.notfound']);
    }
    expect((await call(rival, 'GET', '/api/overlays')).json().list.map((o: OverlayView) => o.id)).not.toContain(mine.id);
    expect((await call(hotel, 'GET', `/api/overlay?id=${mine.id}&lang=en`)).json()).toEqual(before);
    // a client that is not the caller's is not told apart from an unknown one
    expect((await call(rival, 'GET', `/api/overlay/allenabledlanguages?clientId=${rival.user.client.id + 100000}`)).statusCode).toBe(404);
  });
});

describe('overlay routes: drafts and publishing per language', () => {
  it('keeps a draft and a published version per language, and tells their state', async () => {
    const o = await create(hotel);
    expect(o.languages).toEqual([expect.objectContaining({ language: 'en', state: 'draft', publishedAt: null })]);
    // German published as sent: its draft equals it
    const de = await call(hotel, 'POST', `/api/overlay/publish?id=${o.id}&lang=de`, content('Frühstück'));
    expect(de.statusCode, de.body).toBe(200);
    expect(de.json()).toMatchObject({
      language: 'de',
      state: 'published',
      draft: { title: 'Frühstück' },
      published: { title: 'Frühstück' },
    });
    // a new draft of German: visitors still get the published one
    const draft = await call(hotel, 'POST', `/api/overlay/savedraft?id=${o.id}&lang=de`, content('Frühstück bis 11'));
    expect(draft.json()).toMatchObject({ state: 'changed', draft: { title: 'Frühstück bis 11' }, published: { title: 'Frühstück' } });
    const list = (await call(hotel, 'GET', '/api/overlays')).json().list as OverlayView[];
    expect(list.find((x) => x.id === o.id)!.languages.map((l) => [l.language, l.state])).toEqual([
      ['de', 'changed'],
      ['en', 'draft'],
    ]);
    const drafts = (await call(hotel, 'GET', '/api/overlay/language?lang=de&isDraft=true')).json().list;
    const published = (await call(hotel, 'GET', '/api/overlay/language?lang=de&isDraft=false')).json().list;
    expect(drafts.find((x: { id: number }) => x.id === o.id).content.title).toBe('Frühstück bis 11');
    expect(published.find((x: { id: number }) => x.id === o.id).content.title).toBe('Frühstück');
    // in English nothing is published: it is not in the published list
    expect(
      (await call(hotel, 'GET', '/api/overlay/language?lang=en&isDraft=false')).json().list.map((x: { id: number }) => x.id),
    ).not.toContain(o.id);
    expect((await call(hotel, 'GET', '/api/overlay/active')).json().list.map((x: OverlayView) => x.id)).toContain(o.id);
  });

  it('deleting a language keeps the others; the overlay goes with its last one', async () => {
    const o = await create(hotel);
    await call(hotel, 'POST', `/api/overlay/savedraft?id=${o.id}&lang=de`, content('Hallo'));
    expect((await call(hotel, 'POST', `/api/overlay/delete?id=${o.id}&lang=en`)).json()).toEqual({ ok: true, deleted: 'language' });
    expect((await call(hotel, 'GET', `/api/overlay?id=${o.id}&lang=en`)).statusCode).toBe(404);
    expect((await call(hotel, 'POST', `/api/overlay/delete?id=${o.id}&lang=de`)).json()).toEqual({ ok: true, deleted: 'overlay' });
    expect((await call(hotel, 'GET', '/api/overlays')).json().list.map((x: OverlayView) => x.id)).not.toContain(o.id);
  });

  it('answers the languages the business offers', async () => {
    const res = await call(hotel, 'GET', `/api/overlay/allenabledlanguages?clientId=${hotel.user.client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.json().languages].sort()).toEqual(['de', 'en', 'hr']);
  });
});

describe('overlay routes: bad input changes nothing', () => {
  it('400 with its key for a language not offered, a long URL pattern, a trigger out of range, a widget of another business, a bad schedule', async () => {
    const o = await create(hotel, { name: 'Kept as it is' });
    const before = JSON.stringify((await call(hotel, 'GET', '/api/overlays')).json());
    const widget = (await call(rival, 'POST', '/api/widget/add', { name: 'Theirs' })).json();
    const bad: [string, unknown, number, string][] = [
      [`/api/overlay/savedraft?id=${o.id}&lang=fr`, content('Bonjour'), 400, 'error.overlay.language.notoffered'],
      [`/api/overlay/publish?id=${o.id}&lang=fr`, content('Bonjour'), 400, 'error.overlay.language.notoffered'],
      ['/api/overlay', base({ language: 'fr' }), 400, 'error.overlay.language.notoffered'],
      ['/api/overlay', base({ fallback: ['fr'] }), 400, 'error.overlay.language.notoffered'],
      [
        '/api/overlay/update/all',
        settingsBody(o.id, { where: { guestApp: false, widgetIds: [], urlPatterns: [`/${'a'.repeat(OVERLAY_URL_PATTERN_MAX)}`] } }),
        400,
        'error.validation',
      ],
      ['/api/overlay/update/all', settingsBody(o.id, { trigger: { kind: 'scroll', percent: 101 } }), 400, 'error.validation'],
      ['/api/overlay/update/all', settingsBody(o.id, { trigger: { kind: 'load', delaySeconds: -1 } }), 400, 'error.validation'],
      [
        '/api/overlay/update/all',
        settingsBody(o.id, { where: { guestApp: false, widgetIds: [widget.id ?? 1], urlPatterns: [] } }),
        400,
        'error.overlay.widget',
      ],
      [
        '/api/overlay/update/all',
        settingsBody(o.id, { schedule: { from: null, until: null, timeZone: 'Mars/Olympus' } }),
        400,
        'error.overlay.timezone',
      ],
      [
        '/api/overlay/update/all',
        settingsBody(o.id, { schedule: { from: '2026-12-24T18:00', until: '2026-12-24T09:00', timeZone: 'Europe/Berlin' } }),
        400,
        'error.validation',
      ],
      [
        `/api/overlay/publish?id=${o.id}&lang=en`,
        { ...content('x'), buttons: [{ kind: 'url', label: 'Go', url: 'javascript:alert(1)' }] },
        400,
        'error.validation',
      ],
      [
        `/api/overlay/publish?id=${o.id}&lang=en`,
        { ...content('x'), buttons: [{ kind: 'message', label: 'Chat' }] },
        400,
        'error.overlay.button',
      ],
      [`/api/overlay/publish?id=${o.id}&lang=en`, { ...content('x'), imageDocumentId: 2147483647 }, 400, 'error.overlay.image'],
      [
        `/api/overlay/publish?id=${o.id}&lang=en`,
        { ...content('x'), buttons: [1, 2, 3].map(() => ({ kind: 'message', label: 'x' })) },
        400,
        'error.validation',
      ],
    ];
    for (const [url, body, status, key] of bad) {
      const res = await call(hotel, 'POST', url, body);
      expect([res.statusCode, res.json().key], `${url} ${JSON.stringify(body).slice(0, 120)}`).toEqual([status, key]);
    }
    expect(JSON.stringify((await call(hotel, 'GET', '/api/overlays')).json())).toBe(before);
  });
});

type Node = DefaultTreeAdapterMap['childNode'];
/** Every element of a fragment with its attributes, depth first. */
function elements(html: string): { tag: string; attrs: { name: string; value: string }[] }[] {
  const out: { tag: string; attrs: { name: string; value: string }[] }[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if ('tagName' in n) {
        out.push({ tag: n.tagName, attrs: n.attrs });
        walk(n.childNodes as Node[]);
      }
    }
  };
  walk(parseFragment(html).childNodes as Node[]);
  return out;
}

describe('overlay rich text: the XSS corpus through save and the public answer', () => {
  it(`stores and serves only the allow-list: ${XSS_CORPUS.length} payloads, 0 executable survivors`, async () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(200);
    const o = await create(hotel, { name: 'Corpus', where: { guestApp: true, widgetIds: [], urlPatterns: [] } });
    const allowedTags = new Set<string>(OVERLAY_TAGS);
    const survivors: string[] = [];
    let refused = 0;
    for (const [i, c] of XSS_CORPUS.entries()) {
      const res = await call(
        hotel,
        'POST',
        `/api/overlay/publish?id=${o.id}&lang=en`,
        content(`case ${i}`, `<p>before</p>${c.payload}<p>after</p>`),
      );
      if (c.payload.includes('\u0000')) {
        // a NUL is refused outright (400 with its key): nothing stored, nothing to serve
        expect([res.statusCode, res.json().key], c.payload).toEqual([400, 'error.validation']);
        refused++;
        continue;
      }
      expect(res.statusCode, c.payload).toBe(200);
      const stored = res.json().published.html as string;
      for (const el of elements(stored)) {
        const bad =
          !allowedTags.has(el.tag) ||
          el.attrs.some(
            (a) =>
              !(el.tag === 'a' && ['href', 'rel', 'target'].includes(a.name)) ||
              (a.name === 'href' && !OVERLAY_LINK_SCHEMES.some((s) => a.value.toLowerCase().startsWith(`${s}:`))),
          );
        if (bad) survivors.push(`${c.family}: ${c.payload} → ${stored}`);
      }
      if (/javascript:|vbscript:|data:text|<script|<svg|<iframe|<style|onerror=|onload=/i.test(stored.replace(/&[a-z]+;|&#\d+;/g, ''))) {
        // text that merely reads like code is harmless, but a tag or attribute of it is not: checked above
        if (elements(stored).some((e) => e.attrs.some((a) => /^on/i.test(a.name)))) survivors.push(`${c.family}: ${c.payload}`);
      }
    }
    expect(survivors).toEqual([]);
    expect(refused).toBeLessThan(XSS_CORPUS.length / 10);
    // what visitors get is what was stored
    const site = await siteOf(hotel);
    const served = (await visitor(site, 'lang=en&where=guest')).json() as PublicOverlays;
    const last = (await call(hotel, 'GET', `/api/overlay?id=${o.id}&lang=en`)).json();
    expect(served.overlays.find((x) => x.id === o.id)?.html).toBe(last.published.html);
    await call(hotel, 'POST', `/api/overlay/delete?id=${o.id}&lang=en`);
  });

  it('keeps what is allowed: headings, emphasis, lists and safe links with rel="noopener noreferrer"', async () => {
    const o = await create(hotel, { name: 'Allowed' });
    const html =
      '<h2>Spa</h2><p><b>New</b> <em>sauna</em></p><ul><li>one</li></ul><a href="https://hotel.example/spa" onclick="x()">Book</a> <a href="tel:+4989123">Call</a>';
    const res = await call(hotel, 'POST', `/api/overlay/publish?id=${o.id}&lang=en`, content('Spa', html));
    expect(res.json().published.html).toBe(
      '<h2>Spa</h2><p><strong>New</strong> <em>sauna</em></p><ul><li>one</li></ul><a href="https://hotel.example/spa" rel="noopener noreferrer" target="_blank">Book</a> <a href="tel:+4989123" rel="noopener noreferrer" target="_blank">Call</a>',
    );
  });
});

describe('the public answer', () => {
  it('shows the visitor’s language or the fallback chain, on the pages named, within its schedule; 404 for an unknown site', async () => {
    const o = await create(hotel, {
      name: 'Road closure',
      fallback: ['de', 'en'],
      where: { guestApp: false, widgetIds: [], urlPatterns: ['/rooms/*', 'hotel.example/spa'] },
    });
    await call(hotel, 'POST', `/api/overlay/publish?id=${o.id}&lang=de`, content('Straße gesperrt'));
    const site = await siteOf(hotel);
    const shown = async (q: string) => ((await visitor(site, q)).json() as PublicOverlays).overlays.filter((x) => x.id === o.id);
    // German published, English only a draft: a German visitor, and a Croatian one by the fallback chain, see German
    expect((await shown('lang=de&url=https://hotel.example/rooms/12'))[0]).toMatchObject({
      language: 'de',
      title: 'Straße gesperrt',
      format: 'bottomBar',
    });
    expect((await shown('lang=hr&url=https://hotel.example/rooms/12'))[0]?.language).toBe('de');
    expect(await shown('lang=de&url=https://hotel.example/spa/')).toHaveLength(1);
    // not on other pages, not in the guest app (not chosen there)
    expect(await shown('lang=de&url=https://hotel.example/')).toEqual([]);
    expect(await shown('lang=de&url=https://other.example/spa')).toEqual([]);
    expect(await shown('lang=de&where=guest')).toEqual([]);
    // English published: an English visitor gets it at once (the cached answer was dropped)
    await call(hotel, 'POST', `/api/overlay/publish?id=${o.id}&lang=en`, content('Road closed'));
    expect((await shown('lang=en&url=https://hotel.example/rooms/1'))[0]?.title).toBe('Road closed');
    // a schedule in the future: nothing now; one that ended: nothing
    const shared: Partial<CreateInput> = {
      name: 'Road closure',
      fallback: ['de', 'en'],
      where: { guestApp: false, widgetIds: [], urlPatterns: ['/rooms/*'] },
    };
    const schedule = (from: string | null, until: string | null) =>
      call(
        hotel,
        'POST',
        '/api/overlay/update/all',
        settingsBody(o.id, { ...shared, schedule: { from, until, timeZone: 'Europe/Berlin' } }),
      );
    const future = await schedule('2099-01-01T00:00', null);
    expect(future.statusCode, future.body).toBe(200);
    expect(await shown('lang=en&url=https://hotel.example/rooms/1')).toEqual([]);
    await schedule(null, '2020-01-01T00:00');
    expect(await shown('lang=en&url=https://hotel.example/rooms/1')).toEqual([]);
    await schedule('2020-01-01T00:00', '2099-01-01T00:00');
    expect(await shown('lang=en&url=https://hotel.example/rooms/1')).toHaveLength(1);
    expect((await visitor('unknown-site-id', 'lang=en')).statusCode).toBe(404);
    expect((await visitor('<script>', 'lang=en')).statusCode).toBe(404);
    // the page as the embed sends it (host and path, no scheme)
    expect(await shown('lang=en&url=hotel.example/rooms/1')).toHaveLength(1);
    // a page address over 4096 characters, or given twice: 400 with its key
    for (const q of [`lang=en&url=hotel.example/${'a'.repeat(4100)}`, 'lang=en&url=a&url=b', `where=${'w'.repeat(65)}`]) {
      const bad = await visitor(site, q);
      expect(bad.statusCode, q.slice(0, 40)).toBe(400);
      expect(bad.json()).toMatchObject({ key: 'error.validation' });
    }
  });

  it('answers 304 to its ETag, and nothing once the business loses the flag', async () => {
    const b = await business(t.app, { overlayactivated: true });
    const o = await create(b, { fallback: [], where: { guestApp: true, widgetIds: [], urlPatterns: [] } });
    await call(b, 'POST', `/api/overlay/publish?id=${o.id}&lang=${o.languages[0]!.language}`, content('Hello'));
    const site = await siteOf(b);
    const first = await visitor(site, 'where=guest');
    expect((first.json() as PublicOverlays).overlays).toHaveLength(1);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await visitor(site, 'where=guest', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await setFlags(t.app, b.user.id, { overlayactivated: false });
    expect((await visitor(site, 'where=guest')).json()).toEqual({ overlays: [] });
  });

  it('buttons lead to a public place, the business’s guest chat, or a link', async () => {
    const b = await business(t.app, { overlayactivated: true, hasGuest: true });
    expect((await call(b, 'GET', '/api/guestapp')).statusCode).toBe(200);
    const creator = await signup(t.app);
    const placeId = await addPlace(t.app, creator.token, 'Viktualienmarkt', SPOTS.marienplatz);
    const pic = await upload(t.app, b.token, { value: await pngOf(40, 20), filename: 'breakfast.png', contentType: 'image/png' });
    expect(pic.statusCode, pic.body).toBe(200);
    const o = await create(b, { fallback: [], where: { guestApp: true, widgetIds: [], urlPatterns: [] } });
    const res = await call(b, 'POST', `/api/overlay/publish?id=${o.id}&lang=${o.languages[0]!.language}`, {
      title: 'Market day',
      html: '<p>Fresh</p>',
      imageDocumentId: pic.json().id,
      buttons: [
        { kind: 'place', label: 'Show the market', placeId },
        { kind: 'message', label: 'Ask us' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [shown] = ((await visitor(await siteOf(b), 'where=guest')).json() as PublicOverlays).overlays;
    expect(shown!.buttons).toEqual([
      { kind: 'place', label: 'Show the market', href: `/place/${placeId}` },
      { kind: 'message', label: 'Ask us', href: expect.stringMatching(/^\/g\/[\w-]+#chat$/) },
    ]);
    expect(shown!.imageUrl).toMatch(new RegExp(`^/api/document/${pic.json().id}/file\\?v=`));
  });
});

describe('overlay analytics', () => {
  it('counts views, clicks and closes per day and language from visitors, for published languages only; the owner reads them', async () => {
    const o = await create(hotel, { name: 'Counted', where: { guestApp: true, widgetIds: [], urlPatterns: [] } });
    await call(hotel, 'POST', `/api/overlay/publish?id=${o.id}&lang=de`, content('Gezählt'));
    const site = await siteOf(hotel);
    const event = (body: unknown, contentType = 'application/json') =>
      req(t.app, 'POST', `/api/public/overlay/${site}/event`, {
        headers: { 'content-type': contentType },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
    for (const e of ['view', 'view', 'click', 'close'] as const)
      expect((await event({ overlayId: o.id, language: 'de', event: e })).statusCode).toBe(204);
    // navigator.sendBeacon's text/plain
    expect((await event(JSON.stringify({ overlayId: o.id, language: 'de', event: 'view' }), 'text/plain;charset=UTF-8')).statusCode).toBe(
      204,
    );
    // English is a draft only, another business's overlay, an unknown site: not counted
    expect((await event({ overlayId: o.id, language: 'en', event: 'view' })).statusCode).toBe(404);
    const theirs = await create(rival, { fallback: [], where: { guestApp: true, widgetIds: [], urlPatterns: [] } });
    expect((await event({ overlayId: theirs.id, language: 'en', event: 'view' })).statusCode).toBe(404);
    expect(
      (await req(t.app, 'POST', '/api/public/overlay/nosuchsite1/event', { body: { overlayId: o.id, language: 'de', event: 'view' } }))
        .statusCode,
    ).toBe(404);
    const bad = await event({ overlayId: o.id, language: 'de', event: 'hover' });
    expect([bad.statusCode, bad.json().key]).toEqual([400, 'error.validation']);

    const today = new Date().toISOString().slice(0, 10);
    const res = await call(hotel, 'GET', `/api/overlay/analytics?id=${o.id}&from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totals: { view: 3, click: 1, close: 1 },
      days: [{ day: today, view: 3, click: 1, close: 1 }],
      languages: [{ language: 'de', view: 3, click: 1, close: 1 }],
    });
    expect((await call(rival, 'GET', `/api/overlay/analytics?id=${o.id}&from=${today}&to=${today}`)).statusCode).toBe(404);
    const range = await call(hotel, 'GET', `/api/overlay/analytics?id=${o.id}&from=${today}&to=2020-01-01`);
    expect([range.statusCode, range.json().key]).toEqual([400, 'error.analytics.range']);
  });
});
