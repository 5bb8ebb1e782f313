import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessDashboardQuerySchema, BusinessDashboardSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { cacheUntil, type RouteCache } from '../../platform/http/response-cache.ts';
import { dashboardService, startOfUtcDay } from './dashboard.service.ts';

/**
 * Visitors' widget events (`POST /api/public/widget/{publicId}/event`) emit no event: one per page
 * view of any visitor would drop the answer as fast as it is read. The analytics part is allowed
 * to be this old instead; everything the business changes itself drops it at once.
 */
export const ANALYTICS_STALE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Per business: its own writes (widgets, POIs, guest app, profile), its flags (`profile.changed`,
 * and the admin's write is `everything.changed`), a place's deletion (its POI counts). Kept at
 * most ANALYTICS_STALE_MS, and never past the UTC midnight that moves the week.
 */
const dashboardCache: RouteCache = {
  scope: 'user',
  invalidatedBy: ['user.wrote', 'profile.changed', 'place.changed', 'everything.changed'],
  maxBytes: 8 * 1024 * 1024,
};

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = dashboardService(db);
  app.get(
    '/api/dashboard/business',
    {
      schema: { querystring: BusinessDashboardQuerySchema, response: { 200: BusinessDashboardSchema }, tags: ['dashboard'] },
      config: { auth: 'user', cache: dashboardCache },
    },
    async (req) => {
      const now = Date.now();
      cacheUntil(req, Math.min(now + ANALYTICS_STALE_MS, startOfUtcDay(now) + DAY_MS));
      return svc.business(req.user!, now);
    },
  );
};
