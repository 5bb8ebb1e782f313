import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorKey,
  ExternalAccountListSchema,
  ExternalAccountQuerySchema,
  ExternalAccountSchema,
  ExternalAuthorizationSchema,
  ExternalAuthorizeSchema,
  ExternalLoginAnswerSchema,
  ExternalLoginQuerySchema,
  ExternalMediaSchema,
  ExternalProvidersSchema,
  OkSchema,
  SocialLoginSchema,
  type AppLanguage,
  type ExternalProvider,
  type SocialLogin,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Config } from '../../config.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/tokens.ts';
import { defaultClientId } from '../../platform/db/seed/accounts.ts';
import { DEVICE_COOKIE, sessionAnswer, type AuthService } from '../auth/index.ts';
import { configuredProviders } from './providers.ts';
import { externalAccountsService, type CallerContext, type ExternalAccountsService } from './external-accounts.service.ts';
import { refreshConnection } from './external-accounts.jobs.ts';

/** The browser a web sign-in was started in: its callback must come back to the same one. */
export const BINDING_COOKIE = 'spotlist_external';
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const CodeParams = z.object({ code: z.string().max(2000) });
const FormSchema = z.record(z.string(), z.string().max(8192));

export interface ExternalAccountRoutesOptions {
  db: Db;
  config: Config;
  secrets: Secrets;
  jobs: JobQueue;
  auth: Pick<AuthService, 'checkPassword' | 'startSession' | 'view'>;
  secureCookies: boolean;
}

/**
 * External accounts (SPEC §1, §3, §4, §5, §7, §8; ./README.md): provider logins and connections,
 * the linking rules, the connections' list and health, disconnect, and token refresh.
 */
const plugin: FastifyPluginAsyncZod<ExternalAccountRoutesOptions> = async (app, o) => {
  const { db, config, secrets, jobs } = o;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const providers = configuredProviders(config, publicUrl);
  const svc = externalAccountsService({
    db,
    secrets,
    auth: o.auth,
    providers,
    defaultClientId: () => defaultClientId(db),
    log: app.log,
  });
  jobs.register(refreshConnection, { external: svc });
  app.accountData.register({
    owner: 'external-accounts',
    sections: ['externalAccounts'],
    export: async (userId) => ({ externalAccounts: await svc.exportOf(userId) }),
    // the rows go with the account (cascade); the providers' grants after it
    afterDelete: (userId) => svc.grantsToRevoke(userId),
  });

  // the refresh ticker: one job per due connection and due time, whichever instance sends it
  async function tick(): Promise<void> {
    for (const r of await svc.due()) {
      const h = crypto.createHash('sha256').update(`externalaccount.refresh:${r.id}:${r.refreshAt?.getTime()}`).digest('hex');
      const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
      await jobs.send(refreshConnection, { externalAccountId: r.id }, { id });
    }
  }
  app.decorate('externalAccountsTick', tick);
  app.decorate('externalAccounts', svc);
  if (config.EXTERNAL_REFRESH_TICK_SECONDS > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        tick().catch((err: unknown) => app.log.warn({ err }, 'external account refresh tick failed'));
      }, config.EXTERNAL_REFRESH_TICK_SECONDS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // encapsulated: the form parser is these routes' alone
  await app.register(routes, { ...o, svc, publicUrl });
};

/** Not encapsulated: `externalAccountsTick` is the app's (tests run the refresh by hand). */
export const externalAccountRoutes = fp(plugin, { name: 'external-accounts' });

