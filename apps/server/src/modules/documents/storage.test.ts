import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { documents } from '../../platform/db/schema/index.ts';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3.ts';
import { buildTestApp, signup } from '../../../test/helpers.ts';
import { deleteKeys, localStorage, storageFromConfig } from './storage.ts';
import { pngOf, upload } from '../../../test/document-helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const KEY = '0123456789abcdef0123456789abcdef.jpg';
const temp = (content: string) => {
  const p = path.join(dir, `src-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(p, content);
  return p;
};
const read = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local storage', () => {
  it('moves a file in under its key, reads it, deletes it; a missing key reads as null', async () => {
    const root = path.join(dir, 'files');
    const s = localStorage(root);
    const src = temp('hello');
    await s.put(KEY, src, 'image/jpeg');
    expect(fs.existsSync(src)).toBe(false);
    expect(fs.existsSync(path.join(root, '01', '23', KEY))).toBe(true);
    const got = await s.get(KEY);
    expect(got!.size).toBe(5);
    expect(await read(got!.body)).toBe('hello');
    await s.delete(KEY);
    expect(await s.get(KEY)).toBeNull();
    await s.delete(KEY); // twice is fine
  });

  it('refuses keys it did not make (no way out of its folder)', async () => {
    const s = localStorage(path.join(dir, 'files'));
    for (const bad of ['../etc/passwd', 'a/b.jpg', 'ABCDEF0123456789ABCDEF0123456789.jpg', '0123456789abcdef0123456789abcdef', '']) {
      await expect(s.get(bad)).rejects.toThrow(/invalid storage key/);
      await expect(s.delete(bad)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('is the default; S3 when S3_BUCKET is set', () => {
    expect(storageFromConfig(testConfig({ DATA_DIR: dir })).kind).toBe('local');
    expect(storageFromConfig(testConfig({ DATA_DIR: dir, S3_BUCKET: 'b', S3_REGION: 'eu-central-1' })).kind).toBe('s3');
  });
});

describe('S3 storage (the real SDK against test/fakes/s3 over HTTP)', () => {
  const BUCKET = 'spotlist-files';
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3({ buckets: [BUCKET] });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const s3Env = () => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: fake.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  });
  const dataDir = path.join(dir, 's3-data');
  const storage = () => storageFromConfig(testConfig({ DATA_DIR: dataDir, ...s3Env() }));

  it('puts the file under files/<key> (consuming it), reads it back, deletes it; a missing key reads as null', async () => {
    const s = storage();
    const src = temp('bytes!');
    await s.put(KEY, src, 'image/jpeg');
    expect(fs.existsSync(src)).toBe(false);
    const stored = fake.objects(BUCKET)!.get(`files/${KEY}`);
    expect(stored && { body: stored.body.toString(), type: stored.contentType }).toEqual({ body: 'bytes!', type: 'image/jpeg' });
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false); // nothing went to the local disk

    const got = await s.get(KEY);
    expect(got!.size).toBe(6);
    expect(await read(got!.body)).toBe('bytes!');

    await s.delete(KEY);
    expect(fake.objects(BUCKET)!.has(`files/${KEY}`)).toBe(false);
    expect(await s.get(KEY)).toBeNull();
    await s.delete(KEY); // twice is fine
  });

  it('keeps the source file when the provider refuses it (the upload can be tried again)', async () => {
    const src = temp('kept');
    fake.failNext({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    await expect(storage().put(KEY, src, 'image/jpeg')).rejects.toMatchObject({ name: 'AccessDenied' });
    expect(fs.readFileSync(src, 'utf8')).toBe('kept');
  });

  it('refuses foreign keys before sending anything; deleteKeys goes on past a failure', async () => {
    const s = storage();
    const before = fake.requests.length;
    await expect(s.get('../x')).rejects.toThrow(/invalid storage key/);
    await expect(s.put('a/b.jpg', temp('a'), 'image/jpeg')).rejects.toThrow(/invalid storage key/);
    expect(fake.requests.length).toBe(before);
    await s.put(KEY, temp('a'), 'image/jpeg');
    await deleteKeys(s, ['../bad', null, KEY]);
    expect(fake.objects(BUCKET)!.size).toBe(0);
  });

  it('is what the app stores uploads in when S3_BUCKET is set: upload, download and delete go through the bucket', async () => {
    const t = await buildTestApp({ config: s3Env() });
    try {
      const me = await signup(t.app);
      const png = await pngOf(50, 40);
      const res = await upload(t.app, me.token, { value: png, filename: 'a.png', contentType: 'image/png' });
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json() as { id: number; url: string };
      const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
      const objects = fake.objects(BUCKET)!;
      expect([...objects.keys()].sort()).toEqual([`files/${row!.storageKey}`, `files/${row!.thumbKey}`].sort());
      expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

      const file = await t.app.inject({ method: 'GET', url: doc.url, headers: { 'x-auth-token': me.token } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(objects.get(`files/${row!.storageKey}`)!.body)).toBe(true);

      const del = await t.app.inject({ method: 'DELETE', url: `/api/document/delete/${doc.id}`, headers: { 'x-auth-token': me.token } });
      expect(del.statusCode).toBe(200);
      expect(objects.size).toBe(0);
    } finally {
      await t.close();
    }
  });
});
