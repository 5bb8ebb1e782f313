import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { deleteKeys, localStorage, s3Storage, storageFromConfig, type S3Commands } from './storage.ts';

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

describe('S3 storage (a fake client, no network)', () => {
  class Cmd {
    constructor(
      readonly name: string,
      readonly input: Record<string, unknown>,
    ) {}
  }
  const commands: S3Commands = {
    PutObjectCommand: class extends Cmd {
      constructor(input: Record<string, unknown>) {
        super('Put', input);
      }
    },
    GetObjectCommand: class extends Cmd {
      constructor(input: Record<string, unknown>) {
        super('Get', input);
      }
    },
    DeleteObjectCommand: class extends Cmd {
      constructor(input: Record<string, unknown>) {
        super('Delete', input);
      }
    },
  };

  function fake() {
    const objects = new Map<string, { body: string; type: unknown }>();
    const sent: Cmd[] = [];
    let made = 0;
    const client = {
      async send(command: unknown) {
        const c = command as Cmd;
        sent.push(c);
        const key = c.input.Key as string;
        if (c.name === 'Put') {
          objects.set(key, { body: await read(c.input.Body as Readable), type: c.input.ContentType });
          return {};
        }
        if (c.name === 'Get') {
          const o = objects.get(key);
          if (!o) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
          return { Body: Readable.from([Buffer.from(o.body)]), ContentLength: o.body.length };
        }
        objects.delete(key);
        return {};
      },
    };
    const storage = s3Storage({
      bucket: 'spotlist-files',
      client: async () => {
        made++;
        return { client, commands };
      },
    });
    return { storage, objects, sent, made: () => made };
  }

  it('maps put, get and delete to commands on the bucket under files/<key>', async () => {
    const f = fake();
    expect(f.made()).toBe(0); // the client is made on first use only
    const src = temp('bytes!');
    await f.storage.put(KEY, src, 'image/jpeg');
    expect(fs.existsSync(src)).toBe(false);
    expect(f.sent[0]).toMatchObject({
      name: 'Put',
      input: { Bucket: 'spotlist-files', Key: `files/${KEY}`, ContentType: 'image/jpeg', ContentLength: 6 },
    });
    expect(f.objects.get(`files/${KEY}`)).toEqual({ body: 'bytes!', type: 'image/jpeg' });

    const got = await f.storage.get(KEY);
    expect(f.sent[1]).toMatchObject({ name: 'Get', input: { Bucket: 'spotlist-files', Key: `files/${KEY}` } });
    expect(got!.size).toBe(6);
    expect(await read(got!.body)).toBe('bytes!');

    await f.storage.delete(KEY);
    expect(f.sent[2]).toMatchObject({ name: 'Delete', input: { Bucket: 'spotlist-files', Key: `files/${KEY}` } });
    expect(await f.storage.get(KEY)).toBeNull();
    expect(f.made()).toBe(1);
  });

  it('refuses foreign keys before sending anything; deleteKeys goes on past a failure', async () => {
    const f = fake();
    await expect(f.storage.get('../x')).rejects.toThrow(/invalid storage key/);
    expect(f.sent).toEqual([]);
    await f.storage.put(KEY, temp('a'), 'image/jpeg');
    await deleteKeys(f.storage, ['../bad', null, KEY]);
    expect(f.objects.size).toBe(0);
  });
});
