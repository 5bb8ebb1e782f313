import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicWidgetSchema } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import Fastify from 'fastify';
import { errorsPlugin } from '../../platform/http/errors.ts';
import { embedRoutes, frameCsp } from '../embed/index.ts';
import { eq } from 'drizzle-orm';
import { documents, widgets } from '../../platform/db/schema/index.ts';
import { pngOf, upload } from '../../../test/document-helpers.ts';
import { matchesEtag } from '../../platform/http/response-cache.ts';
import { ALL_FLAGS, business, setFlags } from '../../../test/widget-helpers.ts';

let t: TestApp;
let acme: LoggedIn;
let widgetId: number;
let publicId: string;
const place: Record<string, number> = {};
const embedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-embed-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(embedDir, 'frame.html'), '<!doctype html><title>frame</title>');
  fs.writeFileSync(path.join(embedDir, 'embed.js'), 'console.log("embed")');
  fs.mkdirSync(path.join(embedDir, 'assets'));
  fs.writeFileSync(path.join(embedDir, 'assets', 'frame-abc123.js'), 'export{}');
  fs.writeFileSync(path.join(embedDir, 'assets', 'map-abc123.js'), `export const tiles = ${JSON.stringify('tile '.repeat(400))};`);
  t = await buildTestApp({ config: { EMBED_DIST: embedDir } });
  acme = await business(t.app, ALL_FLAGS);
  const creator = await signup(t.app);
  place.marienplatz = await addPlace(t.app, creator.token, 'Marienplatz', SPOTS.marienplatz, {
    description: 'The square',
    texts: { de: { name: 'Marienplatz (de)', description: 'Der Platz' }, fr: { name: 'Place Marie' } },
  });
  place.museum = await addPlace(t.app, creator.token, 'Deutsches Museum', SPOTS.deutschesMuseum, { description: 'Science' });
  const w = await req(t.app, 'POST', '/api/widget/add', {
    token: acme.token,
    body: {
      name: 'Internal name',
      texts: { de: { title: 'Unsere Tipps', intro: 'Hallo' }, en: { title: 'Our tips', intro: 'Hello' } },
      languages: ['en', 'de'],
      style: { primaryColor: '#aa0000' },
    },
  });
  widgetId = w.json().id;
  publicId = w.json().publicId;
  await req(t.app, 'POST', '/api/widgetpoi/add', {
    token: acme.token,
    body: { widgetId, placeId: place.marienplatz, texts: { de: { description: 'Unser Lieblingsplatz' } } },
  });
  await req(t.app, 'POST', '/api/widgetpoi/add', { token: acme.token, body: { widgetId, placeId: place.museum } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(embedDir, { recursive: true, force: true });
});

