// `npm run admin:password`: sets a new password for the admin account (ADMIN_EMAIL) and ends its
// sessions. The password comes from ADMIN_PASSWORD, else from a hidden prompt on a terminal (empty:
// generate one), else it is generated and printed. The same rules as signup (the server's own
// code). On the embedded database it refuses while the server holds DATA_DIR; with DATABASE_URL it
// works beside running instances. An admin that does not exist yet is created.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorKey, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@spotlist/contracts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { acquireDataDirLock } from '../src/platform/db/data-dir-lock.ts';
import { securityRoles, userSecurityRoles, users } from '../src/platform/db/schema/index.ts';
import { generatePassword, seedAdmin } from '../src/platform/db/seed/accounts.ts';
import { ADMIN_ROLE_KEY, seedReference } from '../src/platform/db/seed/reference.ts';
import { setPasswordEndingSessions } from '../src/modules/auth/index.ts';
import { AppError } from '../src/lib/app-error.ts';
import { assertPasswordPolicy } from '../src/lib/password.ts';

/** Exit codes: 0 done, 1 failed (configuration, password rules, database), 2 the server holds DATA_DIR. */
export const EXIT = { ok: 0, failed: 1, locked: 2 } as const;

export interface AdminPasswordIo {
  env: Record<string, string | undefined>;
  /** Asks on a terminal without echoing; absent when there is none (then a password is generated). */
  askHidden?: (question: string) => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Why the signup rules refuse a password, in words. */
function policyMessage(err: unknown): string | null {
  if (!(err instanceof AppError)) return null;
  if (err.key === ErrorKey.passwordTooShort) return `too short: at least ${PASSWORD_MIN_LENGTH} characters`;
  if (err.key === ErrorKey.passwordTooLong) return `too long: at most ${PASSWORD_MAX_LENGTH} characters`;
  if (err.key === ErrorKey.passwordCommon) return 'too common, or the same as the e-mail address';
  return 'not allowed';
}

/** The embedded database under DATA_DIR (with its lock) or PostgreSQL; null when the server holds DATA_DIR. */
async function open(config: Config): Promise<{ database: Database; unlock: () => Promise<void> } | null> {
  if (config.DATABASE_URL) return { database: openPostgres(config.DATABASE_URL), unlock: async () => {} };
  let unlock: () => Promise<void>;
  try {
    unlock = await acquireDataDirLock(config.dataDir);
  } catch (err) {
    if ((err as Error & { cause?: NodeJS.ErrnoException }).cause?.code === 'EADDRINUSE') return null;
    throw err;
  }
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pgdata')), unlock };
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** The password to set: ADMIN_PASSWORD, else asked twice on a terminal (empty: generated), else generated. */
async function choosePassword(
  io: AdminPasswordIo,
  config: Config,
  email: string,
): Promise<{ password: string; generated: boolean } | null> {
  if (config.ADMIN_PASSWORD) return { password: config.ADMIN_PASSWORD, generated: false };
  if (!io.askHidden) return { password: generatePassword(), generated: true };
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = await io.askHidden(`New password for ${email} (empty: generate one): `);
    if (first === '') return { password: generatePassword(), generated: true };
    const why = (() => {
      try {
        assertPasswordPolicy(first, email);
        return null;
      } catch (err) {
        return policyMessage(err) ?? 'not allowed';
      }
    })();
    if (why) {
      io.err(`That password is ${why}.`);
      continue;
    }
    if ((await io.askHidden('The same again: ')) === first) return { password: first, generated: false };
    io.err('The two passwords differ.');
  }
  return null;
}

export async function adminPassword(io: AdminPasswordIo): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    io.err((err as Error).message);
    return EXIT.failed;
  }
  const email = config.ADMIN_EMAIL;
  const opened = await open(config);
  if (!opened) {
    io.err(
      `The server is running on ${config.dataDir}: the embedded database can be opened by one process only. ` +
        'Stop the server first (Ctrl+C where npm start runs), then run npm run admin:password again.',
    );
    return EXIT.locked;
  }
  const { database, unlock } = opened;
  try {
    // the server does the same at every start; a database that was never started gets its tables
    await database.migrate();
    await seedReference(database.db);
    const db = database.db;
    const [account] = await db
      .select({ id: users.id, email: users.email, admin: sql<boolean>`${securityRoles.id} is not null` })
      .from(users)
      .leftJoin(userSecurityRoles, eq(userSecurityRoles.userId, users.id))
      .leftJoin(securityRoles, and(eq(securityRoles.id, userSecurityRoles.securityRoleId), eq(securityRoles.key, ADMIN_ROLE_KEY)))
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .orderBy(sql`${securityRoles.id} is null`)
      .limit(1);
    if (account && !account.admin) {
      io.err(`${email} is an account without the admin role; set ADMIN_EMAIL to the admin's address.`);
      return EXIT.failed;
    }
    const chosen = await choosePassword(io, config, email);
    if (!chosen) return EXIT.failed;
    try {
      if (account) await setPasswordEndingSessions(db, account, chosen.password);
      else {
        assertPasswordPolicy(chosen.password, email);
        await seedAdmin(db, email, chosen.password);
      }
    } catch (err) {
      const why = policyMessage(err);
      if (!why) throw err;
      io.err(`The password (ADMIN_PASSWORD) is ${why}; nothing was changed.`);
      return EXIT.failed;
    }
    const what = account ? 'New password' : 'Admin account created';
    if (chosen.generated) io.out(`${what} for ${email}: ${chosen.password}   (shown once)`);
    else io.out(`${what} for ${email}: set.`);
    if (account) io.out('Its sessions have ended: log in again with the new password.');
    return EXIT.ok;
  } catch (err) {
    io.err(`The admin password was not set: ${(err as Error).message}`);
    return EXIT.failed;
  } finally {
    await database.close().catch(() => {});
    await unlock();
  }
}

/** Reads a line from the terminal without echoing it (Ctrl+C cancels). */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    process.stdout.write(question);
    let value = '';
    const finish = (err?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await adminPassword({
    env: process.env,
    askHidden: process.stdin.isTTY && process.stdout.isTTY ? askHidden : undefined,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).catch((err: unknown) => {
    console.error((err as Error).message);
    return EXIT.failed;
  });
  process.exit(code);
}
