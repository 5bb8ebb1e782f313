import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { Db } from '../../platform/db/client.ts';
import { authAccountPart } from './auth.account.ts';
import { sendMail } from './auth.jobs.ts';
import { authService, type AuthService, type IssuedTokens } from './auth.service.ts';
import { mailText } from '../../lib/mail-texts.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS } from './device-cookie.ts';
import { defaultClientId } from '../../platform/db/seed/accounts.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { SESSION_EVENTS } from '../../platform/http/auth.ts';

export const REFRESH_COOKIE = 'spotlist_refresh';

/**
 * SPEC §7 Authentication. The web client asks for `tokenTransport: cookie` and gets the refresh
 * token in an HttpOnly cookie; native clients get it in the body and send `refresh_token` back.
 */
/** A session's answer: the refresh token in the HttpOnly cookie (the web app) or in the body (native clients). */
export function sessionAnswer(secureCookies: boolean) {
  return <T extends IssuedTokens>(reply: FastifyReply, result: T, transport: 'body' | 'cookie' = 'body') => {
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
}

/** The auth service as app.ts builds it (one instance: the routes here and external accounts' logins). */
export function buildAuthService(deps: Omit<Parameters<typeof authService>[0], 'defaultClientId' | 'mailText'>) {
  return authService({ ...deps, defaultClientId: () => defaultClientId(deps.db), mailText });
}

/**
 * SPEC §7 Authentication. The web client asks for `tokenTransport: cookie` and gets the refresh
 * token in an HttpOnly cookie; native clients get it in the body and send `refresh_token` back.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  jobs: JobQueue;
  secureCookies: boolean;
  /** SPEC §4/§7: the push device the logout body names is deleted (modules/push, wired by app.ts). */
  onLogout?: (userId: number, device: { token?: string; deviceId?: string }) => Promise<unknown>;
}> = async (app, { db, auth, jobs, secureCookies, onLogout }) => {
  jobs.register(sendMail, { auth });
  app.accountData.register(authAccountPart(db));
  const answer = sessionAnswer(secureCookies);

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
      if ('email' in body) {
        const { device, ...result } = await auth.login(body, req.ip, req.cookies[DEVICE_COOKIE], req.ctx.language);
        // only the login reads it: sent nowhere else
        reply.setCookie(DEVICE_COOKIE, device, {
          path: '/api/login',
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          maxAge: DEVICE_COOKIE_SECONDS,
        });
        return answer(reply, result, body.tokenTransport);
      }
      const fromCookie = !body.refresh_token;
      const token = body.refresh_token ?? req.cookies[REFRESH_COOKIE];
      if (!token || (!body.grant_type && !body.refresh_token)) throw new AppError(ErrorKey.refreshInvalid, 401);
      return answer(reply, await auth.refresh(token, req.ctx.language), fromCookie ? 'cookie' : 'body');
    },
  );

  // the session check apps make on every start and resume: the user's view per language, kept as
  // the serializer's bytes until a write of the user or an admin's (platform/http/response-cache.ts)
  app.get(
    '/api/session/user',
    {
      schema: { response: { 200: UserSchema }, tags: ['auth'] },
      config: {
        auth: 'user',
        // a suspended account learns that it is (suspendedUntil) and reads its notices
        whileSuspended: true,
        cache: { scope: 'user', invalidatedBy: SESSION_EVENTS, maxBytes: 64 * 1024 * 1024, maxEntries: 20_000 },
      },
    },
    async (req) => auth.view(req.user!.id, req.ctx.language),
  );

  app.post(
    '/api/logout',
    { schema: { body: LogoutSchema, response: { 200: OkSchema }, tags: ['auth'] }, config: { auth: 'public' } },
    async (req, reply) => {
      const userId = await auth.logout(req.user?.sessionId ?? null, req.cookies[REFRESH_COOKIE]);
      if (userId !== null && req.body && onLogout) await onLogout(userId, req.body);
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
