import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType, ErrorKey, THUMB_SIZE } from '@spotlist/contracts';
import { buildTestApp, req, PASSWORD, signup, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { documents, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import { business } from '../../../test/widget-helpers.ts';
import { exifJpeg, filesUnder, pixelFloodPng, pngOf, sha256, upload } from '../../../test/document-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A wide red bar, with internal references only. */
const SVG_LOGO =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="100" viewBox="0 0 300 100">' +
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
  '<rect width="300" height="100" fill="url(#g)"/><use xlink:href="#g"/></svg>';
/** SVGs that could run script where they are opened: refused for every upload. */
const SVG_ACTIVE = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><SCRIPT >alert(1)</SCRIPT></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" onmouseover = \'alert(1)\'/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a href="jav&#x61;script:alert(1)"><rect width="10" height="10"/></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a href="java\tscript:alert(1)"><rect width="10" height="10"/></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><set attributeName="onmouseover" to="alert(1)"/></svg>',
];
/** SVGs that reference something outside themselves: refused as pictures. */
const SVG_EXTERNAL = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://example.com/a.png" width="10" height="10"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file:///etc/passwd" width="10" height="10"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href = \'//example.com/a.png\'/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>@import "https://example.com/a.css";</style></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill: URL( \'http://example.com/p.svg#x\')"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill: u&#114;l(http://example.com/p.svg#x)"/></svg>',
];
/** An external entity: not even taken for an SVG (the type check stops at the internal subset). */
const SVG_ENTITY =
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>';

const filesDir = () => path.join(t.dataDir, 'files');
const tmpDir = () => path.join(t.dataDir, 'tmp');
const get = (url: string, token?: string) => req(t.app, 'GET', url, { token });
const rowCount = async (ownerId: number) => (await t.database.db.select().from(documents).where(eq(documents.ownerId, ownerId))).length;

describe('upload of a JPEG with EXIF orientation and GPS', () => {
  it('stores it re-encoded, rotated, without metadata, with a thumbnail of at most 240 px', async () => {
    const me = await signup(t.app);
    const source = await exifJpeg(600, 300);
    const res = await upload(
      t.app,
      me.token,
      { value: source, filename: 'Ferien Foto ü.jpg' },
      { data: JSON.stringify({ name: 'Beach', note: 'kept' }) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ mimeType: 'image/jpeg', width: 300, height: 600, fileName: 'Ferien Foto ü.jpg', visibility: 1 });
    expect(doc.data).toEqual({ name: 'Beach', note: 'kept' });
    expect(doc.url).toMatch(new RegExp(`^/api/document/${doc.id}/file`));
    expect(doc.urlThumb240).toMatch(new RegExp(`^/api/document/${doc.id}/thumb`));

    const file = await get(doc.url, me.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['content-disposition']).toBe(`inline; filename="Ferien Foto _.jpg"; filename*=UTF-8''Ferien%20Foto%20%C3%BC.jpg`);
    expect(file.headers['cache-control']).toMatch(/private, max-age=\d{7,}/);
    const stored = file.rawPayload;
    expect(sha256(stored)).toBe(doc.sha256);
    expect(stored.length).toBe(doc.sizeBytes);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([300, 600]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SECRET-MARKER')).toBe(false);
    expect(source.includes('SECRET-MARKER')).toBe(true);

    const thumb = await get(doc.urlThumb240, me.token);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(tm.width!, tm.height!)).toBeLessThanOrEqual(THUMB_SIZE);
    expect([tm.width, tm.height]).toEqual([120, 240]);
    expect(tm.exif).toBeUndefined();

    // the keys on disk are generated, not the client's name
    const onDisk = filesUnder(filesDir());
    expect(onDisk.some((p) => p.includes('Ferien'))).toBe(false);
    expect(filesUnder(tmpDir())).toEqual([]);
  });
});

