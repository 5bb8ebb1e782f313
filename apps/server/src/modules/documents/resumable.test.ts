import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorKey, RESUMABLE_UPLOAD_PATH, UPLOAD_DOCUMENT_ID_HEADER } from '@spotlist/contracts';
import { buildTestApp, signup, type TestApp } from '../../../test/helpers.ts';
import { documents } from '../../platform/db/schema/index.ts';
import { filesUnder, sha256 } from '../../../test/document-helpers.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
/** A PDF of `size` bytes: its bulk one stream of random bytes (as an image's would be). */
const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n');
  const tail = Buffer.from('\nendstream\nendobj\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length - tail.length), tail]);
};

describe('resumable uploads in process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { UPLOAD_MAX_BYTES: String(4 * 1024 * 1024), UPLOAD_QUOTA_BYTES: String(6 * 1024 * 1024) } });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string | undefined, length: number, meta = `filename ${b64('big file.pdf')}`) =>
    t.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta, ...(token ? { 'x-auth-token': token } : {}) },
    });
  const patch = (token: string, location: string, offset: number, body: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, 'x-auth-token': token, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: body,
    });
  const head = (token: string, location: string) =>
    t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, 'x-auth-token': token } });

  it('creates, resumes and finishes an upload that becomes a document; other users cannot touch it', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const source = pdf(2 * 1024 * 1024 + 123);
    const created = await create(me.token, source.length, `filename ${b64('big file.pdf')},data ${b64('{"name":"Menu"}')}`);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOAD_PATH}/[a-f0-9]{32}$`));
    const uploadId = location.split('/').pop()!;

    const first = await patch(me.token, location, 0, source.subarray(0, 1024 * 1024));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(1024 * 1024));

    expect((await head(other.token, location)).statusCode).toBe(404);
    const stolen = await patch(other.token, location, 1024 * 1024, source.subarray(1024 * 1024));
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, 'x-auth-token': other.token } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(401);

    const h = await head(me.token, location);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe(String(1024 * 1024));
    expect(h.headers['upload-length']).toBe(String(source.length));

    const last = await patch(me.token, location, 1024 * 1024, source.subarray(1024 * 1024));
    expect(last.statusCode, last.body).toBe(204);
    const docId = Number(last.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()]);
    expect(docId).toBeGreaterThan(0);

    const doc = await t.app.inject({
      method: 'GET',
      url: `${RESUMABLE_UPLOAD_PATH}/${uploadId}/document`,
      headers: { 'x-auth-token': me.token },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({
      id: docId,
      mimeType: 'application/pdf',
      fileName: 'big file.pdf',
      sha256: sha256(source),
      data: { name: 'Menu' },
    });
    const notYours = await t.app.inject({
      method: 'GET',
      url: `${RESUMABLE_UPLOAD_PATH}/${uploadId}/document`,
      headers: { 'x-auth-token': other.token },
    });
    expect(notYours.statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url: `/api/document/${docId}/file`, headers: { 'x-auth-token': me.token } });
    expect(sha256(file.rawPayload)).toBe(sha256(source));
    // the upload's own bytes are gone from DATA_DIR/tus
    expect(fs.existsSync(path.join(t.dataDir, 'tus', uploadId))).toBe(false);
    // a HEAD after the end (a client whose last answer got lost) says complete, and which document
    const after = await head(me.token, location);
    expect(after.statusCode).toBe(200);
    expect(after.headers['upload-offset']).toBe(String(source.length));
    expect(after.headers['upload-length']).toBe(String(source.length));
    expect(after.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()]).toBe(String(docId));
    expect((await head(other.token, location)).statusCode).toBe(404);
    const patchAfter = await patch(me.token, location, source.length, Buffer.alloc(0));
    expect(patchAfter.statusCode).toBe(404);
  });

  it('continues after the connection dropped mid-PATCH', async () => {
    const me = await signup(t.app);
    const source = pdf(2 * 1024 * 1024 + 77);
    const created = await create(me.token, source.length);
    const location = created.headers.location as string;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const req = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'x-auth-token': me.token,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(source.length),
      },
    });
    req.on('error', () => {});
    req.write(source.subarray(0, 1024 * 1024 + 5));
    const onDisk = path.join(t.dataDir, 'tus', location.split('/').pop()!);
    for (let i = 0; i < 200 && (fs.existsSync(onDisk) ? fs.statSync(onDisk).size : 0) < 1024 * 1024; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    req.destroy(); // the connection drops
    let offset = -1;
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const h = await head(me.token, location);
      if (h.statusCode === 200 && Number(h.headers['upload-offset']) === offset) break; // settled
      offset = Number(h.headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(source.length);
    const last = await patch(me.token, location, offset, source.subarray(offset));
    expect(last.statusCode, last.body).toBe(204);
    const docId = last.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()];
    const file = await t.app.inject({ method: 'GET', url: `/api/document/${docId}/file`, headers: { 'x-auth-token': me.token } });
    expect(sha256(file.rawPayload)).toBe(sha256(source));
  });

  it('checks Upload-Length against the size limit and the quota at creation', async () => {
    const me = await signup(t.app);
    const tooBig = await create(me.token, 4 * 1024 * 1024 + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().key).toBe(ErrorKey.uploadTooLarge);
    const noLength = await t.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: { ...TUS, 'x-auth-token': me.token, 'upload-defer-length': '1' },
    });
    expect(noLength.statusCode).toBe(400);
    expect((await create(undefined, 100)).statusCode).toBe(401);

    // fill most of the quota, then ask for more than is left
    const first = await create(me.token, 3 * 1024 * 1024);
    const src = pdf(3 * 1024 * 1024);
    expect((await patch(me.token, first.headers.location as string, 0, src)).statusCode).toBe(204);
    const over = await create(me.token, 3.5 * 1024 * 1024);
    expect(over.statusCode).toBe(413);
    expect(over.json().key).toBe(ErrorKey.uploadQuota);
  });

  it('refuses a bad file name or bad data JSON in Upload-Metadata at creation', async () => {
    const me = await signup(t.app);
    const before = filesUnder(path.join(t.dataDir, 'tus'));
    const nul = await create(me.token, 100, `filename ${b64('a\u0000.pdf')}`);
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body).key).toBe(ErrorKey.uploadFileName);
    const badJson = await create(me.token, 100, `filename ${b64('a.pdf')},data ${b64('{"name":')}`);
    expect(badJson.statusCode).toBe(400);
    expect(JSON.parse(badJson.body).key).toBe(ErrorKey.uploadMalformed);
    expect(filesUnder(path.join(t.dataDir, 'tus'))).toEqual(before);
  });

  it('refuses a finished upload whose bytes are not an allowed type, and keeps nothing', async () => {
    const me = await signup(t.app);
    const php = Buffer.from('<?php echo "hi"; ?>');
    const created = await create(me.token, php.length, `filename ${b64('x.jpg')}`);
    const location = created.headers.location as string;
    const res = await patch(me.token, location, 0, php);
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).key).toBe(ErrorKey.uploadType);
    expect((await t.database.db.select().from(documents).where(eq(documents.ownerId, me.user.id))).length).toBe(0);
    expect((await head(me.token, location)).statusCode).toBe(404);
    expect(filesUnder(path.join(t.dataDir, 'tus')).filter((f) => f.startsWith(location.split('/').pop()!))).toEqual([]);
  });

  it('asks for the XSRF header when the call carries cookies', async () => {
    const me = await signup(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: { ...TUS, 'upload-length': '10', 'x-auth-token': me.token, cookie: 'a=b' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ErrorKey.xsrf);
  });
});

// ---------------------------------------------------------------------------------------------

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Starts src/main.ts as a child process on a free port; resolves with its base URL. */
function startServer(dataDir: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      SECRET: 'resume-test-secret-resume-test-secret-0123',
      ADMIN_PASSWORD: 'resume-admin-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /ready on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1] });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('building and closing apps', () => {
  it('two apps in one file: the tus folder exists before the store, nothing runs on after close', async () => {
    // @tus/file-store's constructor would start an unawaited fs.mkdir whose callback throws (ENOENT
    // when DATA_DIR went first): it must not be called for the tus folder at all.
    const mkdir = vi.spyOn(fs, 'mkdir');
    try {
      for (let i = 0; i < 2; i++) {
        const app = await buildTestApp();
        const tusDir = path.join(app.dataDir, 'tus');
        expect(fs.statSync(tusDir).isDirectory()).toBe(true);
        const me = await signup(app.app);
        const created = await app.app.inject({
          method: 'POST',
          url: RESUMABLE_UPLOAD_PATH,
          headers: { ...TUS, 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}`, 'x-auth-token': me.token },
        });
        expect(created.statusCode, created.body).toBe(201);
        await app.close();
        expect(mkdir.mock.calls.filter((c) => String(c[0]).startsWith(app.dataDir))).toEqual([]);
        await new Promise((r) => setTimeout(r, 50));
        expect(fs.existsSync(app.dataDir)).toBe(false);
      }
    } finally {
      mkdir.mockRestore();
    }
  });
});

