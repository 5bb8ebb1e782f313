import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailVerifySchema,
  ErrorKey,
  LoginSchema,
  LogoutSchema,
  OkSchema,
  PasswordResetSchema,
  PasswordUpdateSchema,
  PasswordUpdateTokenSchema,
  SignupSchema,
  UserSchema,
} from '@spotlist/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { sendCompressed } from '../../lib/compression.ts';
import { SESSION_EVENTS } from '../../platform/http/auth.ts';
import { stampedCache, stamps, userTag } from '../../platform/events/stamps.ts';
import type { AuthService, IssuedTokens } from './auth.service.ts';

export const REFRESH_COOKIE = 'spotlist_refresh';

/**
 * SPEC §7 Authentication. The web client asks for `tokenTransport: cookie` and gets the refresh
 * token in an HttpOnly cookie; native clients get it in the body and send `refresh_token` back.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; secureCookies: boolean }> = async (
  app,
  { auth, secureCookies },
) => {
  const answer = <T extends IssuedTokens>(reply: FastifyReply, result: T, transport: 'body' | 'cookie' = 'body') => {
    const { refreshToken, refreshExpiresIn, ...rest } = result;
    if (transport === 'cookie') {
      reply.setCookie(REFRESH_COOKIE, refreshToken, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        maxAge: refreshExpiresIn,
      });
      return rest;
    }
    return { ...rest, refreshToken };
  };

  app.post(
    '/api/signup',
    { schema: { body: SignupSchema, response: { 200: UserSchema }, tags: ['auth'] }, config: { auth: 'public' } },
    async (req, reply) => answer(reply, await auth.signup(req.body, req.ctx.language), req.body.tokenTransport),
  );

  app.post(
    '/api/login',
    {
      schema: { body: LoginSchema, response: { 200: UserSchema }, tags: ['auth'] },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const body = req.body;
      if ('email' in body) return answer(reply, await auth.login(body, req.ip, req.ctx.language), body.tokenTransport);
      const fromCookie = !body.refresh_token;
      const token = body.refresh_token ?? req.cookies[REFRESH_COOKIE];
      if (!token || (!body.grant_type && !body.refresh_token)) throw new AppError(ErrorKey.refreshInvalid, 401);
      return answer(reply, await auth.refresh(token, req.ctx.language), fromCookie ? 'cookie' : 'body');
    },
  );

  // the session check apps make on every start and resume: the user's view per language, from
  // memory until a write of the user or an admin's (lib/invalidation.ts). Kept as the JSON the
  // app's serializer makes (checked against UserSchema once, when the entry is made), so a hit
  // costs no schema pass and no JSON.stringify.
  const st = stamps(app.events, SESSION_EVENTS, { maxAgeMs: app.cacheMaxAgeMs });
  const views = stampedCache<Buffer>(st, { maxEntries: 20_000, maxBytes: 64 * 1024 * 1024 });
  const serializeUser = serializerCompiler({ schema: UserSchema, method: 'GET', url: '/api/session/user' } as Parameters<
    typeof serializerCompiler
  >[0]);
  app.get(
    '/api/session/user',
    { schema: { response: { 200: UserSchema }, tags: ['auth'] }, config: { auth: 'user' } },
    async (req, reply) => {
      const id = req.user!.id;
      const key = `${id}\n${req.ctx.language}`;
      let body = views.get(key);
      if (!body) {
        const stamp = st.stamp();
        body = Buffer.from(serializeUser(await auth.view(id, req.ctx.language)));
        views.set(key, userTag(id), stamp, body, body.length);
      }
      return sendCompressed(req, reply.header('content-type', 'application/json; charset=utf-8'), body, 'dynamic');
    },
  );

  app.post(
    '/api/logout',
    { schema: { body: LogoutSchema, response: { 200: OkSchema }, tags: ['auth'] }, config: { auth: 'public' } },
    async (req, reply) => {
      await auth.logout(req.user?.sessionId ?? null, req.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password/reset',
    { schema: { body: PasswordResetSchema, response: { 200: OkSchema }, tags: ['auth'] }, config: { auth: 'public' } },
    async (req) => {
      await auth.requestReset(req.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password/update',
    { schema: { body: PasswordUpdateSchema, response: { 200: OkSchema }, tags: ['auth'] }, config: { auth: 'user' } },
    async (req) => {
      await auth.changePassword(req.user!.id, req.user!.sessionId, req.body.oldPassword, req.body.newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password/update/token',
    { schema: { body: PasswordUpdateTokenSchema, response: { 200: OkSchema }, tags: ['auth'] }, config: { auth: 'public' } },
    async (req) => {
      await auth.resetWithToken(req.body.token, req.body.newPassword);
      return { ok: true as const };
    },
  );

  // The link in the verification mail; it lands on the login page with the outcome.
  app.get(
    '/api/email/verify',
    {
      schema: { querystring: EmailVerifySchema, response: { 302: z.null() }, tags: ['auth'] },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const ok = await auth.verifyEmail(req.query.token);
      return reply.redirect(`/login?verified=${ok ? '1' : '0'}`);
    },
  );
};
