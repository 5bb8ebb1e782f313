import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3.ts';
import { s3Client, type ObjectStore } from './client.ts';
import { s3Config } from './config.ts';

const BUCKET = 'spotlist-test';
let fake: FakeS3;
let store: ObjectStore;
beforeAll(async () => {
  fake = await startFakeS3({ buckets: [BUCKET] });
  store = s3Client(configFor());
});
afterAll(async () => {
  await fake?.close();
});

/** The S3 configuration exactly as the server reads it from its environment. */
function configFor(overrides: Record<string, string> = {}) {
  const cfg = s3Config(
    testConfig({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: fake.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      ...overrides,
    }),
  );
  if (!cfg) throw new Error('S3 configuration expected');
  return cfg;
}
const bytes = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const put = (s: ObjectStore, key: string, body: Buffer, contentType = 'application/octet-stream') =>
  s.put(key, () => Readable.from([body]), { size: body.length, contentType });

describe('S3 configuration', () => {
  it('is absent without S3_BUCKET; region defaults to us-east-1; credentials only as a pair', () => {
    expect(s3Config(testConfig())).toBeUndefined();
    expect(s3Config(testConfig({ S3_BUCKET: 'b' }))).toEqual({ bucket: 'b', region: 'us-east-1', forcePathStyle: false });
    expect(s3Config(testConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }))!.credentials).toBeUndefined();
  });
});

describe('the S3 client (the real SDK against test/fakes/s3 over HTTP)', () => {
  it('puts, gets and deletes an object; a missing key reads as null and deletes without error', async () => {
    const body = crypto.randomBytes(200_000); // several aws-chunked chunks
    await put(store, 'files/a.bin', body, 'image/png');
    const stored = fake.objects(BUCKET)!.get('files/a.bin')!;
    expect(stored.contentType).toBe('image/png');
    expect(stored.body.equals(body)).toBe(true);
    expect(stored.crc32).toMatch(/^[A-Za-z0-9+/]{6}==$/); // the SDK's checksum arrived and matched

    const got = await store.get('files/a.bin');
    expect(got!.size).toBe(body.length);
    expect((await bytes(got!.body)).equals(body)).toBe(true);

    await store.delete('files/a.bin');
    expect(fake.objects(BUCKET)!.has('files/a.bin')).toBe(false);
    expect(await store.get('files/a.bin')).toBeNull();
    await expect(store.delete('files/a.bin')).resolves.toBeUndefined();
  });

  it('signs every request with the configured access key (the fake refuses anything else)', async () => {
    const from = fake.requests.length;
    await put(store, 'files/signed.txt', Buffer.from('x'));
    expect(fake.requests[from]!.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.accessKeyId}/`));
    const unsigned = await fetch(`${fake.url}/${BUCKET}/files/signed.txt`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('throws the provider error for a wrong access key and a missing bucket (neither reads as a missing file)', async () => {
    const wrongKey = s3Client(configFor({ S3_ACCESS_KEY_ID: 'AKIAUNKNOWN' }));
    await expect(wrongKey.get('files/a.bin')).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    const noBucket = s3Client(configFor({ S3_BUCKET: 'no-such-bucket' }));
    await expect(noBucket.get('files/a.bin')).rejects.toMatchObject({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } });
    await expect(put(noBucket, 'files/a.bin', Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('retries a throttled upload (503 SlowDown) with a fresh stream and succeeds; a lasting 500 is thrown after 3 attempts', async () => {
    const from = fake.requests.length;
    fake.failNext({ status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' });
    await put(store, 'files/retry.txt', Buffer.from('after a retry'));
    expect(fake.requests.length - from).toBe(2);
    expect(fake.objects(BUCKET)!.get('files/retry.txt')!.body.toString()).toBe('after a retry');

    const before = fake.requests.length;
    fake.failNext({ status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' }, 3);
    await expect(store.get('files/retry.txt')).rejects.toMatchObject({ name: 'InternalError', $metadata: { httpStatusCode: 500 } });
    expect(fake.requests.length - before).toBe(3); // the SDK's own retries

    const last = fake.requests.length;
    fake.failNext({ status: 500, code: 'InternalError' }, 3);
    await expect(put(store, 'files/never.txt', Buffer.from('x'))).rejects.toMatchObject({ name: 'InternalError' });
    expect(fake.requests.length - last).toBe(3);
    expect(fake.objects(BUCKET)!.has('files/never.txt')).toBe(false);
  });

  it('does not retry what another attempt cannot fix (403)', async () => {
    const from = fake.requests.length;
    fake.failNext({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    await expect(put(store, 'files/denied.txt', Buffer.from('x'))).rejects.toMatchObject({ name: 'AccessDenied' });
    expect(fake.requests.length - from).toBe(1);
  });
});
