import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { acquireDataDirLock } from '../src/platform/db/data-dir-lock.ts';
import { fallbackThrottle, memoryThrottle, redisThrottle, waitSeconds } from '../src/lib/throttle.ts';
import { parseAppLanguage, parseUserLocation } from '../src/platform/http/request-context.ts';
import { generateOpenApi } from '../src/openapi.ts';
import { serverRoot } from '../src/lib/paths.ts';
import { tileOrigin } from '../src/app.ts';
import { buildTestApp, req, signup, PASSWORD } from './helpers.ts';
import { openPglite } from '../src/platform/db/client.ts';
import { COUNTRY_ROWS, referenceFingerprint, seedReference } from '../src/platform/db/seed/reference.ts';

describe('data folder lock', () => {
  const holder = (dir: string) =>
    spawn(
      process.execPath,
      [
        '--experimental-strip-types',
        '-e',
        `import('${path.join(serverRoot(), 'src/platform/db/data-dir-lock.ts')}').then(async (m) => { await m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
  const held = (child: ReturnType<typeof spawn>) =>
    new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });

  it('refuses a second holder while the first lives, and is free the moment it dies, even by kill -9', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-lock-'));
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another Spotlist process/);
    await release();
    // another process holds it, then is killed without a chance to clean up
    const child = holder(dir);
    await held(child);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another Spotlist process/);
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    const again = await acquireDataDirLock(dir);
    await again();
    fs.rmSync(dir, { recursive: true });
  });

  it('a pid file of an earlier version locks nothing, whatever process has that pid now', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-lock-'));
    fs.writeFileSync(path.join(dir, 'spotlist.lock'), '1'); // pid 1 always lives
    const release = await acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, 'spotlist.lock'))).toBe(false);
    await release();
    fs.rmSync(dir, { recursive: true });
  });
});

describe('reference data seed', () => {
  it('writes everything on a new database, nothing at a start whose rows are unchanged, everything again when they changed', async () => {
    const database = await openPglite();
    try {
      await database.migrate();
      const db = database.db;
      const rows = async (q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const countries = async () => (await rows(sql`select count(*)::int as n, max(xmin::text::bigint) as x from countries`))[0] as { n: number; x: string };
      await seedReference(db);
      const first = await countries();
      expect(first.n).toBe(COUNTRY_ROWS.length);
      expect(await rows(sql`select fingerprint from seed_states where name = 'reference'`)).toEqual([{ fingerprint: referenceFingerprint() }]);

      // unchanged rows: not one row rewritten (an upsert would give every row a new xmin)
      await seedReference(db);
      expect(await countries()).toEqual(first);

      // rows of an earlier version: written again, and what had gone is back
      await db.execute(sql`delete from countries where id = 276`);
      await db.execute(sql`update seed_states set fingerprint = 'earlier' where name = 'reference'`);
      await seedReference(db);
      const again = await countries();
      expect(again.n).toBe(COUNTRY_ROWS.length);
      expect(Number(again.x)).toBeGreaterThan(Number(first.x));
      expect(await rows(sql`select key from countries where id = 276`)).toEqual([{ key: 'de' }]);
    } finally {
      await database.close();
    }
  });
});

describe('embedded database folder', () => {
  it('an empty folder starts as a copy of the template; a folder with anything in it is never replaced', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-template-'));
    try {
      const template = path.join(root, 'template');
      const made = await openPglite(template, { template: null });
      await made.migrate();
      await made.db.execute(sql`create table template_mark (n int)`);
      await made.close();

      const fresh = path.join(root, 'fresh', 'pgdata');
      const db = await openPglite(fresh, { template });
      try {
        // the template's own table is there: the folder is its copy, not a new initdb
        expect(((await db.db.execute(sql`select count(*)::int as n from template_mark`)) as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
        expect(fs.existsSync(`${fresh}.copying`)).toBe(false);
      } finally {
        await db.close();
      }

      const occupied = path.join(root, 'occupied');
      fs.mkdirSync(occupied);
      fs.writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
      const other = await openPglite(occupied, { template });
      try {
        // PGlite initialised a database beside the file; the template was not copied over it
        expect(((await other.db.execute(sql`select to_regclass('template_mark') as t`)) as unknown as { rows: unknown[] }).rows).toEqual([{ t: null }]);
      } finally {
        await other.close();
      }
      expect(fs.readFileSync(path.join(occupied, 'keep.txt'), 'utf8')).toBe('mine');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('request context', () => {
  it('reads user-location as lat;lng and ignores anything else', () => {
    expect(parseUserLocation('48.137;11.575')).toEqual({ lat: 48.137, lng: 11.575 });
    expect(parseUserLocation(' -33.9 ; 151.2 ')).toEqual({ lat: -33.9, lng: 151.2 });
    for (const bad of ['91;0', '0;181', 'abc', '48.1,11.5', '', undefined, '1;2;3']) expect(parseUserLocation(bad)).toBeNull();
  });
  it('reads app-language, unsupported → en', () => {
    expect(parseAppLanguage('de')).toBe('de');
    expect(parseAppLanguage('pt-BR')).toBe('pt');
    expect(parseAppLanguage('xx')).toBe('en');
    expect(parseAppLanguage(undefined)).toBe('en');
  });
  it('derives the tile host for the CSP', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
  });
});

describe('login throttling store', () => {
  it('memory: counts failures with the time of the last, and forgets them after the memory time', async () => {
    let now = 0;
    const s = memoryThrottle(() => now);
    expect(await s.hit('k', 10)).toEqual({ count: 1, lastAt: 0 });
    now = 5_000;
    expect(await s.hit('k', 10)).toEqual({ count: 2, lastAt: 5_000 });
    now = 14_999;
    expect(await s.get('k')).toEqual({ count: 2, lastAt: 5_000 });
    now = 15_000;
    expect(await s.get('k')).toEqual({ count: 0, lastAt: 0 });
  });

  it('delays grow 2, 4, 8 … seconds after the free failures, up to the maximum, counted from the last failure', () => {
    const at = 1_000_000;
    expect(waitSeconds({ count: 4, lastAt: at }, 5, 900, at)).toBe(0);
    expect(waitSeconds({ count: 5, lastAt: at }, 5, 900, at)).toBe(2);
    expect(waitSeconds({ count: 6, lastAt: at }, 5, 900, at)).toBe(4);
    expect(waitSeconds({ count: 8, lastAt: at }, 5, 900, at)).toBe(16);
    expect(waitSeconds({ count: 40, lastAt: at }, 5, 900, at)).toBe(900);
    expect(waitSeconds({ count: 6, lastAt: at }, 5, 900, at + 3_000)).toBe(1);
    expect(waitSeconds({ count: 6, lastAt: at }, 5, 900, at + 4_000)).toBe(0);
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('redis: two server instances share the counters', async () => {
    const prefix = `spotlist:test:${Date.now()}:${Math.random()}:`;
    const shared = [redisThrottle(process.env.TEST_REDIS_URL!, prefix), redisThrottle(process.env.TEST_REDIS_URL!, prefix)];
    // until connected each would count in its own memory
    for (let i = 0; i < 100 && !shared.every((s) => s.ready); i++) await new Promise((r) => setTimeout(r, 20));
    const one = await buildTestApp({ throttle: fallbackThrottle(shared[0]) });
    // the second instance shares the first one's database through its routes? No: each test app has
    // its own database, so sign the same e-mail up on both, then fail on one and be refused on the other.
    const two = await buildTestApp({ throttle: fallbackThrottle(shared[1]) });
    try {
      const a = await signup(one.app);
      await req(two.app, 'POST', '/api/signup', {
        body: { email: a.email, password: PASSWORD, accountType: { id: 1 }, termsaccepted: true },
      });
      for (let i = 0; i < one.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
        expect((await req(one.app, 'POST', '/api/login', { body: { email: a.email, password: `bad password ${i}` } })).statusCode).toBe(
          401,
        );
      }
      const res = await req(two.app, 'POST', '/api/login', { body: { email: a.email, password: PASSWORD } });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ key: 'error.login.throttled' });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

/** A listening test app with GET /api/test-slow, which answers once `release` is called. */
async function slowApp() {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inHandler = new Promise<void>((r) => (started = r));
  const t = await buildTestApp({
    register: (app) => {
      app.get('/api/test-slow', { config: { auth: 'public' } }, async () => {
        started();
        await gate;
        return { done: true };
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return { t, port, release, inHandler };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish while closing', async () => {
    const { t, port, release, inHandler } = await slowApp();
    const inflight = fetch(`http://127.0.0.1:${port}/api/test-slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inHandler; // the request is being handled
    const closing = t.close();
    setImmediate(release); // it finishes only after closing has begun
    expect(await inflight).toEqual({ status: 200, body: { done: true } });
    await closing;
  });

  it('answers a request that comes on a kept-alive connection while closing 503 error.unavailable, Connection: close', async () => {
    const { t, port, release, inHandler } = await slowApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          })
          .on('error', reject);
      });
    // a connection kept alive from before, and a request running (it holds the drain open)
    expect((await get('/api/health/live')).status).toBe(200);
    const slow = fetch(`http://127.0.0.1:${port}/api/test-slow`).then((r) => r.status);
    await inHandler;
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 20));
    const late = await get('/api/api/info');
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toEqual({ key: 'error.unavailable' });
    expect(late.headers['retry-after']).toBe('5');
    expect(late.headers.connection).toBe('close');
    release();
    expect(await slow).toBe(200);
    await closing;
    agent.destroy();
  });
});

describe('openapi.json', () => {
  it('is committed and matches the routes (regenerate with npm run openapi)', async () => {
    const committed = fs.readFileSync(path.join(serverRoot(), 'openapi.json'), 'utf8');
    expect(await generateOpenApi()).toBe(committed);
  });
});