describe('the resource calls', () => {
  it('lists, gets, updates, replaces the file of, and deletes a document (with its files)', async () => {
    const me = await signup(t.app);
    const a = (await upload(t.app, me.token, { value: await pngOf(50, 40), filename: 'a.png' })).json();
    const b = (await upload(t.app, me.token, { value: await exifJpeg(80, 60), filename: 'b.jpg' }, {}, '/api/document/add')).json();
    expect(a.mimeType).toBe('image/png');
    expect(b.mimeType).toBe('image/jpeg');

    const list = await get('/api/document/list?o.sort=id', me.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().list.map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
    const filtered = await get('/api/document/list?f.mimeType=image/png', me.token);
    expect(filtered.json().list.map((d: { id: number }) => d.id)).toEqual([a.id]);
    expect((await get('/api/document/list?f.nope=1', me.token)).statusCode).toBe(400);

    expect((await get(`/api/document/${a.id}`, me.token)).json()).toEqual(a);

    const upd = await req(t.app, 'POST', `/api/document/update/${a.id}`, {
      body: { fileName: 'renamed.png', data: { description: 'd' } },
      token: me.token,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ id: a.id, fileName: 'renamed.png', data: { description: 'd' }, sha256: a.sha256 });
    expect((await req(t.app, 'POST', `/api/document/update/${a.id}`, { body: { visibility: 7 }, token: me.token })).statusCode).toBe(400);

    const quota = await get('/api/document/quota', me.token);
    expect(quota.json()).toEqual({ usedBytes: a.sizeBytes + b.sizeBytes, limitBytes: t.config.UPLOAD_QUOTA_BYTES });

    // data.id: the file of an existing own document is replaced; the id stays, the old files go
    const [before] = await t.database.db.select().from(documents).where(eq(documents.id, a.id));
    const rep = await upload(t.app, me.token, { value: await pngOf(70, 20), filename: 'new.png' }, { data: JSON.stringify({ id: a.id }) });
    expect(rep.statusCode, rep.body).toBe(200);
    expect(rep.json()).toMatchObject({ id: a.id, width: 70, height: 20, fileName: 'new.png', data: { description: 'd' } });
    expect(rep.json().sha256).not.toBe(a.sha256);
    expect(rep.json().url).not.toBe(a.url);
    const names = filesUnder(filesDir()).map((p) => path.basename(p));
    expect(names).not.toContain(before.storageKey);
    expect(names).not.toContain(before.thumbKey);

    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, b.id));
    expect(filesUnder(filesDir()).map((p) => path.basename(p))).toEqual(expect.arrayContaining([row.storageKey, row.thumbKey]));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/document/delete/${b.id}`, headers: { 'x-auth-token': me.token } });
    expect(del.statusCode).toBe(200);
    const after = filesUnder(filesDir()).map((p) => path.basename(p));
    expect(after).not.toContain(row.storageKey);
    expect(after).not.toContain(row.thumbKey);
    expect((await get(`/api/document/${b.id}`, me.token)).statusCode).toBe(404);
    expect((await get(`/api/document/${b.id}/file`, me.token)).statusCode).toBe(404);
  });

  it('requires a login for everything but public files', async () => {
    expect((await get('/api/document/list')).statusCode).toBe(401);
    expect((await upload(t.app, undefined, { value: await pngOf(10, 10) })).statusCode).toBe(401);
  });
});

describe('two users', () => {
  it('cannot see or change each other’s documents; a public one is readable by anyone', async () => {
    const alice = await signup(t.app);
    const bob = await signup(t.app);
    const doc = (await upload(t.app, alice.token, { value: await pngOf(30, 30), filename: 'secret.png' })).json();
    for (const url of [`/api/document/${doc.id}`, `/api/document/${doc.id}/file`, `/api/document/${doc.id}/thumb`]) {
      const res = await get(url, bob.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().key).toBe(ErrorKey.documentNotFound);
      expect((await get(url)).statusCode, url).toBe(url.endsWith(`${doc.id}`) ? 401 : 404);
    }
    expect((await req(t.app, 'POST', `/api/document/update/${doc.id}`, { body: { fileName: 'x' }, token: bob.token })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/document/delete/${doc.id}`, headers: { 'x-auth-token': bob.token } })).statusCode,
    ).toBe(404);
    const steal = await upload(t.app, bob.token, { value: await pngOf(5, 5) }, { data: JSON.stringify({ id: doc.id }) });
    expect(steal.statusCode).toBe(404);
    expect((await get('/api/document/list', bob.token)).json().total).toBe(0);
    expect((await get(`/api/document/${doc.id}/file`, alice.token)).statusCode).toBe(200);

    await req(t.app, 'POST', `/api/document/update/${doc.id}`, { body: { visibility: 255 }, token: alice.token });
    const pub = await get(`/api/document/${doc.id}/file`);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get(`/api/document/${doc.id}/thumb`)).statusCode).toBe(200);
    expect((await get(`/api/document/${doc.id}`, bob.token)).statusCode).toBe(200);
    // still not bob's to change
    expect((await req(t.app, 'POST', `/api/document/update/${doc.id}`, { body: { fileName: 'x' }, token: bob.token })).statusCode).toBe(
      404,
    );
  });
});

