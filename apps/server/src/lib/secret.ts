import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server secret (XSRF signatures; secrets stored for users are sealed with ENCRYPTION_KEY,
 * platform/crypto). From SECRET when set (required when several instances run); otherwise
 * generated once and kept in DATA_DIR.
 */
export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
