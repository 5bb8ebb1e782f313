import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PLACE_CATEGORIES } from '@spotlist/contracts';
import { buildTestApp, countQueries, loginAdmin, req, signup, type LoggedIn, type Res, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { CATEGORY_COLOURS, CATEGORY_ICONS, escapeXml, wrapName } from './cover-svg.ts';

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

const cover = (id: number, opts: { token?: string; language?: string; query?: string; headers?: Record<string, string> } = {}) =>
  req(t.app, 'GET', `/api/place/${id}/cover.svg${opts.query ?? ''}`, { token: opts.token, language: opts.language, headers: opts.headers });

/** The SVG document, checked to be well-formed XML, as a tree (attributes prefixed with @). */
function parsed(res: Res) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(XMLValidator.validate(res.body)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', preserveOrder: false }).parse(res.body);
}
/** The name as the cover shows it: its lines, entities decoded. */
const linesOf = (res: Res): string[] => {
  const tspan = parsed(res).svg.text.tspan;
  return (Array.isArray(tspan) ? tspan : [tspan]).map((s: { '#text': string | number }) => String(s['#text']));
};
const stopColours = (res: Res): string[] => parsed(res).svg.defs.linearGradient.stop.map((s: Record<string, string>) => s['@stop-color']);
const tagsIn = (xml: string): string[] => [...xml.matchAll(/<([A-Za-z][\w:-]*)/g)].map((m) => m[1]);

describe('GET /api/place/{id}/cover.svg', () => {
  it('is an SVG of the name and category, with a strict CSP, nosniff and an ETag', async () => {
    const id = await addPlace(t.app, alice.token, 'Viktualienmarkt', SPOTS.viktualienmarkt, { category: 'market' });
    const res = await cover(id, { token: alice.token });
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(linesOf(res)).toEqual(['Viktualienmarkt']);
    expect(parsed(res).svg.title).toBe('Viktualienmarkt');
    expect(stopColours(res)[1]).toBe(CATEGORY_COLOURS.market);
    expect(parsed(res).svg.path['@d']).toBe(CATEGORY_ICONS.market);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('unsafe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // only drawing elements: nothing that loads or runs anything
    expect(new Set(tagsIn(res.body))).toEqual(new Set(['svg', 'title', 'defs', 'linearGradient', 'stop', 'rect', 'path', 'text', 'tspan']));
  });

  it('escapes the name: markup and & in it are text, never elements; XML-invalid characters go', async () => {
    const name = `<script>alert("x")</script> & Tom's <img src=x onerror=alert(1)> ]]>\u0001`;
    const id = await addPlace(t.app, alice.token, name, SPOTS.marienplatz);
    const res = await cover(id, { token: alice.token });
    const doc = parsed(res);
    expect(res.body).not.toMatch(/<script|<img|<!\[CDATA/i);
    // no event attribute on any element (the text "onerror=" is there, escaped, as character data)
    expect(res.body).not.toMatch(/<[^>]*\son\w+=/i);
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).toContain('&amp; Tom&apos;s');
    expect(new Set(tagsIn(res.body))).not.toContain('script');
    expect(doc.svg.title).toBe(name.trim().replace('\u0001', ''));
    // decoded, the two lines are the start of the name (wrapped, with an ellipsis)
    const lines = linesOf(res);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('<script>alert("x")</script>'.slice(0, 16));
    expect(lines[1].endsWith('…')).toBe(true);
  });

  it('has a colour and an icon of its own for every category', async () => {
    const colours = new Set<string>();
    const icons = new Set<string>();
    for (const category of PLACE_CATEGORIES) {
      const id = await addPlace(t.app, alice.token, `A ${category}`, SPOTS.olympiapark, { category });
      const res = await cover(id, { token: alice.token });
      colours.add(stopColours(res)[1]);
      icons.add(parsed(res).svg.path['@d']);
    }
    expect(colours.size).toBe(PLACE_CATEGORIES.length);
    expect(icons.size).toBe(PLACE_CATEGORIES.length);
  });

  it('shows the name in the app language (the lang query, else app-language), else the place’s own', async () => {
    const id = await addPlace(t.app, alice.token, 'Englischer Garten', SPOTS.marienplatz, {
      category: 'park',
      texts: { en: { name: 'English Garden' }, fr: { name: 'Jardin anglais' } },
    });
    expect(linesOf(await cover(id, { token: alice.token }))).toEqual(['English Garden']);
    expect(linesOf(await cover(id, { token: alice.token, language: 'fr' }))).toEqual(['Jardin anglais']);
    expect(linesOf(await cover(id, { query: '?lang=fr' }))).toEqual(['Jardin anglais']);
    expect(linesOf(await cover(id, { token: alice.token, language: 'fr', query: '?lang=de' }))).toEqual(['Englischer', 'Garten']);
    const bad = await cover(id, { query: '?lang=xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('error.validation');
  });

  it('is readable as the place is: another user’s private place is 404 { key }, to them and without a token', async () => {
    const priv = await addPlace(t.app, bob.token, 'Bob private place', SPOTS.nymphenburg, { visibility: { id: 1 } });
    const pub = await addPlace(t.app, bob.token, 'Bob public place', SPOTS.nymphenburg);
    for (const [who, token] of [
      ['alice', alice.token],
      ['anonymous', undefined],
      ['a garbage token', 'garbage'],
    ] as const) {
      const res = await cover(priv, { token });
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual({ key: 'error.place.notfound' });
      expect(res.body, who).not.toContain('Bob private');
      // the place route agrees (it needs a login)
      if (token === alice.token) expect((await req(t.app, 'GET', `/api/place/${priv}`, { token })).statusCode).toBe(404);
    }
    expect(linesOf(await cover(priv, { token: bob.token }))).toEqual(['Bob private', 'place']);
    expect(linesOf(await cover(priv, { token: admin }))).toEqual(['Bob private', 'place']);
    // the public catalogue is readable by everyone, also by an <img> without a token
    expect(linesOf(await cover(pub, { token: alice.token }))).toEqual(['Bob public place']);
    expect(linesOf(await cover(pub))).toEqual(['Bob public place']);
    // a private place in a public list is readable as the list is
    const list = await addList(t.app, bob.token, 'Bob public list', 255);
    await addItem(t.app, bob.token, list, priv);
    expect(linesOf(await cover(priv, { token: alice.token }))).toEqual(['Bob private', 'place']);

    const missing = await cover(2_000_000_000, { token: alice.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ key: 'error.place.notfound' });
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await req(t.app, 'GET', `/api/place/${id}/cover.svg`, { token: alice.token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().key, id).toBe('error.validation');
    }
  });

  it('comes from the response cache the second time (0 queries), answers 304 to its ETag, and a change drops it', async () => {
    const id = await addPlace(t.app, alice.token, 'Hofbräuhaus', SPOTS.marienplatz, { category: 'bar' });
    const first = await cover(id, { token: bob.token });
    expect(linesOf(first)).toEqual(['Hofbräuhaus']);
    let again: Res | undefined;
    expect(await countQueries(t, async () => (again = await cover(id, { token: bob.token })))).toBe(0);
    expect(again!.body).toBe(first.body);
    expect(again!.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(again!.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // anonymous: one shared answer, cached as well
    await cover(id);
    expect(await countQueries(t, () => cover(id))).toBe(0);

    const etag = String(first.headers.etag);
    const notModified = await cover(id, { token: bob.token, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const update = await req(t.app, 'POST', `/api/place/update/${id}`, {
      token: alice.token,
      body: { name: 'Hofbräuhaus am Platzl', category: 'restaurant' },
    });
    expect(update.statusCode).toBe(200);
    for (const token of [bob.token, undefined]) {
      const after = await cover(id, { token, headers: { 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(linesOf(after)).toEqual(['Hofbräuhaus am', 'Platzl']);
      expect(stopColours(after)[1]).toBe(CATEGORY_COLOURS.restaurant);
    }
    // made private: gone for others at once; deleted: gone for everyone
    await req(t.app, 'POST', `/api/place/update/${id}`, { token: alice.token, body: { visibility: { id: 1 } } });
    expect((await cover(id, { token: bob.token })).statusCode).toBe(404);
    expect((await cover(id)).statusCode).toBe(404);
    expect((await cover(id, { token: alice.token })).statusCode).toBe(200);
    expect((await req(t.app, 'DELETE', `/api/place/delete/${id}`, { token: alice.token })).statusCode).toBe(200);
    expect((await cover(id, { token: alice.token })).statusCode).toBe(404);
  });
});

describe('cover text', () => {
  it('wraps between words, cuts a word longer than a line, and ends a name that does not fit with …', () => {
    expect(wrapName('  Marienplatz  ')).toEqual(['Marienplatz']);
    expect(wrapName('Deutsches Museum Verkehrszentrum')).toEqual(['Deutsches Museum', 'Verkehrszentrum']);
    expect(wrapName('Donaudampfschifffahrtsgesellschaft')).toEqual(['Donaudampfschiff', 'fahrtsgesellsch…']);
    expect(wrapName('Schloss Nymphenburg mit Park und Museum')).toEqual(['Schloss', 'Nymphenburg mit…']);
    expect(wrapName('a\nb\tc')).toEqual(['a b c']);
  });

  it('never splits a grapheme and counts wide characters twice', () => {
    const family = '👨‍👩‍👧‍👦';
    const lines = wrapName(family.repeat(20));
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l.replace('…', '').replaceAll(family, '')).toBe('');
    expect(wrapName('東京タワーと東京スカイツリー')).toEqual(['東京タワーと東京', 'スカイツリー']);
  });

  it('escapes the five XML characters and drops what XML cannot carry', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeXml('a\u0000b\u0008c\u000bd\ud800e\udfff\ufffef\tg')).toBe('abcdef\tg');
    expect(escapeXml('😀')).toBe('😀');
  });
});