describe('resumable upload across a server crash', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-resume-'));
  });
  afterAll(async () => {
    if (running && running.exitCode === null) {
      running.kill('SIGTERM');
      await new Promise((r) => running!.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('continues where it stopped after SIGKILL mid-PATCH; the stored file has the source sha256', { timeout: 240_000 }, async () => {
    const source = pdf(3 * 1024 * 1024 + 4321);
    let { proc, url } = await startServer(dataDir);
    running = proc;

    const email = `resume-${Date.now()}@test.spotlist`;
    const signup = await request(
      `${url}/api/signup`,
      'POST',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ email, password: 'correct horse battery', accountType: { id: 1 }, termsaccepted: true })),
    );
    expect(signup.status, signup.body.toString()).toBe(200);
    const token = JSON.parse(signup.body.toString()).authtoken as string;
    const auth = { ...TUS, 'x-auth-token': token };

    const created = await request(`${url}${RESUMABLE_UPLOAD_PATH}`, 'POST', {
      ...auth,
      'upload-length': String(source.length),
      'upload-metadata': `filename ${b64('crash.pdf')}`,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const location = created.headers.location!;
    const uploadId = location.split('/').pop()!;
    const onDisk = path.join(dataDir, 'tus', uploadId);

    // First part: one complete PATCH of 1 MiB.
    const part1 = await request(
      `${url}${location}`,
      'PATCH',
      { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      source.subarray(0, 1024 * 1024),
    );
    expect(part1.status).toBe(204);

    // Second PATCH claims the rest but sends only another MiB, then the server dies (SIGKILL).
    const rest = source.length - 1024 * 1024;
    const hanging = http.request(`${url}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'upload-offset': String(1024 * 1024),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(rest),
      },
    });
    hanging.on('error', () => {});
    hanging.write(source.subarray(1024 * 1024, 2 * 1024 * 1024));
    for (let i = 0; i < 200 && (fs.existsSync(onDisk) ? fs.statSync(onDisk).size : 0) < 1.5 * 1024 * 1024; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    hanging.destroy();
    const sizeAtKill = fs.statSync(onDisk).size;
    expect(sizeAtKill).toBeGreaterThan(1024 * 1024);
    expect(sizeAtKill).toBeLessThan(source.length);

    // Same DATA_DIR, new process: HEAD gives the offset, PATCH sends the rest.
    ({ proc, url } = await startServer(dataDir));
    running = proc;
    const h = await request(`${url}${location}`, 'HEAD', auth);
    expect(h.status).toBe(200);
    const offset = Number(h.headers['upload-offset']);
    expect(offset).toBe(sizeAtKill);
    expect(source.subarray(0, offset).equals(fs.readFileSync(onDisk))).toBe(true);

    const done = await request(
      `${url}${location}`,
      'PATCH',
      { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      source.subarray(offset),
    );
    expect(done.status, done.body.toString()).toBe(204);
    const docId = done.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()];
    expect(docId).toMatch(/^\d+$/);

    const doc = await request(`${url}/api/document/${docId}`, 'GET', { 'x-auth-token': token });
    expect(JSON.parse(doc.body.toString()).sha256).toBe(sha256(source));
    const file = await request(`${url}/api/document/${docId}/file`, 'GET', { 'x-auth-token': token });
    expect(file.status).toBe(200);
    expect(sha256(file.body)).toBe(sha256(source));
  });
});
