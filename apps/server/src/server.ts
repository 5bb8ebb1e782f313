import type { EventEmitter } from 'node:events';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './platform/db/client.ts';
import { acquireDataDirLock } from './platform/db/data-dir-lock.ts';
import { DEMO_USERS, seedAdmin, seedDemo } from './platform/db/seed/accounts.ts';
import { storageFromConfig } from './modules/documents/index.ts';
import { seedReference } from './platform/db/seed/reference.ts';
import { buildInfo } from './lib/build-info.ts';
import { createMailer } from './integrations/smtp/mailer.ts';
import { serverRoot } from './lib/paths.ts';
import { loadSecret } from './lib/secret.ts';
import { secretsFromConfig } from './platform/crypto/secrets.ts';
import { memoryPubSub, redisPubSub, type PubSub } from './platform/events/pubsub.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { shutdownPlan } from './platform/http/drain.ts';
import { fallbackThrottle, memoryThrottle, redisThrottle, type ThrottleStore } from './lib/throttle.ts';

/** What the database's close gets of the grace, at least, after the jobs and Redis. */
const CLOSE_RESERVE_MS = 150;

/** `step`, or nothing more after `ms` (logged): the process is about to exit either way. True when it ended in time. */
async function within(step: Promise<unknown>, ms: number, app: FastifyInstance, what: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = Symbol('late');
  const outcome = await Promise.race([
    step.then(
      () => undefined,
      (err: unknown) => app.log.warn({ err }, `closing: ${what} failed`),
    ),
    new Promise<symbol>((resolve) => (timer = setTimeout(() => resolve(late), ms))),
  ]);
  clearTimeout(timer);
  if (outcome !== late) return true;
  app.log.warn({ afterMs: ms }, `closing: ${what} did not close in time; left behind`);
  return false;
}

export interface Running {
  app: FastifyInstance;
  database: Database;
  /** What this start created: the admin's generated password (shown once), and whether the demo accounts were seeded now. */
  seeded: { adminPassword?: string; demo: boolean };
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds and builds the app: everything `npm start` needs but listen. */
/** Logs a Redis connection's trouble at most once a minute, not at every reconnect attempt. */
function redisTrouble(what: string): (err: Error) => void {
  let quietUntil = 0;
  return (err) => {
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 60_000;
    console.warn(`${what}: Redis unavailable (${err.message}); counting in this process until it is back`);
  };
}

/** Logs an idle database connection's loss at most once a minute. */
function databaseTrouble(): (err: Error) => void {
  let quietUntil = 0;
  return (err) => {
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 60_000;
    console.warn(`database: an idle connection was lost (${err.message}); new ones are opened as needed`);
  };
}

export async function startServer(config: Config, print: (line: string) => void = console.log): Promise<Running> {
  let unlock = async () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = openPostgres(config.DATABASE_URL);
    // An idle pooled connection that PostgreSQL ends (a restart, a failover) is dropped by the
    // pool, which then emits 'error': without a listener that is an uncaught exception, and the
    // server would close. Requests meanwhile answer 503 (platform/http/errors.ts isOutage).
    const pool = (database.db as unknown as { $client?: EventEmitter }).$client;
    pool?.on('error', databaseTrouble());
  } else {
    unlock = await acquireDataDirLock(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pgdata'));
  }
  let throttle: ThrottleStore | undefined;
  let pubsub: PubSub | undefined;
  let jobs: JobQueue | undefined;
  try {
    await database.migrate();
    await seedReference(database.db);
    const admin = await seedAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    if (admin.password) print(`Admin login (shown once; set ADMIN_PASSWORD to choose it): ${config.ADMIN_EMAIL} / ${admin.password}`);
    // the demo pictures are stored as uploads are (DATA_DIR/files or S3)
    const demo = config.SEED_DEMO && (await seedDemo(database.db, storageFromConfig(config)));
    if (demo) {
      print('Demo logins:');
      for (const d of DEMO_USERS) print(`  ${d.email} / ${d.password}`);
    }
    throttle = config.REDIS_URL
      ? fallbackThrottle(redisThrottle(config.REDIS_URL, undefined, redisTrouble('login throttle')))
      : memoryThrottle();
    pubsub = config.REDIS_URL ? redisPubSub(config.REDIS_URL) : memoryPubSub();
    jobs = createJobQueue(database, config);
    const app = await buildApp({
      config,
      database,
      mailer: createMailer(config),
      throttle,
      pubsub,
      secret: loadSecret(config.SECRET, config.dataDir),
      secrets: secretsFromConfig(config),
      jobs,
      ...buildInfo(config.GIT_COMMIT),
      webRoot: config.WEB_DIST ?? path.resolve(serverRoot(), '../web/dist'),
      embedRoot: config.EMBED_DIST ?? path.resolve(serverRoot(), '../embed/dist'),
    });
    // the modules registered their handlers while the app was built
    await jobs.start(app.log);
    const t = throttle;
    const ps = pubsub;
    const j = jobs;
    return {
      app,
      database,
      seeded: { adminPassword: admin.password, demo },
      close: async () => {
        // Within SHUTDOWN_GRACE_MS (main.ts exits then): the drain answers every request by its
        // own deadline; what comes after gets the time left, and a step that hangs (a service
        // that is away) is left behind rather than waited for.
        const exitAt = Date.now() + shutdownPlan(config.SHUTDOWN_GRACE_MS).exitMs;
        const left = (reserveMs: number) => Math.max(0, exitAt - reserveMs - Date.now());
        await app.close();
        // after the requests (which may still queue jobs), before the database its workers use;
        // a job still running then is retried by whichever instance is up
        await within(j.stop(), left(CLOSE_RESERVE_MS), app, 'job queue');
        await within(Promise.all([t.close(), ps.close()]), Math.min(1_000, left(CLOSE_RESERVE_MS)), app, 'redis');
        // a database still closing keeps its folder locked until the process is gone
        if (await within(database.close(), left(0), app, 'database')) await unlock();
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => {});
    await throttle?.close();
    await pubsub?.close();
    await database.close().catch(() => {});
    await unlock();
    throw err;
  }
}
