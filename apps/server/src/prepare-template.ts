// Built by build.mjs into dist/prepare-template.js and run by it: makes the embedded database a
// first start copies (platform/db/client.ts pgliteTemplate) in the folder given as argument —
// initialised, migrated, the reference data seeded and pg-boss's schema made, everything a first
// start would otherwise do for 2.5 s. No accounts: the admin and the demo data are made at start.
import { openPglite } from './platform/db/client.ts';
import { seedReference } from './platform/db/seed/reference.ts';
import { JobQueue } from './platform/jobs/queue.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node dist/prepare-template.js <folder>');
  process.exit(2);
}
const database = await openPglite(dir, { template: null });
try {
  await database.migrate();
  await seedReference(database.db);
  // pg-boss creates its schema at its first start; no job is registered, so none runs here
  const jobs = new JobQueue(database);
  await jobs.start();
  await jobs.stop();
} finally {
  await database.close();
}