describe('refused uploads', () => {
  const jpegPromise = exifJpeg(40, 40);
  const cases: [string, () => Promise<Parameters<typeof upload>[2]>, Record<string, string>, number, string][] = [
    [
      'a PHP file named x.jpg',
      async () => ({ value: '<?php system($_GET["c"]); ?>', filename: 'x.jpg', contentType: 'image/jpeg' }),
      {},
      415,
      ErrorKey.uploadType,
    ],
    [
      'a JPEG with HTML appended',
      async () => ({ value: Buffer.concat([await jpegPromise, Buffer.from('<html><script>alert(1)</script></html>')]), filename: 'p.jpg' }),
      {},
      422,
      ErrorKey.uploadCorrupt,
    ],
    [
      'an HTML file starting with JPEG magic',
      async () => ({
        value: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><body>hi</body></html>')]),
        filename: 'p.jpg',
      }),
      {},
      422,
      ErrorKey.uploadCorrupt,
    ],
    ['a truncated JPEG', async () => ({ value: (await jpegPromise).subarray(0, 400), filename: 't.jpg' }), {}, 422, ErrorKey.uploadCorrupt],
    [
      'a pixel flood (20000×20000 PNG)',
      async () => ({ value: pixelFloodPng(), filename: 'flood.png', contentType: 'image/png' }),
      {},
      422,
      ErrorKey.uploadPixels,
    ],
    ['a NUL in the file name', async () => ({ value: await jpegPromise, filename: 'a\u0000.jpg' }), {}, 400, ErrorKey.uploadFileName],
    ['bad data JSON', async () => ({ value: await jpegPromise }), { data: '{"name":' }, 400, ErrorKey.uploadMalformed],
    ['data that is an array', async () => ({ value: await jpegPromise }), { data: '[1,2]' }, 400, ErrorKey.uploadMalformed],
    ['bad extraData JSON', async () => ({ value: await jpegPromise }), { extraData: 'nope' }, 400, ErrorKey.uploadMalformed],
    ['a data field against the schema', async () => ({ value: await jpegPromise }), { data: '{"visibility":3}' }, 400, ErrorKey.validation],
    ['no file', async () => null, { data: '{}' }, 400, ErrorKey.uploadNoFile],
    ['an empty file', async () => ({ value: Buffer.alloc(0) }), {}, 400, ErrorKey.uploadNoFile],
  ];
  for (const [name, file, fields, status, key] of cases) {
    it(`refuses ${name} with ${status} ${key}, storing nothing`, async () => {
      const me = await signup(t.app);
      const before = filesUnder(filesDir()).length;
      const res = await upload(t.app, me.token, await file(), fields);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().key).toBe(key);
      expect(await rowCount(me.user.id)).toBe(0);
      expect(filesUnder(filesDir()).length).toBe(before);
      expect(filesUnder(tmpDir())).toEqual([]);
    });
  }

  it('refuses a malformed multipart body (truncated boundary)', async () => {
    const me = await signup(t.app);
    const boundary = '----spotlistbroken';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      await exifJpeg(40, 40),
      Buffer.from(`\r\n--${boundary.slice(0, 6)}`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/document/upload',
      headers: { 'x-auth-token': me.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().key).toBe(ErrorKey.uploadMalformed);
    expect(await rowCount(me.user.id)).toBe(0);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('refuses a JSON body and a second file', async () => {
    const me = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/document/upload', { body: { a: 1 }, token: me.token })).json().key).toBe(
      ErrorKey.badContentType,
    );
    const { multipart } = await import('../../../test/place-helpers.ts');
    const two = multipart([
      { name: 'file', value: await pngOf(5, 5), filename: 'a.png' },
      { name: 'file', value: await pngOf(5, 5), filename: 'b.png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/document/upload',
      headers: { 'x-auth-token': me.token, 'content-type': two.contentType },
      payload: two.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await rowCount(me.user.id)).toBe(0);
    expect(filesUnder(tmpDir())).toEqual([]);
  });
});

describe('other raster types', () => {
  it('re-encodes WebP and animated GIF as themselves and AVIF as WebP, each with a thumbnail', async () => {
    const me = await signup(t.app);
    const base = () => sharp({ create: { width: 500, height: 250, channels: 3, background: { r: 10, g: 150, b: 60 } } });
    const webp = await base().webp().toBuffer();
    const avif = await base().avif({ effort: 0 }).toBuffer();
    const frame = (c: string) =>
      sharp({ create: { width: 40, height: 60, channels: 4, background: c } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    for (const [buf, sent, stored, w, h] of [
      [webp, 'image/webp', 'image/webp', 500, 250],
      [avif, 'image/avif', 'image/webp', 500, 250],
      [gif, 'image/gif', 'image/gif', 40, 60],
    ] as const) {
      const res = await upload(t.app, me.token, { value: buf, filename: 'x', contentType: 'application/octet-stream' });
      expect(res.statusCode, `${sent}: ${res.body}`).toBe(200);
      expect(res.json(), sent).toMatchObject({ mimeType: stored, width: w, height: h });
      const file = await get(res.json().url, me.token);
      expect(file.headers['content-type']).toBe(stored);
      const meta = await sharp(file.rawPayload, { animated: true }).metadata();
      expect(meta.format).toBe(stored === 'image/webp' ? 'webp' : 'gif');
      if (sent === 'image/gif') expect(meta.pages).toBe(3);
      const thumb = await get(res.json().urlThumb240, me.token);
      const tm = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(tm.width!, tm.height!)).toBeLessThanOrEqual(THUMB_SIZE);
    }
  });
});

describe('SVG and PDF', () => {
  it('refuses an SVG with script or an outside reference (422 error.upload.activecontent) and stores nothing', async () => {
    const me = await signup(t.app);
    for (const svg of [...SVG_ACTIVE, ...SVG_EXTERNAL]) {
      const res = await upload(t.app, me.token, { value: svg, filename: 'logo.svg', contentType: 'image/svg+xml' });
      expect(res.statusCode, svg).toBe(422);
      expect(res.json().key, svg).toBe(ErrorKey.uploadActiveContent);
    }
    expect((await get('/api/document/list', me.token)).json().total).toBe(0);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('keeps a clean SVG as is, but serves it only as an attachment under a sandboxing CSP', async () => {
    const me = await signup(t.app);
    const svg = SVG_LOGO;
    const res = await upload(t.app, me.token, { value: svg, filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ mimeType: 'image/svg+xml', urlThumb240: null, width: null });
    const file = await get(doc.url, me.token);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(svg);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`/api/document/${doc.id}/thumb`, me.token)).statusCode).toBe(404);
  });

  it('refuses a PDF that can run JavaScript or a program, however it is spelled or packed', async () => {
    const me = await signup(t.app);
    const objStm = (body: string) => {
      const packed = zlib.deflateSync(Buffer.from(body));
      return Buffer.concat([
        Buffer.from(`%PDF-1.5\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`),
        packed,
        Buffer.from('\nendstream\nendobj\ntrailer<<>>\n%%EOF\n'),
      ]);
    };
    const active = [
      Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>endobj\ntrailer<<>>\n%%EOF\n'),
      Buffer.from('%PDF-1.4\n1 0 obj<< /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>endobj\n%%EOF\n'),
      Buffer.from('%PDF-1.4\n1 0 obj<< /OpenAction << /S /Launch /F (calc.exe) >> >>endobj\n%%EOF\n'),
      objStm('1 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>'),
    ];
    for (const pdf of active) {
      const res = await upload(t.app, me.token, { value: pdf, filename: 'menu.pdf', contentType: 'application/pdf' });
      expect(res.statusCode, pdf.toString('latin1').slice(0, 60)).toBe(422);
      expect(res.json().key).toBe(ErrorKey.uploadActiveContent);
    }
    // packed objects without script are fine
    const quiet = await upload(t.app, me.token, { value: objStm('1 0 << /Type /Page >>'), filename: 'menu.pdf' });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect((await get('/api/document/list', me.token)).json().total).toBe(1);
  });

  it('keeps a PDF byte for byte, as an attachment', async () => {
    const me = await signup(t.app);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = (await upload(t.app, me.token, { value: pdf, filename: 'menu.pdf', contentType: 'application/pdf' })).json();
    expect(doc.sha256).toBe(sha256(pdf));
    const file = await get(doc.url, me.token);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="menu.pdf"; filename*=UTF-8''menu.pdf`);
  });
});

describe('limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({ config: { UPLOAD_MAX_BYTES: '20000', UPLOAD_QUOTA_BYTES: '30000' } });
  });
  afterAll(async () => {
    await small.close();
  });

  it('refuses a file over UPLOAD_MAX_BYTES and an upload over the quota; nothing is stored', async () => {
    const me = await signup(small.app);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25_000, 0x20)]);
    const res = await upload(small.app, me.token, { value: big, filename: 'big.pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json().key).toBe(ErrorKey.uploadTooLarge);

    const part = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(18_000, 0x20)]);
    expect((await upload(small.app, me.token, { value: part, filename: 'one.pdf' })).statusCode).toBe(200);
    const files = filesUnder(path.join(small.dataDir, 'files')).length;
    const over = await upload(small.app, me.token, { value: part, filename: 'two.pdf' });
    expect(over.statusCode).toBe(413);
    expect(over.json().key).toBe(ErrorKey.uploadQuota);
    const rows = await small.database.db.select().from(documents).where(eq(documents.ownerId, me.user.id));
    expect(rows.length).toBe(1);
    expect(filesUnder(path.join(small.dataDir, 'files')).length).toBe(files);
    expect(filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
    const quota = await small.app.inject({ method: 'GET', url: '/api/document/quota', headers: { 'x-auth-token': me.token } });
    expect(quota.json()).toEqual({ usedBytes: part.length, limitBytes: 30000 });

    // replacing the one file with one of the same size fits: the old size is freed
    const rep = await upload(small.app, me.token, { value: part, filename: 'three.pdf' }, { data: JSON.stringify({ id: rows[0].id }) });
    expect(rep.statusCode, rep.body).toBe(200);
  });
});

describe('profile picture and logo', () => {
  it('sets the picture (public, in the session user), replaces it deleting the old files', async () => {
    const me = await signup(t.app);
    const first = await upload(
      t.app,
      me.token,
      { value: await exifJpeg(400, 200) },
      { data: JSON.stringify({ id: me.user.id }) },
      '/api/myprofile/image/update',
    );
    expect(first.statusCode, first.body).toBe(200);
    const ref = first.json().picturedocument;
    expect(ref.urlThumb240).toMatch(new RegExp(`^/api/document/${ref.id}/thumb\\?v=`));
    const session = await get('/api/session/user', me.token);
    expect(session.json().picturedocument).toEqual(ref);
    // public: anyone may fetch it
    const thumb = await get(ref.urlThumb240);
    expect(thumb.statusCode).toBe(200);
    expect(
      Math.max((await sharp(thumb.rawPayload).metadata()).width!, (await sharp(thumb.rawPayload).metadata()).height!),
    ).toBeLessThanOrEqual(240);
    const [old] = await t.database.db.select().from(documents).where(eq(documents.id, ref.id));
    expect(old).toMatchObject({ visibility: 255, entityType: 'profile-picture', entityId: me.user.id });

    // the id as a plain field works too
    const second = await upload(
      t.app,
      me.token,
      { value: await pngOf(64, 64), filename: 'me.png' },
      { id: String(me.user.id) },
      '/api/myprofile/image/update',
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().picturedocument.id).not.toBe(ref.id);
    expect((await get(`/api/document/${ref.id}`, me.token)).statusCode).toBe(404);
    const names = filesUnder(filesDir()).map((p) => path.basename(p));
    expect(names).not.toContain(old.storageKey);
    expect(names).not.toContain(old.thumbKey);
    expect(await rowCount(me.user.id)).toBe(1);
  });

  it('refuses another profile id, a non-image, and a logo for a private account', async () => {
    const me = await signup(t.app);
    const other = await upload(
      t.app,
      me.token,
      { value: await pngOf(8, 8) },
      { data: JSON.stringify({ id: me.user.id + 1000 }) },
      '/api/myprofile/image/update',
    );
    expect(other.statusCode).toBe(403);
    const pdf = await upload(
      t.app,
      me.token,
      { value: '%PDF-1.4\n%%EOF\n', filename: 'a.png', contentType: 'image/png' },
      {},
      '/api/myprofile/image/update',
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().key).toBe(ErrorKey.uploadNotImage);
    for (const external of SVG_EXTERNAL) {
      const res = await upload(
        t.app,
        me.token,
        { value: external, filename: 'a.svg', contentType: 'image/svg+xml' },
        {},
        '/api/myprofile/image/update',
      );
      expect(res.statusCode, external).toBe(422);
      expect(res.json().key).toBe(ErrorKey.uploadActiveContent);
    }
    const entity = await upload(t.app, me.token, { value: SVG_ENTITY, filename: 'a.svg' }, {}, '/api/myprofile/image/update');
    expect(entity.statusCode).toBe(415);
    expect(entity.json().key).toBe(ErrorKey.uploadType);
    const logo = await upload(
      t.app,
      me.token,
      { value: await pngOf(8, 8) },
      { data: JSON.stringify({ id: me.user.id }) },
      '/api/myprofile/logo/update',
    );
    expect(logo.statusCode).toBe(403);
    expect(logo.json().key).toBe(ErrorKey.logoBusinessOnly);
    expect(await rowCount(me.user.id)).toBe(0);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('sets a business logo', async () => {
    const biz = await signup(t.app, AccountType.business);
    const res = await upload(
      t.app,
      biz.token,
      { value: await pngOf(300, 100), filename: 'logo.png' },
      { data: JSON.stringify({ id: biz.user.id }) },
      '/api/myprofile/logo/update',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logodocument.urlThumb240).toMatch(/\/thumb\?v=/);
    expect((await get('/api/session/user', biz.token)).json().logodocument).toEqual(res.json().logodocument);
  });

  it('takes an SVG logo as is, with a PNG thumbnail of at most 240 px', async () => {
    const biz = await signup(t.app, AccountType.business);
    const res = await upload(
      t.app,
      biz.token,
      { value: SVG_LOGO, filename: 'logo.svg', contentType: 'image/svg+xml' },
      { data: JSON.stringify({ id: biz.user.id }) },
      '/api/myprofile/logo/update',
    );
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json().logodocument;
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, ref.id));
    expect(row).toMatchObject({
      mimeType: 'image/svg+xml',
      entityType: 'profile-logo',
      visibility: 255,
      sha256: sha256(Buffer.from(SVG_LOGO)),
    });
    expect(row.thumbKey).toMatch(/-thumb\.png$/);
    const thumb = await get(ref.urlThumb240);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBe(THUMB_SIZE);
    // the red bar is rendered
    const { data, info } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(Math.floor(info.width / 2), Math.floor(info.height / 2))).toEqual([255, 0, 0]);
    // the original stays as sent, a download under the sandboxing CSP
    const file = await get(`/api/document/${ref.id}/file`);
    expect(file.body).toBe(SVG_LOGO);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(filesUnder(tmpDir())).toEqual([]);
  });
});

describe('widget POI picture', () => {
  it('only the widget owner with a widget flag sets it; the widget revision grows; the old picture goes', async () => {
    const owner = await signup(t.app, AccountType.business);
    const stranger = await signup(t.app, AccountType.business);
    const db = t.database.db;
    const placeId = await addPlace(t.app, owner.token, 'Marienplatz', SPOTS.marienplatz);
    const [w] = await db
      .insert(widgets)
      .values({ ownerId: owner.user.id, publicId: `w${Date.now()}`, name: 'W' })
      .returning();
    const [poi] = await db.insert(widgetPois).values({ widgetId: w.id, placeId, position: 0 }).returning();
    const img = await exifJpeg(120, 90);
    const sendImg = (token: string, id = poi.id) =>
      upload(t.app, token, { value: img }, { data: JSON.stringify({ id }) }, '/api/widgetpoi/image/update');

    const noFlag = await sendImg(owner.token);
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().key).toBe(ErrorKey.flagMissing);
    // the flag of another version is not enough for this (version 2) widget, as in the widgets module
    await db.update(users).set({ widgetv1activated: true }).where(eq(users.id, owner.user.id));
    const v1Only = await sendImg(owner.token);
    expect(v1Only.statusCode).toBe(403);
    expect(v1Only.json().key).toBe(ErrorKey.flagMissing);
    expect(await rowCount(owner.user.id)).toBe(0);
    await db.update(users).set({ widgetv2activated: true }).where(eq(users.id, owner.user.id));
    await db.update(users).set({ widgetv2activated: true }).where(eq(users.id, stranger.user.id));
    expect((await sendImg(stranger.token)).statusCode).toBe(404);
    expect((await sendImg(owner.token, poi.id + 999)).statusCode).toBe(404);

    const first = await sendImg(owner.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ entityType: 'widget-poi', entityId: poi.id, visibility: 255 });
    expect((await db.select().from(widgets).where(eq(widgets.id, w.id)))[0].revision).toBe(w.revision + 1);
    expect((await db.select().from(widgetPois).where(eq(widgetPois.id, poi.id)))[0].pictureDocumentId).toBe(first.json().id);
    expect((await get(first.json().urlThumb240)).statusCode).toBe(200);

    const [old] = await db.select().from(documents).where(eq(documents.id, first.json().id));
    const second = await sendImg(owner.token);
    expect(second.statusCode).toBe(200);
    expect((await db.select().from(widgets).where(eq(widgets.id, w.id)))[0].revision).toBe(w.revision + 2);
    expect((await db.select().from(documents).where(eq(documents.id, old.id))).length).toBe(0);
    expect(filesUnder(filesDir()).map((p) => path.basename(p))).not.toContain(old.storageKey);
  });
});

describe('widget POI picture and the public widget', () => {
  it('the public answer right after the picture update (and after deleting it) shows the change', async () => {
    const owner = await business(t.app, { widgetv2activated: true });
    const placeId = await addPlace(t.app, owner.token, 'Hofgarten', SPOTS.marienplatz);
    const w = await req(t.app, 'POST', '/api/widget/add', { body: { name: 'Tips' }, token: owner.token });
    expect(w.statusCode, w.body).toBe(200);
    const added = await req(t.app, 'POST', '/api/widgetpoi/add', { body: { widgetId: w.json().id, placeId }, token: owner.token });
    expect(added.statusCode, added.body).toBe(200);
    const poiId = added.json().pois[0].id as number;
    const publicPois = async () => {
      const res = await get(`/api/public/widget/${w.json().publicId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().pois as { pictureUrl: string | null; thumbUrl: string | null }[];
    };
    expect((await publicPois())[0].pictureUrl).toBeNull(); // now cached for PUBLIC_WIDGET_TTL_MS

    const first = await upload(
      t.app,
      owner.token,
      { value: await pngOf(50, 40) },
      { data: JSON.stringify({ id: poiId }) },
      '/api/widgetpoi/image/update',
    );
    expect(first.statusCode, first.body).toBe(200);
    const shown = (await publicPois())[0];
    expect(shown.pictureUrl).toMatch(new RegExp(`^/api/document/${first.json().id}/file`));
    expect(shown.thumbUrl).toMatch(new RegExp(`^/api/document/${first.json().id}/thumb`));

    const second = await upload(
      t.app,
      owner.token,
      { value: await pngOf(60, 40) },
      { data: JSON.stringify({ id: poiId }) },
      '/api/widgetpoi/image/update',
    );
    expect(second.statusCode, second.body).toBe(200);
    expect((await publicPois())[0].pictureUrl).toMatch(new RegExp(`^/api/document/${second.json().id}/file`));

    const del = await req(t.app, 'DELETE', `/api/document/delete/${second.json().id}`, { token: owner.token });
    expect(del.statusCode, del.body).toBe(200);
    expect((await publicPois())[0]).toMatchObject({ pictureUrl: null, thumbUrl: null });
  });
});

describe('account', () => {
  it('deleting the account deletes its files; the export lists its documents', async () => {
    const me = await signup(t.app);
    const doc = (await upload(t.app, me.token, { value: await pngOf(20, 20), filename: 'x.png' })).json();
    await upload(t.app, me.token, { value: await pngOf(30, 30) }, {}, '/api/myprofile/image/update');
    const exp = await get('/api/myprofile/export', me.token);
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.json().documents.map((d: { id: number }) => d.id)).toContain(doc.id);
    expect(exp.json().documents).toHaveLength(2);

    const rows = await t.database.db.select().from(documents).where(eq(documents.ownerId, me.user.id));
    const keys = rows.flatMap((r) => [r.storageKey, r.thumbKey]);
    expect(filesUnder(filesDir()).map((p) => path.basename(p))).toEqual(expect.arrayContaining(keys));
    const del = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: PASSWORD }, token: me.token });
    expect(del.statusCode, del.body).toBe(200);
    const left = filesUnder(filesDir()).map((p) => path.basename(p));
    for (const k of keys) expect(left).not.toContain(k);
    expect(fs.existsSync(filesDir())).toBe(true);
  });
});

