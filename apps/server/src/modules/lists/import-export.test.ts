import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { EXPORT_FORMATS, LIST_IMPORT_MAX_BYTES, roundCoordinate } from '@spotlist/contracts';
import { listItems, lists, places } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, importFile, SPOTS } from '../../../test/place-helpers.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures', name));

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app);
  bob = await signup(t.app);
});
afterAll(() => t.close());

interface Item {
  note: string;
  position: number;
  place: {
    name: string;
    latitude: number | null;
    longitude: number | null;
    needsLocation: boolean;
    source: string;
    visibility: { id: number };
  };
}
const itemsOf = async (token: string, listId: number): Promise<Item[]> =>
  (await req(t.app, 'GET', `/api/list/${listId}?p.s=1000`, { token })).json().items.list;
const summary = (items: Item[]) => items.map((i) => [i.place.name, i.place.latitude, i.place.longitude, i.note]);

const rowCounts = async () => {
  const db = t.database.db;
  const [[l], [p], [i]] = await Promise.all([
    db.select({ n: count() }).from(lists),
    db.select({ n: count() }).from(places),
    db.select({ n: count() }).from(listItems),
  ]);
  return [l.n, p.n, i.n];
};

describe('POST /api/list/import: each format, recognised from the content', () => {
  it('Google Maps Takeout saved places (old and new property names; [0,0] means unknown)', async () => {
    const res = await importFile(t.app, alice.token, fixture('google-takeout-saved-places.json'), 'Saved Places.json');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      format: 'google-takeout',
      imported: 4,
      needsLocation: 1,
      list: { name: 'Saved Places', kind: 'list', visibility: { id: 1 }, itemCount: 4, editable: true },
    });
    const items = await itemsOf(alice.token, body.list.id);
    expect(summary(items)).toEqual([
      ['Marienplatz', 48.137154, 11.57549, ''],
      ['Deutsches Museum', 48.1299, 11.5834, 'Start with the mining exhibition'],
      ['Tantris', 48.171428, 11.586816, ''], // from the @lat,lng of its Maps URL
      ['Asamkirche', null, null, 'Ask for the opening hours'],
    ]);
    expect(items[3].place).toMatchObject({ needsLocation: true, source: 'imported', visibility: { id: 1 } });
    expect(items.map((i) => i.position)).toEqual([0, 1, 2, 3]);
  });

  it('Google saved-list CSV: coordinates from URLs that carry them, else "needs a location"', async () => {
    const res = await importFile(t.app, alice.token, fixture('google-saved-list.csv'), 'Want to go.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'google-csv', imported: 4, needsLocation: 1, list: { name: 'Want to go' } });
    expect(summary(await itemsOf(alice.token, res.json().list.id))).toEqual([
      ['Viktualienmarkt', 48.135125, 11.5762, 'Weisswurst, sweet mustard and a pretzel'],
      ['Café Frischhut', 48.1349, 11.5734, 'Schmalznudeln "fresh" at 7'],
      ['Eisbachwelle', 48.1436, 11.588, 'Line 1\r\nline 2'],
      ["Grandma's bakery", null, null, '-no idea where it is'], // the leading ' guarded the minus (see formats/csv.ts)
    ]);
  });

  it('KML (Google My Maps): Placemarks in nested folders, lines skipped, no Point → needs a location', async () => {
    const res = await importFile(t.app, alice.token, fixture('my-maps.kml'), 'export.kml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'kml', imported: 4, needsLocation: 1, list: { name: 'Munich museums' } });
    expect(summary(await itemsOf(alice.token, res.json().list.id))).toEqual([
      ['Alte Pinakothek', 48.1482, 11.57, 'Rubens room & the Dürer self-portrait'],
      ['Lenbachhaus', 48.1468, 11.5637, 'Blue Rider & Kandinsky'],
      ['Deutsches Museum', 48.1299, 11.5834, ''],
      ['Museum of Urban and Contemporary Art', null, null, 'Somewhere near Sendlinger Tor'],
    ]);
  });

  it('GPX waypoints (name, desc or cmt as the note); tracks are not places', async () => {
    const res = await importFile(t.app, alice.token, fixture('waypoints.gpx'), 'tour.gpx', 'Bike tour');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'gpx', imported: 3, needsLocation: 0, list: { name: 'Bike tour' } });
    expect(summary(await itemsOf(alice.token, res.json().list.id))).toEqual([
      ['Isartor', 48.1353, 11.5822, 'Meeting point'],
      ['Tierpark Hellabrunn', 48.0993, 11.5553, 'Bike parking at the Isar entrance'],
      ['Friedensengel', 48.1428, 11.5951, ''],
    ]);
  });

  it('plain GeoJSON: Point features, null geometry → needs a location, areas skipped', async () => {
    const res = await importFile(t.app, alice.token, fixture('points.geojson'), 'points.geojson');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'geojson', imported: 4, needsLocation: 1, list: { name: 'Olympic area' } });
    const items = await itemsOf(alice.token, res.json().list.id);
    expect(summary(items)).toEqual([
      ['Olympiapark', 48.1731, 11.5466, 'Climb the Olympic hill'],
      ['Olympiaturm', 48.1744, 11.5536, ''],
      ['BMW Welt', 48.1771, 11.556, ''],
      ['Olympic ice rink', null, null, 'Where exactly?'],
    ]);
  });

  it('the file name never decides the format', async () => {
    const res = await importFile(t.app, alice.token, fixture('my-maps.kml'), 'looks-like.csv');
    expect(res.json().format).toBe('kml');
    const gpx = await importFile(t.app, alice.token, fixture('waypoints.gpx'), 'places.json');
    expect(gpx.json().format).toBe('gpx');
  });

  it('imported places are private: another user finds none of them', async () => {
    const found = (await req(t.app, 'GET', '/api/place/list?f.q=grandma', { token: bob.token })).json();
    expect(found.total).toBe(0);
    expect((await req(t.app, 'GET', '/api/place/list?f.q=grandma&f.source=imported', { token: alice.token })).json().total).toBe(1);
  });
});

