import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorKey, PublicWidgetSchema } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { matchesEtag, visitorLanguage, type PublicWidgetCache } from './public-widget.ts';

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * The app's security headers without running helmet on every request: @fastify/helmet builds its
 * middleware (and the CSP string) per request, a large share of a cached answer's cost. The route
 * skips helmet (`helmet: false`); the first request runs the app's helmet configuration once
 * (`reply.helmet()`) and its headers are reused as they are — the same values every other route sends.
 */
export function cachedSecurityHeaders() {
  let headers: Record<string, string> | null = null;
  return async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!headers) {
      (reply as unknown as { helmet: () => void }).helmet();
      const raw = reply.raw.getHeaders();
      headers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
      return;
    }
    reply.headers(headers);
  };
}

/**
 * GET /api/public/widget/{publicId}?lang=xx: the widget as visitors see it, from the in-process
 * cache (public-widget.ts). `Cache-Control: public, no-cache` with an ETag: browsers and proxies
 * keep it but ask every time, and the 304 costs no database work on a cache hit, so a business's
 * change shows on the next view.
 */
export const publicWidgetRoutes: FastifyPluginAsyncZod<{ cache: PublicWidgetCache }> = async (app, { cache }) => {
  app.get(
    '/api/public/widget/:publicId',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: PublicWidgetSchema, 304: z.null() },
        tags: ['public'],
      },
      config: { auth: 'public', xsrf: false },
      logLevel: 'warn',
      helmet: false,
      onRequest: cachedSecurityHeaders(),
      // the schemas above document the route; the handler checks the id itself and reads `lang`
      // leniently (anything unknown is "no language"), so the per-request zod passes are skipped
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (req, reply) => {
      if (typeof req.params.publicId !== 'string' || !PUBLIC_ID.test(req.params.publicId)) throw new AppError(ErrorKey.widgetNotFound, 404);
      const got = cache.get(req.params.publicId, visitorLanguage(req.query.lang));
      const entry = got instanceof Promise ? await got : got;
      if (entry.body === null) throw new AppError(ErrorKey.widgetNotFound, 404);
      reply.header('etag', entry.etag).header('cache-control', 'public, no-cache');
      if (matchesEtag(req.headers['if-none-match'], entry.etag)) return reply.status(304).send(undefined as unknown as null); // no body, no content-length
      // serialized once per revision and language: a JSON string goes out past the serializer
      return reply.header('content-type', 'application/json; charset=utf-8').send(entry.body as never);
    },
  );
};
