import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_LANGUAGES,
  ErrorKey,
  OkSchema,
  OverlayContentSchema,
  OverlayCreateSchema,
  OverlayIdLangQuerySchema,
  OverlayInLanguageListSchema,
  OverlayLanguageSchema,
  OverlayLanguageViewSchema,
  OverlayListSchema,
  OverlaySettingsUpdateSchema,
  OverlayViewSchema,
  OverlayAnalyticsQuerySchema,
  OverlayAnalyticsSchema,
  OverlayEventInputSchema,
  PublicOverlaysSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { userTag } from '../../platform/events/stamps.ts';
import { cacheTags } from '../../platform/http/response-cache.ts';
import { overlaysService } from './overlays.service.ts';
import { overlayStatsService } from './stats.service.ts';
import { addressLimiter, EVENTS_PER_MINUTE } from '../analytics/index.ts';
import { acceptBeaconBodies } from '../../platform/http/beacon-bodies.ts';

const FLAG = 'overlayactivated' as const;
const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;
/** Memory for cached public overlay answers, per instance. */
const PUBLIC_OVERLAY_CACHE_BYTES = 32 * 1024 * 1024;

/** A visitor's language as sent (`de`, `de-AT`): an app language, or none. */
export function visitorLanguage(lang: unknown): string | null {
  if (typeof lang !== 'string') return null;
  const base = lang.trim().toLowerCase().slice(0, 2);
  return (APP_LANGUAGES as readonly string[]).includes(base) ? base : null;
}

/**
 * The overlay manager (SPEC §1 overlay manager, §2 OverlayManagerPage, §7 "Overlays and AI") and
 * the public answer the embed, the guest app and the widget frame read (./README.md).
 */
