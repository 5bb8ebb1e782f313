import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { hashToken } from '../../lib/tokens.ts';
import { openPglite, openPostgres, type Database } from '../../platform/db/client.ts';
import { passwordResetTokens, users } from '../../platform/db/schema/index.ts';
import { defaultClientId } from '../../platform/db/seed/accounts.ts';
import { seedReference } from '../../platform/db/seed/reference.ts';
import { JobQueue } from '../../platform/jobs/queue.ts';
import { startServer, type Running } from '../../server.ts';
import { mailRecipient, readMail } from '../../../test/helpers.ts';
import { sendMail } from './auth.jobs.ts';

/**
 * The mail jobs survive a kill -9: 200 password-reset mails are queued, a server process works
 * them and is killed part way, a new server on the same data finishes them, and each mail is in the
 * outbox exactly once. On PGlite in DATA_DIR, or on a fresh PostgreSQL database with
 * TEST_DATABASE_URL. The jobs the killed process had claimed are retried once their heartbeat
 * (10 s) runs out; their handler writes the same file again, so a rerun cannot add a mail.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const COUNT = 200;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let dataDir: string;
let dbName: string | undefined;
let child: ChildProcess | undefined;
let restarted: Running | undefined;

const env = () => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: dbName ? withDatabase(PG_URL!, dbName) : '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SECRET: 'crash-test-secret-crash-test-secret-0123',
  ADMIN_PASSWORD: 'crash-admin-password-1',
  JOBS_POLL_INTERVAL_SECONDS: '0.5',
  JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
});

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-mail-crash-'));
  if (PG_URL) {
    dbName = `spotlist_test_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
  }
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
  }
  await restarted?.close();
  if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const openDatabase = (): Promise<Database> =>
  dbName ? Promise.resolve(openPostgres(withDatabase(PG_URL!, dbName), 2)) : openPglite(path.join(dataDir, 'pgdata'));

/**
 * Runs src/main.ts as a child process and SIGKILLs it the moment the outbox holds `killAt` mails:
 * from a watch on the folder, so the kill lands while the batch that wrote the file is still
 * running (its jobs claimed, not completed; the file maybe half written).
 */
function runAndKill(killAt: number): Promise<void> {
  fs.mkdirSync(outbox(), { recursive: true });
  return new Promise((resolve, reject) => {
    let out = '';
    const watcher = fs.watch(outbox(), () => {
      if (mailFiles().length >= killAt) child!.kill('SIGKILL');
    });
    const timer = setTimeout(() => child!.kill('SIGKILL'), 45_000);
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      watcher.close();
      if (signal === 'SIGKILL' && mailFiles().length >= killAt) resolve();
      else reject(new Error(`the server ended (${code ?? signal}) before ${killAt} mails were written:\n${out}`));
    });
  });
}

const outbox = () => path.join(dataDir, 'outbox');
const mailFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : []);

async function until(ok: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('mail jobs across a server crash', () => {
  it(
    `${COUNT} queued mails, kill -9 while they are being sent, restart: each mail is in the outbox exactly once`,
    { timeout: 90_000 },
    async () => {
      // 1. accounts and their reset mails queued, before any server runs (the queue only sends)
      const t0 = Date.now();
      const took: Record<string, number> = {};
      const mark = (phase: string) => void (took[phase] = Date.now() - t0);
      const emails = Array.from({ length: COUNT }, (_, i) => `crash-${String(i).padStart(3, '0')}@test.spotlist`);
      let ids: string[];
      {
        const database = await openDatabase();
        await database.migrate();
        await seedReference(database.db);
        const clientId = await defaultClientId(database.db);
        const rows = await database.db
          .insert(users)
          .values(emails.map((email) => ({ clientId, email, passwordHash: 'not-a-hash', accountType: 1 })))
          .returning({ id: users.id });
        const sender = new JobQueue(database);
        await sender.start();
        ids = await Promise.all(rows.map((r) => sender.send(sendMail, { kind: 'reset', userId: r.id })));
        await sender.stop();
        await database.close();
      }
      expect(new Set(ids).size).toBe(COUNT);
      mark('queued');

      // 2. a server works them and dies (SIGKILL) part way. 3. A new server on the same data, in this
      // process so the test can read the job table: the jobs active when it starts are those the dead
      // one had claimed. Should the kill have landed between two batches (nothing claimed, not the
      // case this test is about), the new server is closed and step 2 runs again further on.
      let atKill = 0;
      let claimed = 0;
      let running!: Running;
      const rows = async <T>(query: SQL) => ((await running.database.db.execute(query)) as unknown as { rows: T[] }).rows;
      for (let target = 20; claimed === 0; target = atKill + 20) {
        expect(target, 'every kill landed between two batches').toBeLessThan(COUNT);
        await runAndKill(target);
        atKill = mailFiles().length;
        mark('killed');
        const restartedAt = new Date();
        running = restarted = await startServer(loadConfig(env()), () => {});
        mark('restarted');
        [{ n: claimed }] = await rows<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and state = 'active' and started_on < ${restartedAt}`,
        );
        if (claimed === 0) {
          await running.close();
          restarted = undefined;
          atKill = mailFiles().length;
        }
      }
      expect(atKill).toBeLessThan(COUNT);
      const db = running.database.db;
      const jobStates = async () => {
        const res = await rows<{ state: string; n: number }>(
          sql`select state, count(*)::int as n from pgboss.job where name = 'mail.send' group by state`,
        );
        return Object.fromEntries(res.map((r) => [r.state, r.n]));
      };
      await until(async () => (await jobStates()).completed === COUNT, 60_000, `all ${COUNT} mail jobs completed`);
      expect(await jobStates()).toEqual({ completed: COUNT });
      mark('done');

      // each mail once: one file per job, named by it, and each address in exactly one file
      const files = mailFiles();
      expect(files.sort()).toEqual(ids.map((id) => `${id}.eml`).sort());
      const texts = files.map((f) => readMail(path.join(outbox(), f)));
      expect(texts.map((m) => mailRecipient(m)).sort()).toEqual(emails);
      // and the link in each is one the server accepts: the token of the last run of its job
      const tokens = texts.map((m) => /password-reset\?token=([A-Za-z0-9_-]+)/.exec(m)![1]);
      const [known] = await db
        .select({ n: count() })
        .from(passwordResetTokens)
        .where(and(isNull(passwordResetTokens.usedAt), inArray(passwordResetTokens.tokenHash, tokens.map(hashToken))));
      expect(known.n).toBe(COUNT);
      // the jobs the dead process had claimed ran again (a very slow restart may have seen some of
      // them already taken up again, hence at least); the others ran once
      const [rerun] = await rows<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and retry_count > 0`,
      );
      expect(rerun.n).toBeGreaterThanOrEqual(claimed);
      console.info(
        `mail crash test: ${atKill} mails written at the kill, ${claimed} jobs claimed by the dead process; ms: ${JSON.stringify(took)}`,
      );
    },
  );
});
