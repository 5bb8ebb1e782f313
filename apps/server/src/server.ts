import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { acquireDataDirLock, openPglite, openPostgres, type Database } from './platform/db/client.ts';
import { DEMO_USERS, seedAdmin, seedDemo } from './platform/db/seed/accounts.ts';
import { seedReference } from './platform/db/seed/reference.ts';
import { buildInfo } from './lib/build-info.ts';
import { createMailer } from './integrations/smtp/mailer.ts';
import { serverRoot } from './lib/paths.ts';
import { loadSecret } from './lib/secret.ts';
import { secretsFromConfig } from './platform/crypto/secrets.ts';
import { memoryPubSub, redisPubSub, type PubSub } from './platform/events/pubsub.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { fallbackThrottle, memoryThrottle, redisThrottle, type ThrottleStore } from './lib/throttle.ts';

export interface Running {
  app: FastifyInstance;
  database: Database;
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

export async function startServer(config: Config, print: (line: string) => void = console.log): Promise<Running> {
  let unlock = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = openPostgres(config.DATABASE_URL);
  } else {
    unlock = acquireDataDirLock(config.dataDir);
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
    if (config.SEED_DEMO && (await seedDemo(database.db))) {
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
      close: async () => {
        await app.close();
        // after the requests (which may still queue jobs), before the database its workers use
        await j.stop();
        await t.close();
        await ps.close();
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => {});
    await throttle?.close();
    await pubsub?.close();
    await database.close().catch(() => {});
    unlock();
    throw err;
  }
}