const routes: FastifyPluginAsyncZod<ExternalAccountRoutesOptions & { svc: ExternalAccountsService; publicUrl: string }> = async (
  app,
  o,
) => {
  const { svc, secrets, publicUrl } = o;
  const answer = sessionAnswer(o.secureCookies);
  // Apple's callback and Facebook's deletion callback post forms
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const tags = ['external accounts'];
  const caller = (req: FastifyRequest): CallerContext => ({
    userId: req.user?.id ?? null,
    accountType: req.user?.accountType ?? null,
    ip: req.ip,
    device: req.cookies[DEVICE_COOKIE],
    binding: req.cookies[BINDING_COOKIE],
    lang: req.ctx.language as AppLanguage,
  });

  app.get(
    '/api/externalaccount/providers',
    { schema: { response: { 200: ExternalProvidersSchema }, tags }, config: { auth: 'public' } },
    async () => ({ list: svc.list() }),
  );

  app.post(
    '/api/externalaccount/authorize',
    { schema: { body: ExternalAuthorizeSchema, response: { 200: ExternalAuthorizationSchema }, tags }, config: { auth: 'public' } },
    async (req, reply) => {
      let binding: string | null = null;
      if (!req.body.native) {
        binding = req.cookies[BINDING_COOKIE] ?? randomToken();
        reply.setCookie(BINDING_COOKIE, binding, { path: '/api', httpOnly: true, sameSite: 'lax', secure: o.secureCookies });
      }
      return svc.authorize(req.body, { userId: req.user?.id ?? null, accountType: req.user?.accountType ?? null }, binding);
    },
  );

  // Apple posts its answer (response_mode=form_post) from its own site: handed on to the web app's
  // callback page in the fragment, which never reaches a server or a log
  app.post(
    '/api/externalaccount/callback/apple',
    { schema: { body: FormSchema, response: { 303: z.null() }, tags }, config: { auth: 'public', xsrf: false } },
    async (req, reply) => {
      const keep = ['code', 'state', 'user', 'iss', 'error'];
      const fragment = new URLSearchParams({ provider: 'apple' });
      for (const k of keep) if (req.body[k]) fragment.set(k, req.body[k]);
      return reply.code(303).header('location', `/auth/callback#${fragment.toString()}`).send(null);
    },
  );

  const login = async (req: FastifyRequest, reply: FastifyReply, provider: ExternalProvider, body: SocialLogin) => {
    const { session } = await svc.complete(provider, body, caller(req));
    if (session) return answer(reply, session, body.tokenTransport);
    // a connect of the logged-in user: the user as it is, with the provider connected now
    return { ...(await o.auth.view(req.user!.id, req.ctx.language as AppLanguage)), connectedProvider: provider };
  };
  const loginRoutes: Array<[string, ExternalProvider]> = [
    ['/api/applelogin', 'apple'],
    ['/api/fblogin', 'facebook'],
    ['/api/linkedinlogin', 'linkedin'],
    ['/api/bookingsuitelogin', 'bookingsuite'],
    ['/api/apaleologin', 'apaleo'],
  ];
  for (const [path, provider] of loginRoutes) {
    app.post(
      path,
      { schema: { body: SocialLoginSchema, response: { 200: ExternalLoginAnswerSchema }, tags }, config: { auth: 'public' } },
      async (req, reply) => login(req, reply, provider, req.body),
    );
  }
  app.post(
    '/api/loginbyexternalaccount',
    {
      schema: { querystring: ExternalLoginQuerySchema, body: SocialLoginSchema, response: { 200: ExternalLoginAnswerSchema }, tags },
      config: { auth: 'public' },
    },
    async (req, reply) => login(req, reply, req.query.provider, req.body),
  );

  // SPEC §7: a business connects its apaleo account; additionalInfo says what the PMS sync takes
  app.post(
    '/api/apaleo-client-login',
    { schema: { body: SocialLoginSchema, response: { 200: ExternalAccountSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      if (req.user!.accountType !== 2) throw new AppError(ErrorKey.externalUnsupported, 400);
      const info = {
        syncProperties: req.body.additionalInfo?.syncProperties ?? true,
        syncInventory: req.body.additionalInfo?.syncInventory ?? true,
      };
      await svc.complete('apaleo', req.body, caller(req), info, true);
      const [row] = await svc.listOf(req.user!.id, { categoryId: svc.provider('apaleo').categoryId });
      return row;
    },
  );

  app.get(
    '/api/externalaccount/',
    { schema: { querystring: ExternalAccountQuerySchema, response: { 200: ExternalAccountListSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const list = await svc.listOf(req.user!.id, {
        userId: req.query['f.userId'],
        categoryId: req.query['f.externalaccountcategoryId'],
      });
      return { list, total: list.length };
    },
  );

  app.delete(
    '/api/externalaccount/delete/:id',
    { schema: { params: IdParams, response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      await svc.disconnect(req.user!.id, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/externalaccount/:id/media',
    { schema: { params: IdParams, response: { 200: ExternalMediaSchema }, tags }, config: { auth: 'user' } },
    async (req) => ({ list: await svc.media(req.user!.id, req.params.id) }),
  );

  // Facebook's data-deletion callback (its app settings): the user's connection goes; Facebook
  // shows the person the status address with the confirmation code
  app.post(
    '/api/externalaccount/facebook/deletion',
    {
      schema: { body: FormSchema, response: { 200: z.object({ url: z.string(), confirmation_code: z.string() }) }, tags },
      config: { auth: 'public', xsrf: false },
    },
    async (req) => {
      const fb = svc.provider('facebook');
      const parsed = req.body.signed_request && fb.parseSignedRequest ? fb.parseSignedRequest(req.body.signed_request) : null;
      if (!parsed) throw new AppError(ErrorKey.externalToken, 401);
      const removed = await svc.forgetFacebookUser(parsed.userId);
      const code = secrets.sealSecret(JSON.stringify({ at: new Date().toISOString(), removed }), 'facebook-deletion');
      return { url: `${publicUrl}/api/externalaccount/facebook/deletion/${encodeURIComponent(code)}`, confirmation_code: code };
    },
  );
  app.get(
    '/api/externalaccount/facebook/deletion/:code',
    { schema: { params: CodeParams, response: { 200: z.string() }, tags }, config: { auth: 'public' } },
    async (req, reply) => {
      let status: { at: string; removed: number };
      try {
        status = JSON.parse(secrets.openSecret(req.params.code, 'facebook-deletion')) as { at: string; removed: number };
      } catch {
        throw new AppError(ErrorKey.notFound, 404);
      }
      reply.type('text/plain; charset=utf-8');
      return status.removed > 0
        ? `Spotlist deleted the data of your Facebook connection on ${status.at}.\n`
        : `Spotlist held no data of this Facebook account (checked ${status.at}).\n`;
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the refresh jobs of connections that are due (the ticker's work; tests call it by hand). */
    externalAccountsTick: () => Promise<void>;
    /** The module's service (tests refresh a connection by hand). */
    externalAccounts: ExternalAccountsService;
  }
}