const pub = (id: string, lang?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/public/widget/${id}${lang ? `?lang=${lang}` : ''}`, headers });

describe('GET /api/public/widget/{publicId}', () => {
  it('answers the widget in the visitor language when offered, else the first offered; POI texts fall back per field', async () => {
    const de = await pub(publicId, 'de');
    expect(de.statusCode).toBe(200);
    expect(de.headers['set-cookie']).toBeUndefined();
    const body = PublicWidgetSchema.parse(de.json());
    expect(body).toMatchObject({
      publicId,
      language: 'de',
      languages: ['en', 'de'],
      title: 'Unsere Tipps',
      intro: 'Hallo',
      style: { primaryColor: '#aa0000' },
    });
    // business's words, else the place's texts in the language, else the place's own
    expect(body.pois.map((p) => [p.placeId, p.name, p.description])).toEqual([
      [place.marienplatz, 'Marienplatz (de)', 'Unser Lieblingsplatz'],
      [place.museum, 'Deutsches Museum', 'Science'],
    ]);
    expect(body.pois[0]).toMatchObject({
      latitude: SPOTS.marienplatz.lat,
      longitude: SPOTS.marienplatz.lng,
      pictureUrl: null,
      thumbUrl: null,
    });
    // fr is not offered: the first language (en), and the place's own texts (not its fr name)
    const fr = (await pub(publicId, 'fr')).json();
    expect(fr).toMatchObject({ language: 'en', title: 'Our tips' });
    expect(fr.pois[0].name).toBe('Marienplatz');
    expect((await pub(publicId, 'de-AT')).json().language).toBe('de');
    expect((await pub(publicId)).json().language).toBe('en');
    // a repeated or odd lang is no language (the first offered), never an error …
    expect((await pub(publicId, 'de&lang=fr')).json().language).toBe('en');
    expect((await pub(publicId, 'xx-%F0%9F%98%80')).json().language).toBe('en');
    // … but a NUL in the address is refused as on every route (platform/http/input-guard.ts)
    const nul = await pub(publicId, '%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ key: 'error.request.character' });
  });

  it('sends an ETag and cache headers; a matching If-None-Match is a 304 without a body', async () => {
    const first = await pub(publicId, 'de');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await pub(publicId, 'de', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await pub(publicId, 'de', { 'if-none-match': `${etag.slice(2)}, "other"` })).statusCode).toBe(304);
    expect((await pub(publicId, 'de', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // another language has another tag
    expect((await pub(publicId, 'en')).headers.etag).not.toBe(etag);
  });

  it('a change is visible at once on this instance (the revision moves the ETag)', async () => {
    const before = await pub(publicId, 'de');
    const etag = before.headers.etag as string;
    await req(t.app, 'POST', `/api/widget/update/${widgetId}`, {
      token: acme.token,
      body: { texts: { de: { title: 'Neue Tipps', intro: 'Hallo' }, en: { title: 'Our tips', intro: 'Hello' } } },
    });
    const after = await pub(publicId, 'de', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe('Neue Tipps');
    expect(after.headers.etag).not.toBe(etag);
    // POI changes too
    const detail = await req(t.app, 'GET', `/api/widget/${widgetId}`, { token: acme.token });
    await req(t.app, 'POST', '/api/widgetpoi/reorder', {
      token: acme.token,
      body: { widgetId, poiIds: [...detail.json().pois.map((p: { id: number }) => p.id)].reverse() },
    });
    expect((await pub(publicId, 'de')).json().pois.map((p: { placeId: number }) => p.placeId)).toEqual([place.museum, place.marienplatz]);
  });

  it('404 with a key for unknown or malformed ids, and when the owner lost the flag of its version', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', 'bad id!', 'x', 'A'.repeat(100)]) {
      const res = await pub(encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe('error.widget.notfound');
    }
    const b = await business(t.app, { widgetv2activated: true });
    const w = await req(t.app, 'POST', '/api/widget/add', { token: b.token, body: { name: 'Soon off' } });
    expect((await pub(w.json().publicId)).statusCode).toBe(200);
    await setFlags(t.app, b.user.id, { widgetv2activated: false });
    // an admin's write: every cached answer goes at once
    expect((await pub(w.json().publicId)).statusCode).toBe(404);
  });

  it('a change written outside the API shows once the entry is older than CACHE_MAX_AGE_MS; until then no query runs', async () => {
    const short = await buildTestApp({ config: { CACHE_MAX_AGE_MS: '400' }, database: t.database });
    try {
      const get = () => short.app.inject({ method: 'GET', url: `/api/public/widget/${publicId}?lang=en` });
      const first = await get();
      expect(first.statusCode).toBe(200);
      // as an operator's SQL would: straight into the database, no event
      await t.database.db.update(widgets).set({ texts: { en: { title: 'Changed elsewhere' } } }).where(eq(widgets.id, widgetId));
      const cached = await get();
      expect(cached.body).toBe(first.body);
      await new Promise((r) => setTimeout(r, 450));
      const later = await get();
      expect(later.json().title).toBe('Changed elsewhere');
      expect(later.headers.etag).not.toBe(first.headers.etag);
    } finally {
      await short.close();
      await req(t.app, 'POST', `/api/widget/update/${widgetId}`, {
        token: acme.token,
        body: { texts: { de: { title: 'Neue Tipps', intro: 'Hallo' }, en: { title: 'Our tips', intro: 'Hello' } } },
      });
    }
  });

  it('matchesEtag reads lists, weak tags and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

describe('POI picture addresses', () => {
  it('carry ?v= of the file (as the documents module builds them) and change when the file is replaced in place', async () => {
    const b = await business(t.app, { widgetv2activated: true, hasGuest: true });
    const placeId = await addPlace(t.app, b.token, 'Hofgarten', SPOTS.marienplatz);
    const w = (await req(t.app, 'POST', '/api/widget/add', { token: b.token, body: { name: 'Pics' } })).json();
    const poiId = (await req(t.app, 'POST', '/api/widgetpoi/add', { token: b.token, body: { widgetId: w.id, placeId } })).json().pois[0]
      .id as number;
    const set = await upload(
      t.app,
      b.token,
      { value: await pngOf(50, 40) },
      { data: JSON.stringify({ id: poiId }) },
      '/api/widgetpoi/image/update',
    );
    expect(set.statusCode, set.body).toBe(200);
    const doc = set.json() as { id: number; url: string; urlThumb240: string };
    const v = async () => (await t.database.db.select().from(documents).where(eq(documents.id, doc.id)))[0].sha256.slice(0, 16);
    const v1 = await v();
    const file1 = `/api/document/${doc.id}/file?v=${v1}`;
    const thumb1 = `/api/document/${doc.id}/thumb?v=${v1}`;
    expect([doc.url, doc.urlThumb240]).toEqual([file1, thumb1]);
    // the business's view, the public widget and a guest app's widget all use the same addresses
    const own = await req(t.app, 'GET', `/api/widget/${w.id}`, { token: b.token });
    expect(own.json().pois[0].picture).toEqual({ id: doc.id, url: file1, urlThumb240: thumb1 });
    expect((await pub(w.publicId)).json().pois[0]).toMatchObject({ pictureUrl: file1, thumbUrl: thumb1 });

    // cached before the file is replaced
    expect((await pub(w.publicId)).json().pois[0].pictureUrl).toBe(file1);

    // the same document (same id) gets another file: no widget revision, a new hash
    const replaced = await upload(t.app, b.token, { value: await pngOf(64, 48) }, { data: JSON.stringify({ id: doc.id }) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().id).toBe(doc.id);
    const v2 = await v();
    expect(v2).not.toBe(v1);
    const file2 = `/api/document/${doc.id}/file?v=${v2}`;
    expect((await req(t.app, 'GET', `/api/widget/${w.id}`, { token: b.token })).json().pois[0].picture.url).toBe(file2);
    // the replacement is the owner's write: the cached public answer goes at once
    expect((await pub(w.publicId)).json().pois[0]).toMatchObject({ pictureUrl: file2, thumbUrl: `/api/document/${doc.id}/thumb?v=${v2}` });
  });

  it("the guest app's logo address carries ?v= too", async () => {
    const b = await business(t.app, { hasGuest: true });
    const logo = await upload(t.app, b.token, { value: await pngOf(40, 40) }, {}, '/api/myprofile/logo/update');
    expect(logo.statusCode, logo.body).toBe(200);
    const app = (await req(t.app, 'GET', '/api/guestapp', { token: b.token })).json();
    await req(t.app, 'POST', '/api/guestapp', { token: b.token, body: { enabled: true } });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.ownerId, b.user.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/public/guest-app/${app.publicId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logoUrl).toBe(`/api/document/${row.id}/file?v=${row.sha256.slice(0, 16)}`);
  });
});

describe('visitor pages and framing', () => {
  it('/w/{publicId} may be framed anywhere when no domains are set, only there (and here) when they are', async () => {
    const any = await t.app.inject({ method: 'GET', url: `/w/${publicId}` });
    expect(any.statusCode).toBe(200);
    expect(any.body).toContain('<title>frame</title>');
    expect(any.headers['x-frame-options']).toBeUndefined();
    const csp = any.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(any.headers['set-cookie']).toBeUndefined();

    await req(t.app, 'POST', `/api/widget/update/${widgetId}`, {
      token: acme.token,
      body: { allowedDomains: ['hotel.example.com', 'https://*.example.org'] },
    });
    const only = await t.app.inject({ method: 'GET', url: `/w/${publicId}` });
    expect(only.headers['content-security-policy']).toContain("frame-ancestors 'self' hotel.example.com https://*.example.org");
    expect(only.headers['content-security-policy']).not.toContain('frame-ancestors *');

    const unknown = await t.app.inject({ method: 'GET', url: '/w/AAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });

  it('frameCsp lists the domains', () => {
    expect(frameCsp([], 'https://tile.example')).toContain('frame-ancestors *');
    expect(frameCsp(['a.com'], 'https://tile.example')).toContain("frame-ancestors 'self' a.com");
    expect(frameCsp([], 'https://tile.example')).toContain("img-src 'self' data: blob: https://tile.example");
  });

  it('the app itself is never frameable', async () => {
    for (const url of ['/api/api/info', '/api/public/widget/' + publicId, '/embed.js']) {
      const res = await req(t.app, 'GET', url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('serves embed.js (CORS *, short cache) and assets (immutable); missing files are 404 keys', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.headers['cache-control']).toBe('public, max-age=300');
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const asset = await t.app.inject({ method: 'GET', url: '/embed-assets/frame-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // text is compressed for clients that take it (once per file); a tiny file goes as it is
    const big = await t.app.inject({ method: 'GET', url: '/embed-assets/map-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(big.rawPayload).toString()).toBe((await t.app.inject({ method: 'GET', url: '/embed-assets/map-abc123.js' })).body);
    const tiny = await t.app.inject({ method: 'GET', url: '/embed-assets/frame-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{}');
    expect((await t.app.inject({ method: 'GET', url: '/embed-assets/../frame.html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/embed-assets/%2e%2e/frame.html' })).statusCode).toBe(404);
    const sw = await t.app.inject({ method: 'GET', url: '/guest-sw.js' });
    expect(sw.statusCode).toBe(404);
    expect(sw.json().key).toBe('error.embed.missing');
    // no guest.html in this build
    expect((await t.app.inject({ method: 'GET', url: '/g/AAAAAAAAAAAAAAAA' })).json().key).toBe('error.embed.missing');
  });
});

describe('without an embed build', () => {
  it('the visitor pages answer 404 error.embed.missing', async () => {
    // the routes alone (with the app's error handler), without a build folder
    const bare = Fastify({ logger: false });
    await bare.register(errorsPlugin);
    await bare.register(embedRoutes, {
      db: t.database.db,
      root: undefined,
      tileOrigin: "'self'",
      tileUrl: '',
    });
    try {
      for (const url of [
        '/embed.js',
        `/w/${publicId}`,
        '/g/AAAAAAAAAAAAAAAA',
        '/embed-assets/x.js',
        '/guest.webmanifest',
        '/guest-sw.js',
      ]) {
        const res = await bare.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().key, url).toBe('error.embed.missing');
      }
    } finally {
      await bare.close();
    }
  });
});
