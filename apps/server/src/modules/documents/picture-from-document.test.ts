import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType, ErrorKey, RESUMABLE_UPLOAD_PATH, THUMB_SIZE, UPLOAD_DOCUMENT_ID_HEADER } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { documents, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import { business } from '../../../test/widget-helpers.ts';
import { exifJpeg, filesUnder, pngOf, sha256, upload } from '../../../test/document-helpers.ts';

/**
 * The picture routes' JSON form `{ id, documentId }`: a finished document of the caller (a plain
 * upload or a resumable one) becomes the picture as a direct upload would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><rect width="300" height="100" fill="#f00"/></svg>';
const SVG_EXTERNAL =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://example.com/a.png" width="10" height="10"/></svg>';

const filesDir = () => path.join(t.dataDir, 'files');
const tmpDir = () => path.join(t.dataDir, 'tmp');
const storedNames = () => filesUnder(filesDir()).map((p) => path.basename(p));
const get = (url: string, token?: string) => req(t.app, 'GET', url, { token });
const rowOf = async (id: number) => (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0];

/** A plain document (POST /api/document/upload), as its view. */
async function doc(me: LoggedIn, value: Buffer | string, filename = 'photo.jpg') {
  const res = await upload(t.app, me.token, { value, filename });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; thumbKey?: never; urlThumb240: string | null; sha256: string };
}

/** A document made by a resumable upload (two PATCHes), as its id. */
async function resumable(me: LoggedIn, bytes: Buffer, filename: string): Promise<number> {
  const TUS = { 'tus-resumable': '1.0.0', 'x-auth-token': me.token };
  const created = await t.app.inject({
    method: 'POST',
    url: RESUMABLE_UPLOAD_PATH,
    headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  let last;
  for (const [from, to] of [
    [0, half],
    [half, bytes.length],
  ]) {
    last = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
      payload: bytes.subarray(from, to),
    });
    expect(last.statusCode, last.body).toBe(204);
  }
  return Number(last!.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()]);
}

const setFrom = (token: string, url: string, body: unknown) => req(t.app, 'POST', url, { body, token });

