import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  AccountDeleteSchema,
  ErrorKey,
  OkSchema,
  ProfileExportSchema,
  ProfileUpdateSchema,
  LanguageUpdateSchema,
  UserSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ThrottleStore } from '../../lib/throttle.ts';
import { REFRESH_COOKIE } from '../auth/index.ts';
import { profileAccountPart } from './profile.account.ts';
import { profileService } from './profile.service.ts';

/**
 * SPEC §7 Profile: GET /api/myprofile, POST /api/myprofile/update (onboarding and the full profile
 * of every account type), DELETE /api/myprofile/delete, GET /api/myprofile/export.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; throttle: ThrottleStore }> = async (
  app,
  { db, config, throttle },
) => {
  app.accountData.register(profileAccountPart(db));
  const profile = profileService({ db, config, throttle, accountData: app.accountData });
  const tags = ['profile'];

  app.get(
    '/api/myprofile',
    {
      schema: { response: { 200: UserSchema }, tags },
      // the caller's own account: dropped by their writes (profile, pictures, languages, flags by an admin)
      config: {
        auth: 'user',
        cache: { scope: 'user', invalidatedBy: ['user.wrote', 'profile.changed', 'everything.changed'], maxBytes: 16 * 1024 * 1024 },
      },
    },
    async (req) => profile.view(req.user!.id, req.ctx.language),
  );

  app.post(
    '/api/myprofile/update',
    {
      schema: { body: ProfileUpdateSchema, response: { 200: UserSchema }, tags },
      config: { auth: 'user' },
      // The account type never changes through the profile: the stored one replaces whatever the
      // body says before validation, so the SPEC §5 rules of the real account type apply.
      preValidation: async (req) => {
        const body = req.body;
        if (typeof body === 'object' && body !== null && !Array.isArray(body) && req.user) {
          (body as unknown as Record<string, unknown>).accountType = { id: req.user.accountType };
        }
      },
    },
    async (req) => {
      const user = await profile.update(req.user!, req.body, req.ctx.language);
      await app.events.emit('profile.changed', { userId: req.user!.id });
      return user;
    },
  );

  app.delete(
    '/api/myprofile/delete',
    // the account's places leave others' likes and lists
    // erasure and the export (GDPR) stay open to a suspended account
    {
      schema: { body: AccountDeleteSchema, response: { 200: OkSchema }, tags },
      config: { auth: 'user', invalidates: 'all', whileSuspended: true },
    },
    async (req, reply) => {
      await profile.remove(req.user!, req.body.password);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/myprofile/export',
    { schema: { response: { 200: ProfileExportSchema }, tags }, config: { auth: 'user', whileSuspended: true } },
    async (req, reply) => {
      const data = await profile.exportData(req.user!, req.ctx.language);
      const day = data.exportedAt.slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="spotlist-export-${req.user!.id}-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  /** SPEC §7: a user update sends id and language.id. */
  app.post(
    '/api/myprofile/language',
    { schema: { body: LanguageUpdateSchema, response: { 200: UserSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      if (req.body.id !== undefined && req.body.id !== req.user!.id) throw new AppError(ErrorKey.forbidden, 403);
      await db.update(users).set({ languageId: req.body.language.id }).where(eq(users.id, req.user!.id));
      return profile.view(req.user!.id, req.ctx.language);
    },
  );
};
