import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { secretsFromConfig } from './platform/crypto/secrets.ts';
import { openPglite } from './platform/db/client.ts';
import { memoryThrottle } from './lib/throttle.ts';
import { JobQueue } from './platform/jobs/queue.ts';

/** The OpenAPI document as committed: built from the same app, stable across runs. */
export async function generateOpenApi(): Promise<string> {
  const database = await openPglite();
  const config = testConfig();
  const app = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    // never started: reading the routes queues nothing
    jobs: new JobQueue(database),
    throttle: memoryThrottle(),
    secret: 'openapi-generation-only-not-used-for-requests',
    secrets: secretsFromConfig(config), // testConfig's fixed key: nothing is written
    version: '0.1.0',
    commit: 'n/a',
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}
