import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/db/client.ts';

const URL = process.env.TEST_DATABASE_URL;

describe.runIf(!!URL)('PostgreSQL connections (openPostgres)', () => {
  it('run without JIT and with bounded statements and idle transactions', async () => {
    const database = openPostgres(URL!);
    try {
      const show = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0][name];
      expect(await show('jit')).toBe('off');
      expect(await show('statement_timeout')).toBe('30s');
      expect(await show('idle_in_transaction_session_timeout')).toBe('1min');
    } finally {
      await database.close();
    }
  });
});
