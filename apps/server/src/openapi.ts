import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { openPglite } from './platform/db/client.ts';
import { memoryThrottle } from './lib/throttle.ts';

/** The OpenAPI document as committed: built from the same app, stable across runs. */
export async function generateOpenApi(): Promise<string> {
  const database = await openPglite();
  const app = await buildApp({
    config: testConfig(),
    database,
    mailer: { send: async () => {} },
    throttle: memoryThrottle(),
    secret: 'openapi-generation-only-not-used-for-requests',
    version: '0.1.0',
    commit: 'n/a',
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}
