import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { AccountType, type User } from '@spotlist/contracts';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { seedAdmin } from '../src/platform/db/seed/accounts.ts';
import { seedReference } from '../src/platform/db/seed/reference.ts';
import { createMailer } from '../src/integrations/smtp/mailer.ts';
import { secretsFromConfig } from '../src/platform/crypto/secrets.ts';
import type { PubSub } from '../src/platform/events/pubsub.ts';
import type { Presence } from '../src/platform/realtime/presence.ts';
import { memoryThrottle, type ThrottleStore } from '../src/lib/throttle.ts';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/queue.ts';

export const ADMIN = { email: 'admin@test.spotlist', password: 'admin-test-password-1' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** This app's job queue, started; with `database` given, a second instance's queue on the same database. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped on close). Mail goes to a temp outbox.
 */
export async function buildTestApp(
  opts: {
    config?: Partial<Record<string, string>>;
    throttle?: ThrottleStore;
    /** Messages between instances; in process (this app only) when absent. */
    pubsub?: PubSub;
    /** Another test app's database: a second instance of the same deployment (closed by its owner). */
    database?: Database;
    /** Extra routes (or jobs) for a test (registered before the app is ready and the job queue starts). */
    register?: (app: FastifyInstance, database: Database, jobs: JobQueue) => void | Promise<void>;
    webRoot?: string;
    /** Who views which conversation (realtime presence): in memory (this app only) when absent. */
    presence?: Presence;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ...opts.config });
  let database: Database;
  let dropDb = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (opts.database) {
    database = opts.database;
  } else if (url) {
    const name = `spotlist_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = openPostgres(u.toString(), 4);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves once its clients are asked to end, not when their sessions are gone:
      // wait for them (bounded), so the forced drop does not kill a session mid-goodbye, which the
      // ending client would raise as an unhandled 57P01 error.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openPglite();
  }
  if (!opts.database) {
    await database.migrate();
    await seedReference(database.db);
    await seedAdmin(database.db, ADMIN.email, ADMIN.password);
  }
  const throttle = opts.throttle ?? memoryThrottle();
  const jobs = createJobQueue(database, config);
  const app = await buildApp({
    config,
    database,
    mailer: createMailer(config),
    throttle,
    pubsub: opts.pubsub,
    secret: config.SECRET!,
    secrets: secretsFromConfig(config),
    jobs,
    version: '0.0.0-test',
    commit: 'test',
    webRoot: opts.webRoot,
    presence: opts.presence,
  });
  await opts.register?.(app, database, jobs);
  await app.ready();
  await jobs.start(app.log);
  return {
    app,
    database,
    config,
    dataDir,
    jobs,
    close: async () => {
      await app.close();
      await jobs.stop();
      await throttle.close();
      if (!opts.database) {
        await database.close();
        await dropDb();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Res = LightMyRequestResponse;

export interface RequestOptions {
  /** Sent as X-Auth-Token. */
  token?: string;
  /** Sent as JSON (`content-type: application/json`). */
  body?: unknown;
  /** Sent as the `user-location` header (`lat;lng`). */
  location?: { lat: number; lng: number };
  /** Sent as the `app-language` header. */
  language?: string;
  /** Any other header (If-None-Match, the content type of a raw `payload`, …). */
  headers?: Record<string, string>;
  /** A body sent as it is (multipart, text/plain), instead of `body`. */
  payload?: string | Buffer;
}

/** The tests' one request: as a native client sends it (X-Auth-Token, no cookies). */
export function req(app: FastifyInstance, method: InjectOptions['method'], url: string, opts: RequestOptions = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers['x-auth-token'] = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.location) headers['user-location'] = `${opts.location.lat};${opts.location.lng}`;
  if (opts.language) headers['app-language'] = opts.language;
  Object.assign(headers, opts.headers);
  return app.inject({ method, url, headers, payload: opts.body !== undefined ? JSON.stringify(opts.body) : opts.payload });
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@test.spotlist`;
export const PASSWORD = 'correct horse battery';

export interface LoggedIn {
  user: User;
  token: string;
  refreshToken: string;
  email: string;
}

/** Signs up through the real route and returns the logged-in user with its tokens. */
export async function signup(
  app: FastifyInstance,
  accountType: number = AccountType.private,
  extra: Record<string, unknown> = {},
): Promise<LoggedIn> {
  const email = uniqueEmail();
  const res = await req(app, 'POST', '/api/signup', {
    body: {
      email,
      password: PASSWORD,
      accountType: { id: accountType },
      termsaccepted: true,
      ...extra,
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as User;
  return { user, token: user.authtoken!, refreshToken: user.refreshToken!, email };
}

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const res = await req(app, 'POST', '/api/login', { body: ADMIN });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().authtoken as string;
}

/** A mail file as text, quoted-printable decoded. */
export function readMail(file: string): string {
  // bytes as they are (latin1 keeps one char per byte), quoted-printable undone, then read as UTF-8
  const raw = fs.readFileSync(file, 'latin1');
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The address in a mail's To header, lower-cased. */
export function mailRecipient(mail: string): string | undefined {
  const headers = mail.split(/\r?\n\r?\n/)[0];
  return /^To: *(.*)$/im.exec(headers)?.[1].trim().toLowerCase();
}

/**
 * Mail goes out through a job, a moment after the request that queued it: waits (at most
 * `timeoutMs`) for a mail to `to` in the outbox of `dataDirs` whose text matches `pattern`, and
 * answers the newest such mail. Several folders: instances of one deployment each write their own
 * outbox, and any of them may run the job.
 */
export async function waitForMail(dataDirs: string | string[], to: string, pattern?: RegExp, timeoutMs = 10_000): Promise<string> {
  const outboxes = (Array.isArray(dataDirs) ? dataDirs : [dataDirs]).map((d) => path.join(d, 'outbox'));
  const end = Date.now() + timeoutMs;
  for (;;) {
    const files = outboxes.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []));
    const found = files
      .filter((file) => file.endsWith('.eml'))
      .map((file) => ({ text: readMail(file), at: fs.statSync(file).mtimeMs }))
      .filter((m) => mailRecipient(m.text) === to.toLowerCase() && (!pattern || pattern.test(m.text)))
      .sort((a, b) => b.at - a.at)[0];
    if (found) return found.text;
    if (Date.now() > end) throw new Error(`no mail to ${to}${pattern ? ` matching ${pattern}` : ''} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** How many statements the test app's database client runs during `run` (on PGlite and on a pg pool alike). */
export async function countQueries(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  const client = (t.database.db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const names = ['query', 'exec', 'execute'].filter((k) => typeof client[k] === 'function');
  const originals = names.map((k) => client[k]);
  let n = 0;
  names.forEach((k, i) => {
    client[k] = (...a: unknown[]) => {
      n += 1;
      return originals[i].apply(client, a);
    };
  });
  try {
    await run();
    return n;
  } finally {
    names.forEach((k, i) => (client[k] = originals[i]));
  }
}
