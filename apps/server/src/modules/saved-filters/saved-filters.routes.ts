import type { FastifyPluginAsync } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { ErrorKey, SAVED_FILTERS_MAX, SavedFilterInputSchema, SavedFilterSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { savedFilters } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * SPEC §7 saved filters: `/api/savedfilter/` through the generic resource factory, each row its
 * owner's (ownership in every query's where). `GET /api/savedfilter/?f.view=console.users` lists
 * one view's; a name is unique per view and owner (409 error.duplicate), SAVED_FILTERS_MAX a user.
 */
export const savedFilterRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.accountData.register({
    owner: 'saved-filters',
    sections: ['savedFilters'],
    async export(userId) {
      const rows = await db.select().from(savedFilters).where(eq(savedFilters.ownerId, userId)).orderBy(savedFilters.id);
      return { savedFilters: rows.map((r) => ({ view: r.view, name: r.name, query: r.query, createdAt: r.createdAt.toISOString() })) };
    },
  });
  resource(app, db, {
    path: '/api/savedfilter/',
    name: 'savedfilter',
    table: savedFilters,
    item: SavedFilterSchema,
    input: SavedFilterInputSchema,
    policy: { read: 'user', write: 'user', report: false },
    ownerColumn: savedFilters.ownerId,
    listAtRoot: true,
    toApi: (r) => ({ id: r.id, view: r.view, name: r.name, query: r.query }) as never,
    toRow: (i) => ({ view: i.view, name: i.name.trim(), query: i.query }),
    defaults: () => ({ view: '', name: '', query: {} }),
    list: { filters: { view: savedFilters.view }, sorts: { name: savedFilters.name, id: savedFilters.id } },
    guardWrite: async (tx, op, _before, after) => {
      if (op !== 'add' || !after) return;
      const [{ n }] = await tx
        .select({ n: count() })
        .from(savedFilters)
        .where(eq(savedFilters.ownerId, after.ownerId as number));
      if (n > SAVED_FILTERS_MAX) throw new AppError(ErrorKey.savedFiltersTooMany, 409);
    },
    tags: ['saved filters'],
  });
};
