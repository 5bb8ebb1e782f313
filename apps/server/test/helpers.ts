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
import type { PubSub } from '../src/platform/events/pubsub.ts';
import { memoryThrottle, type ThrottleStore } from '../src/lib/throttle.ts';

export const ADMIN = { email: 'admin@test.spotlist', password: 'admin-test-password-1' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
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
    /** Extra routes for a test (registered before the app is ready). */
    register?: (app: FastifyInstance, database: Database) => void | Promise<void>;
    webRoot?: string;
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
  const app = await buildApp({
    config,
    database,
    mailer: createMailer(config),
    throttle,
    pubsub: opts.pubsub,
    secret: config.SECRET!,
    version: '0.0.0-test',
    commit: 'test',
    webRoot: opts.webRoot,
  });
  await opts.register?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
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

/** Sends a JSON request as a native client would (X-Auth-Token, no cookies). */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, body?: unknown, token?: string) {
  return app.inject({
    method,
    url,
    headers: { ...(token ? { 'x-auth-token': token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
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
  const res = await call(app, 'POST', '/api/signup', {
    email,
    password: PASSWORD,
    accountType: { id: accountType },
    termsaccepted: true,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as User;
  return { user, token: user.authtoken!, refreshToken: user.refreshToken!, email };
}

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const res = await call(app, 'POST', '/api/login', ADMIN);
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().authtoken as string;
}

/** The newest mail in the outbox, as text (quoted-printable decoded). */
export function lastMail(dataDir: string): string {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(dir).sort();
  const raw = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
