import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Secrets the product stores for users (provider tokens, API keys), sealed with AES-256-GCM.
 *
 * A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts): the key id travels
 * with the value, so ENCRYPTION_KEY can hold several keys — the first seals, all open — and a key
 * is rotated by putting a new one first, resealing stored values, then dropping the old one.
 */
export interface Secrets {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  /**
   * Seals `plaintext`. `context` (e.g. `external-account:42:token`) is authenticated but not
   * stored: the value opens only with the same context, so a copy moved to another row does not.
   */
  sealSecret(plaintext: string, context?: string): string;
  /** Opens a sealed value; throws SecretError when it is malformed, altered, or its key is gone. */
  openSecret(sealed: string, context?: string): string;
  /** The value sealed under the current key; the same string when it already is (nothing to write). */
  reseal(sealed: string, context?: string): string;
}

export class SecretError extends Error {
  override name = 'SecretError';
}

export interface SecretKey {
  id: string;
  key: Buffer;
}

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_B64 = /^[A-Za-z0-9+/_-]{43}=?$/; // 32 bytes in base64 or base64url
const B64URL = /^[A-Za-z0-9_-]*$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * ENCRYPTION_KEY's format: comma-separated `id:key`, the key 32 random bytes in base64 or
 * base64url, the id letters, digits, `_` or `-`. Errors name the entry, never its key.
 */
export function parseKeyring(value: string): SecretKey[] {
  const entries = value.split(',').map((s) => s.trim());
  const ring = entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = entry.slice(colon + 1);
    if (colon < 0 || !KEY_ID.test(id) || !KEY_B64.test(key)) {
      throw new Error(`entry ${i + 1} is not <id>:<32-byte key in base64> (id: letters, digits, _ or -, at most 32)`);
    }
    return { id, key: Buffer.from(key, 'base64') };
  });
  const ids = ring.map((k) => k.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new Error(`key id "${dup}" appears twice`);
  return ring;
}

/**
 * The keys from ENCRYPTION_KEY when set; otherwise one generated at first start and kept in
 * DATA_DIR/encryption-key (mode 0600, same format), like SECRET. Losing that file loses every
 * stored secret, so it is created exclusively and never overwritten.
 */
export function loadKeyring(configured: string | undefined, dataDir: string): SecretKey[] {
  if (configured) return parseKeyring(configured);
  const file = path.join(dataDir, 'encryption-key');
  const read = () => {
    try {
      return parseKeyring(fs.readFileSync(file, 'utf8').trim());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
      throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
    }
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const line = `k${crypto.randomBytes(3).toString('hex')}:${crypto.randomBytes(32).toString('base64url')}\n`;
  try {
    fs.writeFileSync(file, line, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process started at the same moment and wrote it first: use that one
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return read();
}

export function createSecrets(keyring: readonly SecretKey[]): Secrets {
  if (keyring.length === 0) throw new Error('no encryption key');
  const current = keyring[0]!;
  const byId = new Map(keyring.map((k) => [k.id, k.key]));
  // the version and key id are authenticated too, so no part of the value can be swapped
  const aad = (keyId: string, context: string | undefined) => Buffer.from(`${VERSION}.${keyId}\0${context ?? ''}`, 'utf8');

  function unpack(sealed: string) {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION || !parts.slice(2).every((p) => B64URL.test(p))) {
      throw new SecretError(`not a sealed secret (expected ${VERSION}.<keyId>.<iv>.<tag>.<ciphertext>)`);
    }
    const [, keyId, iv, tag, data] = parts as [string, string, string, string, string];
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretError('not a sealed secret (IV or tag length)');
    return { keyId, iv: ivBytes, tag: tagBytes, data: Buffer.from(data, 'base64url') };
  }

  function sealSecret(plaintext: string, context?: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(current.id, context));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const b64 = (b: Buffer) => b.toString('base64url');
    return `${VERSION}.${current.id}.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(data)}`;
  }

  function openSecret(sealed: string, context?: string): string {
    const { keyId, iv, tag, data } = unpack(sealed);
    const key = byId.get(keyId);
    if (!key) throw new SecretError(`sealed with key "${keyId}", which ENCRYPTION_KEY no longer holds`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(keyId, context));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretError(
        `sealed secret does not authenticate under key "${keyId}" (altered, another context, or another key of that id)`,
      );
    }
  }

  return {
    keyId: current.id,
    sealSecret,
    openSecret,
    reseal(sealed, context) {
      const plaintext = openSecret(sealed, context); // also proves the value is intact before rewriting it
      return unpack(sealed).keyId === current.id ? sealed : sealSecret(plaintext, context);
    },
  };
}

/** The app's Secrets, from ENCRYPTION_KEY or DATA_DIR/encryption-key. */
export function secretsFromConfig(config: Config): Secrets {
  return createSecrets(loadKeyring(config.ENCRYPTION_KEY, config.dataDir));
}
