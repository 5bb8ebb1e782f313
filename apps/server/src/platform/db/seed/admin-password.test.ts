import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminPassword, EXIT, type AdminPasswordIo } from '../../../../scripts/admin-password.ts';
import { req } from '../../../../test/helpers.ts';
import { loadConfig } from '../../../config.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { startServer } from '../../../server.ts';
import { openPglite } from '../client.ts';
import { users } from '../schema/index.ts';

const EMAIL = 'admin@spotlist.local';
const FIRST = 'first-admin-password-1';
const SECOND = 'second-admin-password-2';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-admin-pw-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  SECRET: 'admin-password-test-secret-0123456789abc',
  ...extra,
});

/** Runs the script as `npm run admin:password` does, with `extra` as its environment. */
async function run(extra: Record<string, string>, askHidden?: AdminPasswordIo['askHidden']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminPassword({ env: env(extra), askHidden, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const start = () => startServer(loadConfig(env({ ADMIN_PASSWORD: FIRST })), () => {});

/** Whether the admin's stored hash is of `password` (the server stopped). */
async function adminHasPassword(password: string): Promise<boolean> {
  const database = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    const [admin] = await database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${EMAIL}`);
    return verifyPassword(admin.hash ?? '', password);
  } finally {
    await database.close();
  }
}

describe('npm run admin:password', { timeout: 120_000 }, () => {
  it('refuses while the server holds DATA_DIR; stopped, it sets the password and ends the admin’s sessions', async () => {
    const running = await start();
    const login = (app: typeof running.app, password: string) => req(app, 'POST', '/api/login', { body: { email: EMAIL, password } });
    let token: string;
    try {
      token = (await login(running.app, FIRST)).json().authtoken;
      const locked = await run({ ADMIN_PASSWORD: SECOND });
      expect(locked.code).toBe(EXIT.locked);
      expect(locked.err).toMatch(/stop the server first/i);
      // nothing happened to the running server
      expect((await req(running.app, 'GET', '/api/session/user', { token })).statusCode).toBe(200);
    } finally {
      await running.close();
    }

    const done = await run({ ADMIN_PASSWORD: SECOND });
    expect(done).toMatchObject({ code: EXIT.ok, err: '' });
    expect(done.out).toContain(`New password for ${EMAIL}: set.`);
    expect(done.out).not.toContain(SECOND); // a password the operator chose is not echoed

    const again = await start(); // ADMIN_PASSWORD of a start does not touch an existing admin
    try {
      expect((await req(again.app, 'GET', '/api/session/user', { token })).statusCode).toBe(401);
      expect((await login(again.app, FIRST)).statusCode).toBe(401);
      expect((await login(again.app, SECOND)).statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('creates a missing admin; the signup rules refuse a common or short password and change nothing', async () => {
    expect(await run({ ADMIN_PASSWORD: FIRST })).toMatchObject({ code: EXIT.ok, out: `Admin account created for ${EMAIL}: set.` });

    const common = await run({ ADMIN_PASSWORD: 'password123' });
    expect(common.code).toBe(EXIT.failed);
    expect(common.err).toMatch(/too common/);
    const same = await run({ ADMIN_PASSWORD: EMAIL });
    expect(same.err).toMatch(/same as the e-mail address/);
    const short = await run({ ADMIN_PASSWORD: 'short' });
    expect(short.code).toBe(EXIT.failed);
    expect(short.err).toMatch(/ADMIN_PASSWORD/);
    expect(await adminHasPassword(FIRST)).toBe(true);
  });

  it('generates and prints one without a terminal; on a terminal asks twice without echo, until the rules are met', async () => {
    await run({ ADMIN_PASSWORD: FIRST });
    const generated = await run({});
    expect(generated.code).toBe(EXIT.ok);
    const shown = /New password for admin@spotlist\.local: (\S+)/.exec(generated.out)?.[1];
    expect(shown).toMatch(/^[\w-]{16}$/);
    expect(await adminHasPassword(shown!)).toBe(true);

    const answers = ['password', 'a-long-pass-phrase', 'a-long-pass-phrase-typo', 'a-long-pass-phrase', 'a-long-pass-phrase'];
    const questions: string[] = [];
    const asked = await run({}, async (q) => {
      questions.push(q);
      return answers.shift()!;
    });
    expect(asked).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('set.') });
    expect(asked.err).toMatch(/too common[\s\S]*differ/);
    expect(questions).toHaveLength(5);
    expect(await adminHasPassword('a-long-pass-phrase')).toBe(true);

    // on a terminal, an empty answer generates one
    const empty = await run({}, async () => '');
    expect(empty.out).toMatch(/New password for admin@spotlist\.local: \S{16} {3}\(shown once\)/);
  });
});