describe('profile picture and logo from a document', () => {
  it('a resumable upload becomes the picture (public, in the session user); the previous picture and its files go', async () => {
    const me = await signup(t.app);
    const direct = await upload(t.app, me.token, { value: await pngOf(40, 40) }, {}, '/api/myprofile/image/update');
    expect(direct.statusCode, direct.body).toBe(200);
    const old = await rowOf(direct.json().picturedocument.id);

    const docId = await resumable(me, await exifJpeg(640, 320), 'big photo.jpg');
    const before = await rowOf(docId);
    expect(before).toMatchObject({ visibility: 1, entityType: null });
    expect((await get(`/api/document/${docId}/file`)).statusCode).toBe(404); // private until it is the picture

    const res = await setFrom(me.token, '/api/myprofile/image/update', { id: me.user.id, documentId: docId });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json().picturedocument;
    expect(ref.id).toBe(docId);
    expect(ref.urlThumb240).toMatch(new RegExp(`^/api/document/${docId}/thumb\\?v=`));
    expect((await get('/api/session/user', me.token)).json().picturedocument).toEqual(ref);
    const after = await rowOf(docId);
    expect(after).toMatchObject({
      visibility: 255,
      entityType: 'profile-picture',
      entityId: me.user.id,
      storageKey: before.storageKey,
      thumbKey: before.thumbKey,
      sha256: before.sha256,
    });
    expect((await get(ref.urlThumb240)).statusCode).toBe(200); // public now
    expect((await t.database.db.select().from(users).where(eq(users.id, me.user.id)))[0].pictureDocumentId).toBe(docId);
    // the previous picture is gone with its files
    expect(await rowOf(old.id)).toBeUndefined();
    expect(storedNames()).not.toContain(old.storageKey);
    expect(storedNames()).not.toContain(old.thumbKey);

    // sent again (e.g. the answer was lost): still the picture, nothing deleted
    const again = await setFrom(me.token, '/api/myprofile/image/update', { documentId: docId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().picturedocument.id).toBe(docId);
    expect(storedNames()).toEqual(expect.arrayContaining([after.storageKey, after.thumbKey]));

    // the multipart form still replaces it (and deletes the adopted document)
    const replaced = await upload(
      t.app,
      me.token,
      { value: await pngOf(30, 30) },
      { id: String(me.user.id) },
      '/api/myprofile/image/update',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await rowOf(docId)).toBeUndefined();
    expect(storedNames()).not.toContain(after.storageKey);
  });

  it('refuses another profile id, another user’s document, a PDF, a foreign SVG, a document in use and bad bodies', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const theirs = await doc(other, await pngOf(20, 20));
    const mine = await doc(me, await pngOf(20, 20));
    const pdf = await doc(me, '%PDF-1.4\n%%EOF\n', 'menu.pdf');
    // an SVG with an outside reference is not even kept as a document (documents.test.ts)
    const refused = await upload(t.app, me.token, { value: SVG_EXTERNAL, filename: 'x.svg', contentType: 'image/svg+xml' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().key).toBe(ErrorKey.uploadActiveContent);
    const url = '/api/myprofile/image/update';

    const cases: [unknown, number, string][] = [
      [{ id: other.user.id, documentId: mine.id }, 403, ErrorKey.forbidden],
      [{ id: me.user.id, documentId: theirs.id }, 404, ErrorKey.documentNotFound],
      [{ documentId: 999_999_999 }, 404, ErrorKey.documentNotFound],
      [{ documentId: pdf.id }, 415, ErrorKey.uploadNotImage],
      [{ id: me.user.id }, 400, ErrorKey.validation],
      [{ documentId: 'x' }, 400, ErrorKey.validation],
      [{ documentId: -3 }, 400, ErrorKey.validation],
      [[mine.id], 400, ErrorKey.validation],
    ];
    for (const [body, status, key] of cases) {
      const res = await setFrom(me.token, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().key, JSON.stringify(body)).toBe(key);
    }
    // the other user's document is untouched and still private; nobody got a picture
    expect(await rowOf(theirs.id)).toMatchObject({ ownerId: other.user.id, visibility: 1, entityType: null });
    for (const id of [mine.id, pdf.id]) expect(await rowOf(id)).toMatchObject({ visibility: 1, entityType: null });
    expect((await get('/api/session/user', me.token)).json().picturedocument ?? null).toBeNull();
    expect((await get('/api/session/user', other.token)).json().picturedocument ?? null).toBeNull();
    // no temp file stays
    expect(filesUnder(tmpDir())).toEqual([]);
    // no login
    expect((await t.app.inject({ method: 'POST', url, payload: { documentId: mine.id } })).statusCode).toBe(401);

    // a document that already is something else (here: a place's picture) cannot become the profile picture
    const placeId = await addPlace(t.app, me.token, 'Odeonsplatz', SPOTS.marienplatz);
    const placePic = await upload(t.app, me.token, { value: await pngOf(20, 20) }, {}, `/api/place/${placeId}/picture`);
    expect(placePic.statusCode, placePic.body).toBe(200);
    const inUse = await setFrom(me.token, url, { documentId: placePic.json().id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().key).toBe(ErrorKey.documentInUse);
    expect(await rowOf(placePic.json().id)).toMatchObject({ entityType: 'place', entityId: placeId });
  });

  it('a logo from an SVG document gets its PNG thumbnail; only business accounts', async () => {
    const me = await signup(t.app);
    const mine = await doc(me, await pngOf(20, 20));
    const denied = await setFrom(me.token, '/api/myprofile/logo/update', { id: me.user.id, documentId: mine.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().key).toBe(ErrorKey.logoBusinessOnly);
    expect(await rowOf(mine.id)).toMatchObject({ visibility: 1, entityType: null });

    const biz = await signup(t.app, AccountType.business);
    const svg = await doc(biz, SVG, 'logo.svg');
    expect(svg.urlThumb240).toBeNull(); // a plain SVG document has none
    const res = await setFrom(biz.token, '/api/myprofile/logo/update', { id: biz.user.id, documentId: svg.id });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json().logodocument;
    expect(ref.id).toBe(svg.id);
    const row = await rowOf(svg.id);
    expect(row).toMatchObject({ entityType: 'profile-logo', entityId: biz.user.id, visibility: 255, sha256: sha256(Buffer.from(SVG)) });
    expect(row.thumbKey).toMatch(/-thumb\.png$/);
    const thumb = await get(ref.urlThumb240);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(THUMB_SIZE);
    expect((await get(`/api/document/${svg.id}/file`)).body).toBe(SVG);
    expect(filesUnder(tmpDir())).toEqual([]);
  });
});

describe('widget POI picture from a document', () => {
  it('only the widget owner with the flag; the revision grows, the old picture goes, the public widget shows it', async () => {
    const owner = await business(t.app, { widgetv2activated: true });
    const stranger = await business(t.app, { widgetv2activated: true });
    const noFlag = await signup(t.app, AccountType.business);
    const placeId = await addPlace(t.app, owner.token, 'Hofgarten', SPOTS.marienplatz);
    const w = await req(t.app, 'POST', '/api/widget/add', { body: { name: 'Tips' }, token: owner.token });
    expect(w.statusCode, w.body).toBe(200);
    const added = await req(t.app, 'POST', '/api/widgetpoi/add', { body: { widgetId: w.json().id, placeId }, token: owner.token });
    expect(added.statusCode, added.body).toBe(200);
    const poiId = added.json().pois[0].id as number;
    const widgetId = w.json().id as number;
    const revision = async () => (await t.database.db.select().from(widgets).where(eq(widgets.id, widgetId)))[0].revision;
    const publicPoi = async () => (await get(`/api/public/widget/${w.json().publicId}`)).json().pois[0];
    expect((await publicPoi()).pictureUrl).toBeNull(); // cached now

    const first = await upload(
      t.app,
      owner.token,
      { value: await pngOf(50, 40) },
      { data: JSON.stringify({ id: poiId }) },
      '/api/widgetpoi/image/update',
    );
    expect(first.statusCode, first.body).toBe(200);
    const old = await rowOf(first.json().id);
    const rev = await revision();

    const big = await resumable(owner, await exifJpeg(500, 300), 'poi.jpg');
    const strangers = await doc(stranger, await pngOf(20, 20));
    const nf = await doc(noFlag, await pngOf(20, 20));
    const url = '/api/widgetpoi/image/update';
    const refusals: [string, unknown, number, string][] = [
      [stranger.token, { id: poiId, documentId: strangers.id }, 404, ErrorKey.widgetPoiNotFound],
      [owner.token, { id: poiId, documentId: strangers.id }, 404, ErrorKey.documentNotFound],
      [owner.token, { documentId: big }, 400, ErrorKey.validation],
      [owner.token, { id: poiId + 999, documentId: big }, 404, ErrorKey.widgetPoiNotFound],
      [noFlag.token, { id: poiId, documentId: nf.id }, 403, ErrorKey.flagMissing],
    ];
    for (const [token, body, status, key] of refusals) {
      const res = await setFrom(token, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().key).toBe(key);
    }
    expect(await revision()).toBe(rev);
    expect(await rowOf(strangers.id)).toMatchObject({ visibility: 1, entityType: null });

    const res = await setFrom(owner.token, url, { id: poiId, documentId: big });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: big, entityType: 'widget-poi', entityId: poiId, visibility: 255 });
    expect(await revision()).toBe(rev + 1);
    expect((await t.database.db.select().from(widgetPois).where(eq(widgetPois.id, poiId)))[0].pictureDocumentId).toBe(big);
    expect(await rowOf(old.id)).toBeUndefined();
    expect(storedNames()).not.toContain(old.storageKey);
    // the widget's public answer drops its cache at once
    expect((await publicPoi()).pictureUrl).toMatch(new RegExp(`^/api/document/${big}/file`));
    expect((await get((await publicPoi()).thumbUrl)).statusCode).toBe(200);
  });
});

describe('place picture from a document', () => {
  it('the creator turns an own document into a place picture; others cannot; the JSON id must be the path’s', async () => {
    const creator = await signup(t.app);
    const other = await signup(t.app);
    const placeId = await addPlace(t.app, creator.token, 'Viktualienmarkt', SPOTS.viktualienmarkt);
    const mine = await resumable(creator, await exifJpeg(300, 200), 'market.jpg');
    const theirs = await doc(other, await pngOf(20, 20));
    const pdf = await doc(creator, '%PDF-1.4\n%%EOF\n', 'menu.pdf');
    const url = `/api/place/${placeId}/picture`;

    const refusals: [string, string, unknown, number, string][] = [
      [other.token, url, { documentId: theirs.id }, 403, ErrorKey.placeForbidden],
      [creator.token, url, { documentId: theirs.id }, 404, ErrorKey.documentNotFound],
      [creator.token, url, { id: placeId + 1, documentId: mine }, 400, ErrorKey.validation],
      [creator.token, url, { documentId: pdf.id }, 415, ErrorKey.uploadNotImage],
      [creator.token, '/api/place/999999/picture', { documentId: mine }, 404, ErrorKey.placeNotFound],
    ];
    for (const [token, at, body, status, key] of refusals) {
      const res = await setFrom(token, at, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().key).toBe(key);
    }
    expect(await rowOf(theirs.id)).toMatchObject({ entityType: null, visibility: 1 });

    const res = await setFrom(creator.token, url, { id: placeId, documentId: mine });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine, entityType: 'place', entityId: placeId, visibility: 255, width: 200, height: 300 });
    const list = await get(`/api/place/${placeId}/pictures`, other.token);
    expect(list.json().list.map((d: { id: number }) => d.id)).toEqual([mine]);
    expect((await get(res.json().urlThumb240)).statusCode).toBe(200);

    // a private place: the picture stays private
    const secret = await addPlace(t.app, creator.token, 'Secret spot', SPOTS.nymphenburg, { visibility: { id: 1 } });
    const hidden = await doc(creator, await pngOf(20, 20));
    const priv = await setFrom(creator.token, `/api/place/${secret}/picture`, { documentId: hidden.id });
    expect(priv.statusCode, priv.body).toBe(200);
    expect(priv.json()).toMatchObject({ visibility: 1, entityType: 'place', entityId: secret });
    expect((await get(priv.json().url)).statusCode).toBe(404);
    // a picture of one place cannot move to another
    const moved = await setFrom(creator.token, url, { documentId: hidden.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().key).toBe(ErrorKey.documentInUse);
  });

  it('the multipart form still works, and a body that is neither form nor JSON is refused', async () => {
    const creator = await signup(t.app);
    const placeId = await addPlace(t.app, creator.token, 'Marienplatz', SPOTS.marienplatz);
    const res = await upload(
      t.app,
      creator.token,
      { value: await pngOf(20, 20) },
      { data: JSON.stringify({ name: 'Stalls' }) },
      `/api/place/${placeId}/picture`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ name: 'Stalls' });
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/place/${placeId}/picture`,
      headers: { 'x-auth-token': creator.token, 'content-type': 'text/plain' },
      payload: '{"documentId":1}',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().key).toBe(ErrorKey.badContentType);
  });
});
