import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ErrorKey, IdParamSchema, UserFlagsUpdateSchema, UserSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadUserView } from '../users/index.ts';

/** Activation flags (SPEC §1, §3) are switched only by an admin. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/user/:id',
    { schema: { params: IdParamSchema, response: { 200: UserSchema }, tags: ['admin'] }, config: { auth: 'admin' } },
    async (req) => {
      const u = await loadUserView(db, req.params.id);
      if (!u) throw new AppError(ErrorKey.notFound, 404);
      return u;
    },
  );

  app.post(
    '/api/admin/user/:id/flags',
    {
      schema: { params: IdParamSchema, body: UserFlagsUpdateSchema, response: { 200: UserSchema }, tags: ['admin'] },
      config: { auth: 'admin' },
    },
    async (req) => {
      const flags = Object.fromEntries(Object.entries(req.body).filter(([, v]) => typeof v === 'boolean'));
      if (Object.keys(flags).length > 0) {
        const rows = await db.update(users).set(flags).where(eq(users.id, req.params.id)).returning({ id: users.id });
        if (!rows[0]) throw new AppError(ErrorKey.notFound, 404);
      }
      const u = await loadUserView(db, req.params.id);
      if (!u) throw new AppError(ErrorKey.notFound, 404);
      return u;
    },
  );
};
