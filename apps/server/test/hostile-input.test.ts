import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, signup, type LoggedIn, type Res, type TestApp } from './helpers.ts';
import { pngOf, upload } from './document-helpers.ts';

/**
 * Input PostgreSQL or the framework would choke on answers a 4xx `{ key }` before it gets there,
 * never a 500, never the framework's own body, never an echo of what was sent.
 */
let t: TestApp;
let user: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signup(t.app);
});
afterAll(() => t.close());

const NUL = '\u0000';
const keyed = (res: Res, status: number, key?: string) => {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  const body = res.json();
  expect(Object.keys(body).filter((k) => k !== 'fields')).toEqual(['key']);
  if (key) expect(body.key).toBe(key);
  return body;
};

describe('NUL characters', () => {
  it('in free-form JSON (settings, document data) are refused with 400 and change nothing', async () => {
    const before = (await req(t.app, 'GET', '/api/setting/', { token: user.token })).body;
    keyed(
      await req(t.app, 'POST', '/api/setting/save', { token: user.token, body: { key: 'theme', value: { mode: `da${NUL}rk` } } }),
      400,
      'error.request.character',
    );
    keyed(
      await req(t.app, 'POST', '/api/setting/save', { token: user.token, body: { key: 'theme', value: { [`mo${NUL}de`]: 'x' } } }),
      400,
      'error.request.character',
    );
    expect((await req(t.app, 'GET', '/api/setting/', { token: user.token })).body).toBe(before);
  });

  it("in an upload's JSON fields (multipart) or a document update are refused with 400, and nothing is stored", async () => {
    const count = async () => (await req(t.app, 'GET', '/api/document/list', { token: user.token })).json().total;
    const before = await count();
    const png = { value: await pngOf(8, 8), filename: 'a.png', contentType: 'image/png' };
    keyed(await upload(t.app, user.token, png, { data: '{"caption":"a\\u0000b"}' }), 400, 'error.request.character');
    keyed(await upload(t.app, user.token, png, { extraData: `{"note":"x${NUL}"}` }), 400, 'error.request.character');
    expect(await count()).toBe(before);
    const doc = await upload(t.app, user.token, png);
    expect(doc.statusCode, doc.body).toBe(200);
    const id = doc.json().id;
    keyed(
      await req(t.app, 'POST', `/api/document/update/${id}`, { token: user.token, body: { extraData: { note: NUL } } }),
      400,
      'error.request.character',
    );
    expect((await req(t.app, 'GET', `/api/document/${id}`, { token: user.token })).json().extraData ?? null).toBeNull();
  });

  it('in a text field (its field rule), a query or a path are refused with 400', async () => {
    // a text field's own rule names the field, for the form to show
    const field = keyed(
      await req(t.app, 'POST', '/api/list/add', { token: user.token, body: { name: `Tips${NUL}`, visibility: { id: 1 } } }),
      400,
      'error.validation',
    );
    expect(field.fields).toEqual([{ path: 'body.name', key: 'FORM.ERROR.PATTERN' }]);
    keyed(await req(t.app, 'GET', `/api/place/list?f.q=a%00b`, { token: user.token }), 400, 'error.request.character');
    keyed(await req(t.app, 'GET', `/api/like/a%00b`, { token: user.token }), 400, 'error.request.character');
  });

  it('an escaped backslash before "u0000" is text, not a NUL', async () => {
    const res = await req(t.app, 'POST', '/api/list/add', {
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"C:\\\\u0000 folder","visibility":{"id":1}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('C:\\u0000 folder');
  });
});

describe('bodies that are not objects', () => {
  it.each(['null', '[]', '"text"', '42', 'true'])('%s answers 400 on routes that take an object', async (payload) => {
    for (const url of ['/api/myprofile/update', '/api/list/add', '/api/setting/save', '/api/place/add']) {
      const res = await req(t.app, 'POST', url, { token: user.token, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
      expect(typeof res.json().key).toBe('string');
    }
  });
});

describe('framework errors', () => {
  it('a malformed URL encoding answers 400 { key }', async () => {
    keyed(await req(t.app, 'GET', '/api/place/%E0%A4%A', { token: user.token }), 400, 'error.request.url');
    keyed(await req(t.app, 'GET', '/api/share/%', {}), 400, 'error.request.url');
  });

  it('an over-long path parameter or URL answers { key } without echoing it', async () => {
    const long = 'x'.repeat(5_000);
    for (const url of [`/api/share/${long}`, `/api/place/${long}`, `/api/list/${'9'.repeat(300)}`, `/api/${long}`]) {
      const res = await req(t.app, 'GET', url, { token: user.token });
      expect(res.statusCode, url.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('xxxxxxxxxx');
      expect(typeof res.json().key).toBe('string');
    }
  });
});

describe('found by the security sweep (apps/server/security)', () => {
  it('an id past int4 answers 400, not a database error', async () => {
    const guest = (await req(t.app, 'POST', '/api/public/guest', { body: {} })).json().guestKey as string;
    keyed(await req(t.app, 'POST', '/api/public/guest/like', { body: { placeId: 2_147_483_648 }, headers: { 'x-guest-key': guest } }), 400);
    keyed(await req(t.app, 'POST', '/api/myprofile/image/update', { token: user.token, body: { documentId: 2_147_483_648 } }), 400);
    const png = { value: await pngOf(8, 8), filename: 'a.png', contentType: 'image/png' };
    keyed(await upload(t.app, user.token, png, { data: '{"id":9999999999}' }), 400, 'error.validation');
  });

  it('JSON nested deeper than 64 levels answers 400 error.request.json, in a body and in an upload field', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const before = (await req(t.app, 'GET', '/api/setting/', { token: user.token })).body;
    for (const n of [65, 10_000]) {
      const res = await req(t.app, 'POST', '/api/setting/save', {
        token: user.token,
        headers: { 'content-type': 'application/json' },
        payload: `{"key":"deep","value":${deep(n)}}`,
      });
      keyed(res, 400, 'error.request.json');
    }
    expect((await req(t.app, 'GET', '/api/setting/', { token: user.token })).body).toBe(before);
    const ok = await req(t.app, 'POST', '/api/setting/save', {
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload: `{"key":"deep","value":${deep(60)}}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const png = { value: await pngOf(8, 8), filename: 'a.png', contentType: 'image/png' };
    keyed(
      await upload(t.app, user.token, png, { extraData: `{"v":${'['.repeat(7_000)}${']'.repeat(7_000)}}` }),
      400,
      'error.upload.malformed',
    );
  });

  it("the resumable upload protocol's refusals are { key } too", async () => {
    const tus = { 'tus-resumable': '1.0.0', 'x-auth-token': user.token };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/document/resumable',
      headers: { ...tus, 'upload-length': '10', 'upload-metadata': 'filename %%%' },
    });
    keyed(bad, 400, 'error.upload.malformed');
    const created = await t.app.inject({ method: 'POST', url: '/api/document/resumable', headers: { ...tus, 'upload-length': '10' } });
    expect(created.statusCode, created.body).toBe(201);
    const patch = (offset: string) =>
      t.app.inject({
        method: 'PATCH',
        url: String(created.headers.location),
        headers: { ...tus, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
        payload: 'abc',
      });
    keyed(await patch('5'), 409, 'error.upload.malformed');
    keyed(await patch('-1'), 400, 'error.upload.malformed');
  });
});
