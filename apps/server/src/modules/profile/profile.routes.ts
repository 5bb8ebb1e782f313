import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AccountType, ErrorKey, OnboardingSchema, USER_LANGUAGES, UserSchema } from '@spotlist/contracts';
import type { Db } from '../../db/client.ts';
import { industries, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadUserView } from '../users/users.repo.ts';

const LanguageUpdateSchema = z.object({
  id: z.number().int().positive().optional(),
  language: z.object({
    id: z.number().int().refine((n) => USER_LANGUAGES.some((l) => l.id === n), { error: 'FORM.ERROR.LANGUAGE' }),
  }),
});

/**
 * SPEC §7 Profile: GET /api/myprofile and POST /api/myprofile/update. This part covers what a
 * profile needs to count as filled (SPEC §5): e-mail, nickname and, for a business, an industry.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const view = async (id: number) => {
    const u = await loadUserView(db, id);
    if (!u) throw new AppError(ErrorKey.tokenInvalid, 401);
    return u;
  };

  app.get('/api/myprofile', { schema: { response: { 200: UserSchema }, tags: ['profile'] }, config: { auth: 'user' } }, async (req) =>
    view(req.user!.id),
  );

  app.post(
    '/api/myprofile/update',
    { schema: { body: OnboardingSchema, response: { 200: UserSchema }, tags: ['profile'] }, config: { auth: 'user' } },
    async (req) => {
      const me = req.user!;
      const body = req.body;
      // the account type is not changed through the profile; the business rule follows the stored type
      const isBusiness = me.accountType === AccountType.business;
      if (isBusiness && !body.industry2?.id) {
        throw new AppError(ErrorKey.validation, 400, [{ path: 'body.industry2', key: 'hasId' }]);
      }
      let industryId: number | null = null;
      if (isBusiness) {
        const found = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, body.industry2!.id));
        if (!found[0]) throw new AppError(ErrorKey.validation, 400, [{ path: 'body.industry2', key: 'hasId' }]);
        industryId = found[0].id;
      }
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email} and ${users.id} <> ${me.id}`);
      if (taken[0]) throw new AppError(ErrorKey.emailTaken, 409);
      const emailChanged = sql`lower(${users.email}) <> ${body.email}`;
      await db
        .update(users)
        .set({
          email: body.email,
          emailVerified: sql`case when ${emailChanged} then false else ${users.emailVerified} end`,
          nickname: body.nickname.value,
          industryId,
          profileFilled: true,
        })
        .where(eq(users.id, me.id));
      return view(me.id);
    },
  );

  /** SPEC §7: a user update sends id and language.id. */
  app.post(
    '/api/myprofile/language',
    { schema: { body: LanguageUpdateSchema, response: { 200: UserSchema }, tags: ['profile'] }, config: { auth: 'user' } },
    async (req) => {
      if (req.body.id !== undefined && req.body.id !== req.user!.id) throw new AppError(ErrorKey.forbidden, 403);
      await db.update(users).set({ languageId: req.body.language.id }).where(eq(users.id, req.user!.id));
      return view(req.user!.id);
    },
  );
};