export const overlayRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = overlaysService(db, { changed: (publicId) => void app.events.emit('overlay.changed', { publicId }) });
  const stats = overlayStatsService(db);
  const allow = addressLimiter(EVENTS_PER_MINUTE);
  const tags = ['overlays'];
  // the visitor's page reports with navigator.sendBeacon (text/plain)
  acceptBeaconBodies(app);
  const user = { auth: 'user', flag: FLAG } as const;

  app.get('/api/overlays', { schema: { response: { 200: OverlayListSchema }, tags }, config: user }, async (req) => svc.list(req.user!.id));
  app.get('/api/overlay/active', { schema: { response: { 200: OverlayListSchema }, tags }, config: user }, async (req) =>
    svc.active(req.user!.id),
  );
  app.post(
    '/api/overlay',
    { schema: { body: OverlayCreateSchema, response: { 200: OverlayViewSchema }, tags }, config: user },
    async (req) => svc.create(req.user!.id, req.body),
  );
  app.get(
    '/api/overlay',
    { schema: { querystring: OverlayIdLangQuerySchema, response: { 200: OverlayLanguageViewSchema }, tags }, config: user },
    async (req) => svc.language(req.user!.id, req.query.id, req.query.lang),
  );
  app.post(
    '/api/overlay/savedraft',
    {
      schema: { querystring: OverlayIdLangQuerySchema, body: OverlayContentSchema, response: { 200: OverlayLanguageViewSchema }, tags },
      config: user,
    },
    async (req) => svc.saveDraft(req.user!.id, req.query.id, req.query.lang, req.body),
  );
  app.post(
    '/api/overlay/publish',
    {
      schema: { querystring: OverlayIdLangQuerySchema, body: OverlayContentSchema, response: { 200: OverlayLanguageViewSchema }, tags },
      config: user,
    },
    async (req) => svc.publish(req.user!.id, req.query.id, req.query.lang, req.body),
  );
  app.post(
    '/api/overlay/delete',
    {
      schema: {
        querystring: OverlayIdLangQuerySchema,
        response: { 200: OkSchema.extend({ deleted: z.enum(['language', 'overlay']) }) },
        tags,
      },
      config: user,
    },
    async (req) => ({ ok: true as const, deleted: await svc.deleteLanguage(req.user!.id, req.query.id, req.query.lang) }),
  );
  app.post(
    '/api/overlay/update/all',
    { schema: { body: OverlaySettingsUpdateSchema, response: { 200: OverlayViewSchema }, tags }, config: user },
    async (req) => {
      const { id, ...settings } = req.body;
      return svc.updateAll(req.user!.id, id, settings);
    },
  );
  app.get(
    '/api/overlay/analytics',
    { schema: { querystring: OverlayAnalyticsQuerySchema, response: { 200: OverlayAnalyticsSchema }, tags }, config: user },
    async (req) => {
      await svc.mine(req.user!.id, req.query.id);
      return stats.query(req.query.id, req.query.from, req.query.to);
    },
  );
  app.get(
    '/api/overlay/allenabledlanguages',
    {
      schema: {
        querystring: z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
        response: { 200: z.object({ languages: z.array(z.string()) }) },
        tags,
      },
      config: user,
    },
    async (req) => {
      // the languages of the caller's own client: another client's id is not told apart from an unknown one
      if (req.query.clientId !== undefined && req.query.clientId !== req.user!.clientId) throw new AppError(ErrorKey.overlayNotFound, 404);
      return { languages: await svc.offered(req.user!.id) };
    },
  );
  app.get(
    '/api/overlay/language',
    {
      schema: {
        querystring: z.object({ lang: OverlayLanguageSchema, isDraft: z.enum(['true', 'false']).default('true') }),
        response: { 200: OverlayInLanguageListSchema },
        tags,
      },
      config: user,
    },
    async (req) => svc.inLanguage(req.user!.id, req.query.lang, req.query.isDraft === 'true'),
  );

  /**
   * GET /api/public/overlay/{publicId}?lang=&url=&where=: what a visitor sees now. From the
   * response cache until the business changes an overlay (`overlay.changed` on every instance)
   * or the minute turns (a schedule starts or ends on a minute); `public, no-cache` with an ETag.
   */
  app.get(
    '/api/public/overlay/:publicId',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        querystring: z.object({
          lang: z.string().max(35).optional(),
          url: z.string().max(4096).optional(),
          where: z.string().max(64).optional(),
        }),
        response: { 200: PublicOverlaysSchema, 304: z.null() },
        tags: ['public'],
      },
      config: {
        auth: 'public',
        xsrf: false,
        cache: {
          scope: 'public',
          tags: (req) => [`o${(req.params as { publicId: string }).publicId}`],
          invalidatedBy: ['overlay.changed', 'user.wrote', 'profile.changed', 'everything.changed'],
          key: () => String(Math.floor(Date.now() / 60_000)),
          maxBytes: PUBLIC_OVERLAY_CACHE_BYTES,
        },
      },
      logLevel: 'warn',
      // the schemas above document the route; the handler checks what it reads itself (as the
      // public widget's does), so the per-request zod passes are skipped on this hot path
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (req) => {
      const { publicId } = req.params;
      const { lang, url, where } = req.query as Record<string, unknown>;
      if (typeof publicId !== 'string' || !PUBLIC_ID.test(publicId)) throw new AppError(ErrorKey.overlayNotFound, 404);
      const text = (v: unknown, max: number): string | null => {
        if (v === undefined) return null;
        if (typeof v !== 'string' || v.length > max) throw new AppError(ErrorKey.validation, 400);
        return v;
      };
      const found = await svc.publicOverlays(publicId, {
        lang: visitorLanguage(lang),
        url: text(url, 4096),
        where: text(where, 64),
      });
      if (!found) throw new AppError(ErrorKey.overlayNotFound, 404);
      // what it shows of its owner (the flag, the account): the owner's events drop it too
      cacheTags(req, userTag(found.ownerId));
      return { overlays: found.overlays };
    },
  );

  /** A visitor's page tells of a view, a button click or a close: counted per day and language, nothing of the visitor kept. */
  app.post(
    '/api/public/overlay/:publicId/event',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        body: OverlayEventInputSchema,
        response: { 204: z.null() },
        tags: ['public'],
      },
      config: { auth: 'public', xsrf: false },
      // no access log line: it would carry the visitor's address
      logLevel: 'warn',
    },
    async (req, reply) => {
      if (!allow(req.ip)) throw new AppError(ErrorKey.rateLimited, 429);
      const { publicId } = req.params;
      const counted = PUBLIC_ID.test(publicId) && (await stats.count(publicId, req.body.overlayId, req.body.language, req.body.event));
      if (!counted) throw new AppError(ErrorKey.overlayNotFound, 404);
      return reply.status(204).send(null);
    },
  );
};
