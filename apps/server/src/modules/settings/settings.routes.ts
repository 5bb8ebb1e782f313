import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { SettingInputSchema, SettingSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { settings } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { settingsAccountPart } from './settings.account.ts';

const toApi = (r: Record<string, unknown>) => ({ id: r.id as number, key: r.key as string, value: r.value ?? null });

/**
 * SPEC §7 /api/setting/: the caller's own key/value settings. GET /api/setting/ (and /list) lists
 * them, POST add creates one (a key once per user: 409 error.duplicate), and the other generic
 * calls work on the caller's rows only. POST /api/setting/save sets a value by key (upsert).
 */
export const settingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.accountData.register(settingsAccountPart(db));
  resource(app, db, {
    path: '/api/setting/',
    name: 'setting',
    table: settings,
    item: SettingSchema,
    input: SettingInputSchema,
    policy: { read: 'user', write: 'user', report: false },
    ownerColumn: settings.userId,
    listAtRoot: true,
    toApi,
    toRow: (i) => ({ key: i.key, value: i.value ?? null }),
    defaults: () => ({ key: '', value: null }),
    list: { filters: { key: settings.key }, sorts: { key: settings.key, id: settings.id } },
    tags: ['settings'],
  });

  app.post(
    '/api/setting/save',
    { schema: { body: SettingInputSchema, response: { 200: SettingSchema }, tags: ['settings'] }, config: { auth: 'user' } },
    async (req) => {
      const value = req.body.value ?? null;
      const rows = await db
        .insert(settings)
        .values({ userId: req.user!.id, key: req.body.key, value })
        .onConflictDoUpdate({ target: [settings.userId, settings.key], set: { value: sql`excluded.value`, updatedAt: new Date() } })
        .returning();
      return toApi(rows[0]);
    },
  );
};
