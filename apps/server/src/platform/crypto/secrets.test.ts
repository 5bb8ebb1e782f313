import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../config.ts';
import { createSecrets, loadKeyring, parseKeyring, SecretError, secretsFromConfig } from './secrets.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-secrets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const newKey = (id: string) => `${id}:${crypto.randomBytes(32).toString('base64url')}`;
const OLD = newKey('old');
const NEW = newKey('new');
const SEALED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

/** The sealed value with one byte of part `i` (2 iv, 3 tag, 4 ciphertext) flipped. */
function flip(sealed: string, i: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[i]!, 'base64url');
  bytes[0]! ^= 1;
  parts[i] = bytes.toString('base64url');
  return parts.join('.');
}

describe('sealSecret / openSecret', () => {
  const s = createSecrets(parseKeyring(NEW));

  it.each(['', 'sk_live_51H…abc', 'Grüße 🔑 ' + 'x'.repeat(5000)])('round-trips %j', (plaintext) => {
    const sealed = s.sealSecret(plaintext);
    expect(sealed).toMatch(SEALED);
    expect(sealed.split('.')[1]).toBe('new');
    expect(s.openSecret(sealed)).toBe(plaintext);
  });

  it('seals the same text differently each time (random IV) and never shows it', () => {
    const a = s.sealSecret('the-token');
    const b = s.sealSecret('the-token');
    expect(a).not.toBe(b);
    expect(a.split('.')[2]).not.toBe(b.split('.')[2]);
    expect(Buffer.from(a.split('.')[4]!, 'base64url').toString('latin1')).not.toContain('the-token');
  });

  it('refuses an altered IV, tag or ciphertext, and a value moved to another context', () => {
    const sealed = s.sealSecret('the-token', 'external-account:1');
    expect(s.openSecret(sealed, 'external-account:1')).toBe('the-token');
    for (const i of [2, 3, 4]) expect(() => s.openSecret(flip(sealed, i), 'external-account:1')).toThrow(/does not authenticate/);
    expect(() => s.openSecret(sealed, 'external-account:2')).toThrow(SecretError);
    expect(() => s.openSecret(sealed)).toThrow(/does not authenticate/);
  });

  it('refuses a value sealed under another key that carries the same id', () => {
    const impostor = createSecrets(parseKeyring(newKey('new')));
    expect(() => s.openSecret(impostor.sealSecret('x'))).toThrow(/does not authenticate under key "new"/);
  });

  it('names an unknown key and a malformed value clearly', () => {
    expect(() => s.openSecret(createSecrets(parseKeyring(OLD)).sealSecret('x'))).toThrow(/key "old", which ENCRYPTION_KEY no longer holds/);
    const good = s.sealSecret('x');
    const [v, id, iv, tag, data] = good.split('.');
    const malformed = [
      '',
      'plain text',
      `v2.${id}.${iv}.${tag}.${data}`,
      `${good}.extra`,
      `${v}.${id}.${iv}.${tag}.not base64!`,
      `${v}.${id}.${iv!.slice(4)}.${tag}.${data}`,
    ];
    for (const bad of malformed) {
      expect(() => s.openSecret(bad), bad).toThrow(/not a sealed secret/);
    }
  });
});

describe('rotation', () => {
  it('a value sealed with the old key opens after a new key is put first; reseal moves it to the new key', () => {
    const before = createSecrets(parseKeyring(OLD));
    const sealed = before.sealSecret('refresh-token', 'ctx');

    const rotated = createSecrets(parseKeyring(`${NEW},${OLD}`));
    expect(rotated.keyId).toBe('new');
    expect(rotated.openSecret(sealed, 'ctx')).toBe('refresh-token');
    expect(rotated.sealSecret('y').split('.')[1]).toBe('new');

    const resealed = rotated.reseal(sealed, 'ctx');
    expect(resealed.split('.')[1]).toBe('new');
    expect(rotated.reseal(resealed, 'ctx')).toBe(resealed); // already current: nothing to write

    // once every value is resealed, the old key can go
    const after = createSecrets(parseKeyring(NEW));
    expect(after.openSecret(resealed, 'ctx')).toBe('refresh-token');
    expect(() => after.openSecret(sealed, 'ctx')).toThrow(/no longer holds/);
  });

  it('reseal refuses an altered value instead of sealing it afresh', () => {
    const rotated = createSecrets(parseKeyring(`${NEW},${OLD}`));
    const sealed = createSecrets(parseKeyring(OLD)).sealSecret('t');
    expect(() => rotated.reseal(flip(sealed, 4))).toThrow(SecretError);
  });
});

describe('keys', () => {
  it('ENCRYPTION_KEY: accepted as id:base64 (or base64url) of 32 bytes; refused otherwise, without echoing the key', () => {
    const std = `a:${crypto.randomBytes(32).toString('base64')}`;
    expect(loadConfig({ ENCRYPTION_KEY: `${NEW}, ${std}` }).ENCRYPTION_KEY).toBeDefined();
    const short = `k:${crypto.randomBytes(16).toString('base64url')}`;
    const secret = crypto.randomBytes(32).toString('base64url');
    for (const bad of [short, secret, `a.b:${secret}`, `:${secret}`, `${NEW},`, `${NEW},${NEW}`]) {
      let message = '';
      try {
        loadConfig({ ENCRYPTION_KEY: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, bad).toMatch(/ENCRYPTION_KEY: (entry \d+ is not|key id "new" appears twice)/);
      expect(message).not.toContain(secret);
      expect(message).not.toContain(NEW.split(':')[1]);
    }
  });

  it('without ENCRYPTION_KEY, a key is generated once into DATA_DIR/encryption-key (0600) and reused', () => {
    const dataDir = path.join(dir, 'generated');
    const file = path.join(dataDir, 'encryption-key');
    const first = createSecrets(loadKeyring(undefined, dataDir));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(file, 'utf8');
    expect(parseKeyring(content.trim())).toHaveLength(1);

    const sealed = first.sealSecret('kept across restarts');
    const second = secretsFromConfig(testConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: '' }));
    expect(second.keyId).toBe(first.keyId);
    expect(second.openSecret(sealed)).toBe('kept across restarts');
    expect(fs.readFileSync(file, 'utf8')).toBe(content);
  });

  it('ENCRYPTION_KEY wins over the file, and no file is written when it is set', () => {
    const dataDir = path.join(dir, 'configured');
    const s = secretsFromConfig(testConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: NEW }));
    expect(s.keyId).toBe('new');
    expect(fs.existsSync(path.join(dataDir, 'encryption-key'))).toBe(false);
  });

  it('a damaged key file stops the start (it is never replaced: that would lose every stored secret)', () => {
    const dataDir = path.join(dir, 'damaged');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'encryption-key'), 'garbage');
    expect(() => loadKeyring(undefined, dataDir)).toThrow(/encryption-key: entry 1 is not/);
    expect(fs.readFileSync(path.join(dataDir, 'encryption-key'), 'utf8')).toBe('garbage');
  });
});