describe('place pictures', () => {
  it('the creator adds a picture (public for a public place); others read it but cannot add', async () => {
    const creator = await signup(t.app);
    const other = await signup(t.app);
    const placeId = await addPlace(t.app, creator.token, 'Viktualienmarkt', SPOTS.viktualienmarkt);
    const img = await exifJpeg(300, 200);
    const send = (token: string, id = placeId) =>
      upload(
        t.app,
        token,
        { value: img, filename: 'market.jpg' },
        { data: JSON.stringify({ name: 'Stalls' }) },
        `/api/place/${id}/picture`,
      );

    const res = await send(creator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      entityType: 'place',
      entityId: placeId,
      visibility: 255,
      width: 200,
      height: 300,
      data: { name: 'Stalls' },
    });

    const forbidden = await send(other.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().key).toBe(ErrorKey.placeForbidden);
    expect((await send(creator.token, 999_999)).statusCode).toBe(404);
    const pdf = await upload(t.app, creator.token, { value: '%PDF-1.4\n%%EOF\n' }, {}, `/api/place/${placeId}/picture`);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().key).toBe(ErrorKey.uploadNotImage);
    const external = await upload(t.app, creator.token, { value: SVG_EXTERNAL[0], filename: 'x.svg' }, {}, `/api/place/${placeId}/picture`);
    expect(external.statusCode).toBe(422);
    expect(external.json().key).toBe(ErrorKey.uploadActiveContent);
    const svg = await upload(t.app, creator.token, { value: SVG_LOGO, filename: 'sign.svg' }, {}, `/api/place/${placeId}/picture`);
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.json()).toMatchObject({ mimeType: 'image/svg+xml', entityType: 'place', width: 300, height: 100 });
    expect((await get(svg.json().urlThumb240)).headers['content-type']).toBe('image/png');
    expect((await req(t.app, 'DELETE', `/api/document/delete/${svg.json().id}`, { token: creator.token })).statusCode).toBe(200);

    const list = await get(`/api/place/${placeId}/pictures`, other.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().list.map((d: { id: number }) => d.id)).toEqual([res.json().id]);
    expect((await get(res.json().urlThumb240)).statusCode).toBe(200);
    expect(await rowCount(other.user.id)).toBe(0);
  });

  it('a private place’s picture is private, and the place stays hidden from others', async () => {
    const creator = await signup(t.app);
    const other = await signup(t.app);
    const placeId = await addPlace(t.app, creator.token, 'Secret spot', SPOTS.nymphenburg, { visibility: { id: 1 } });
    const res = await upload(t.app, creator.token, { value: await pngOf(20, 20) }, {}, `/api/place/${placeId}/picture`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visibility).toBe(1);
    expect((await get(`/api/place/${placeId}/pictures`, other.token)).statusCode).toBe(404);
    expect((await get(res.json().url)).statusCode).toBe(404);
    expect((await get(`/api/place/${placeId}/pictures`, creator.token)).json().total).toBe(1);
  });
});