describe('POST /api/list/import: bad files get a 4xx with a key and write nothing', () => {
  const refused: [string, string | Buffer, number, string][] = [
    ['malformed XML', fixture('malformed.kml'), 400, 'error.import.format'],
    ['an external entity (XXE)', fixture('xxe.kml'), 400, 'error.import.format'],
    ['entity expansion', fixture('billion-laughs.gpx'), 400, 'error.import.format'],
    ['coordinates out of range', fixture('out-of-range.geojson'), 400, 'error.import.format'],
    ['text that is no map file', fixture('not-a-map.txt'), 400, 'error.import.format'],
    ['malformed JSON', '{"type": "FeatureCollection", "features": [', 400, 'error.import.format'],
    ['JSON that is not GeoJSON', '{"hello": "world"}', 400, 'error.import.format'],
    ['XML of another kind', '<?xml version="1.0"?><html><body>hi</body></html>', 400, 'error.import.format'],
    ['binary data', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]), 400, 'error.import.format'],
    ['an unclosed CSV quote', 'Title,Note\n"Viktualienmarkt,open', 400, 'error.import.format'],
    ['an empty collection', fixture('empty.geojson'), 400, 'error.import.empty'],
    ['an empty file', '', 400, 'error.import.format'],
  ];
  for (const [what, content, status, key] of refused) {
    it(what, async () => {
      const before = await rowCounts();
      const res = await importFile(t.app, alice.token, content, 'file.kml');
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ key });
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('a file over the limit is 413 error.import.toolarge', async () => {
    const before = await rowCounts();
    const header = 'Title,Note,URL\n';
    const big = header + 'x,'.padEnd(LIST_IMPORT_MAX_BYTES, 'y');
    const res = await importFile(t.app, alice.token, big, 'big.csv');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ key: 'error.import.toolarge' });
    expect(await rowCounts()).toEqual(before);
  });

  it('more places than allowed is 400 error.import.toomany', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `Place ${i},,`).join('\n');
    const res = await importFile(t.app, alice.token, `Title,Note,URL\n${rows}`, 'many.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ key: 'error.import.toomany' });
  });

  it('no file part, a JSON body, a bad name, no login', async () => {
    const { multipart } = await import('../../../test/place-helpers.ts');
    const onlyName = multipart([{ name: 'name', value: 'x' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/list/import',
      headers: { 'content-type': onlyName.contentType, 'x-auth-token': alice.token },
      payload: onlyName.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ key: 'error.import.nofile' });
    const json = await req(t.app, 'POST', '/api/list/import', { token: alice.token, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ key: 'error.request.contenttype' });
    const badName = await importFile(t.app, alice.token, fixture('waypoints.gpx'), 'w.gpx', 'a\u0000b');
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toEqual([{ path: 'body.name', key: 'FORM.ERROR.PATTERN' }]);
    const anonymous = await importFile(t.app, undefined, fixture('waypoints.gpx'), 'w.gpx');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/list/{id}/export', () => {
  let listId: number;
  beforeAll(async () => {
    listId = await addList(t.app, alice.token, 'Ümlaut & "quotes" list');
    const a = await addPlace(t.app, alice.token, 'Café <Frischhut> & Söhne', { lat: 48.1349123456, lng: 11.5734 });
    const b = await addPlace(t.app, alice.token, '=cmd|calc', SPOTS.olympiapark);
    const c = await addPlace(t.app, alice.token, 'Südpol station', { lat: -89.999999, lng: -179.5 });
    await addItem(t.app, alice.token, listId, a, 'Schmalznudeln, "fresh"\nat 7 – really');
    await addItem(t.app, alice.token, listId, b, '-leading minus');
    await addItem(t.app, alice.token, listId, c, '');
    // and one that needs a location, from an import
    const imported = (await importFile(t.app, alice.token, 'Title,Note,URL\nSomewhere,find it,\n', 'x.csv')).json();
    const item = (await itemsOf(alice.token, imported.list.id))[0] as Item & { place: { id: number } };
    await addItem(t.app, alice.token, listId, (item.place as unknown as { id: number }).id, 'no pin yet');
  });

  it('answers each format with its content type and as a download', async () => {
    const types = {
      geojson: 'application/geo+json',
      gpx: 'application/gpx+xml',
      kml: 'application/vnd.google-earth.kml+xml',
      csv: 'text/csv',
    };
    for (const format of EXPORT_FORMATS) {
      const res = await req(t.app, 'GET', `/api/list/${listId}/export?format=${format}`, { token: alice.token });
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe(`${types[format]}; charset=utf-8`);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Umlaut-quotes-list.${format}"; filename*=UTF-8''Umlaut-quotes-list.${format}`,
      );
    }
    const dflt = await req(t.app, 'GET', `/api/list/${listId}/export`, { token: alice.token });
    expect(dflt.headers['content-type']).toContain('application/geo+json');
    const csv = (await req(t.app, 'GET', `/api/list/${listId}/export?format=csv`, { token: alice.token })).body;
    expect(csv.startsWith('\ufeffTitle,Note,URL,Tags,Comment\r\n')).toBe(true);
    expect(csv).toContain("'=cmd|calc"); // a spreadsheet shows it as text, never runs it
    expect((await req(t.app, 'GET', `/api/list/${listId}/export?format=pdf`, { token: alice.token })).statusCode).toBe(400);
  });

  for (const format of EXPORT_FORMATS) {
    it(`${format}: export then import gives the same places (names, coordinates to 6 decimals, notes)`, async () => {
      const file = await req(t.app, 'GET', `/api/list/${listId}/export?format=${format}`, { token: alice.token });
      const res = await importFile(t.app, alice.token, file.rawPayload, `again.${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const original = summary(await itemsOf(alice.token, listId)).map(([n, lat, lng, note]) => [
        n,
        lat === null ? null : roundCoordinate(lat as number),
        lng === null ? null : roundCoordinate(lng as number),
        note,
      ]);
      // a GPX waypoint needs coordinates: a place that needs a location is left out of GPX
      const expected = format === 'gpx' ? original.filter(([, lat]) => lat !== null) : original;
      expect(summary(await itemsOf(alice.token, res.json().list.id))).toEqual(expected);
      if (format !== 'csv') expect(res.json().list.name).toBe('Ümlaut & "quotes" list');
    });
  }

  it("B cannot export A's private list (404); a public one, yes", async () => {
    const res = await req(t.app, 'GET', `/api/list/${listId}/export?format=kml`, { token: bob.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: 'error.list.notfound' });
    expect((await req(t.app, 'GET', `/api/list/${listId}/export`)).statusCode).toBe(401);
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: alice.token, body: { visibility: { id: 255 } } });
    expect((await req(t.app, 'GET', `/api/list/${listId}/export?format=kml`, { token: bob.token })).statusCode).toBe(200);
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: alice.token, body: { visibility: { id: 1 } } });
  });
});
