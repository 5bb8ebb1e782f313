import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorKey, PublicIdSchema, WidgetAnalyticsQuerySchema, WidgetAnalyticsSchema, WidgetEventInputSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestFlags } from '../../platform/http/feature-flags.ts';
import { widgetsService } from '../widgets/index.ts';
import { addressLimiter, analyticsService } from './analytics.service.ts';
import { acceptBeaconBodies } from '../../platform/http/beacon-bodies.ts';

/** Events one address may send per minute (all widgets together). */
export const EVENTS_PER_MINUTE = 300;

/**
 * Widget analytics: POST /api/public/widget/{publicId}/event (visitors, no account, no cookie,
 * nothing about the visitor kept or logged) and GET /api/widget/analytics (the owner).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = analyticsService(db);
  const widgetsSvc = widgetsService(db, () => {});
  const allow = addressLimiter(EVENTS_PER_MINUTE);

  // navigator.sendBeacon sends a string as text/plain: read it as JSON here (this plugin only)
  acceptBeaconBodies(app);

  app.post(
    '/api/public/widget/:publicId/event',
    {
      schema: {
        params: z.object({ publicId: PublicIdSchema }),
        body: WidgetEventInputSchema,
        response: { 204: z.null() },
        tags: ['public'],
      },
      config: { auth: 'public', xsrf: false },
      // no access log line: it would carry the visitor's address
      logLevel: 'warn',
    },
    async (req, reply) => {
      if (!allow(req.ip)) throw new AppError(ErrorKey.rateLimited, 429);
      const counted = await svc.count({ publicId: req.params.publicId }, req.body.event, req.body.placeId ?? 0);
      if (!counted) throw new AppError(req.body.placeId ? ErrorKey.widgetPoiNotFound : ErrorKey.widgetNotFound, 404);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/widget/analytics',
    {
      schema: { querystring: WidgetAnalyticsQuerySchema, response: { 200: WidgetAnalyticsSchema }, tags: ['widgets'] },
      config: { auth: 'user', flag: ['widgetv1activated', 'widgetv2activated'] },
    },
    async (req) => {
      await widgetsSvc.own(db, req.query.widgetId, req.user!, requestFlags(req));
      return svc.query(req.query.widgetId, req.query.from, req.query.to);
    },
  );
};
