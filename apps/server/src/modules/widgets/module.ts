import type { FastifyPluginAsync } from 'fastify';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Db } from '../../platform/db/client.ts';
import { analyticsRoutes } from '../analytics/analytics.routes.ts';
import { analyticsService } from '../analytics/analytics.service.ts';
import { guestAppService } from '../guests/guest-app.service.ts';
import { guestRoutes } from '../guests/guests.routes.ts';
import { embedRoutes } from './embed.routes.ts';
import { publicWidgetRoutes } from './public.routes.ts';
import { publicWidgetCache, type PublicWidgetCache } from './public-widget.ts';
import { widgetRoutes } from './widgets.routes.ts';

/**
 * Widgets, guests and analytics (modules/README.md "Widgets, guests, analytics"): one public
 * widget cache shared by the business routes (which drop what they change) and the public route.
 */
export const widgetsModule: FastifyPluginAsync<{
  db: Db;
  publicUrl?: string;
  embedRoot?: string;
  tileOrigin: string;
  /** MAP_TILE_URL: the visitor pages get it in a meta tag (their map reads it). */
  tileUrl: string;
  /** The app's public widget cache (other modules' widget changes drop from it too); a new one without. */
  cache?: PublicWidgetCache;
  events: EventBus;
}> = async (app, { db, publicUrl, embedRoot, tileOrigin, tileUrl, cache: given, events }) => {
  const cache = given ?? publicWidgetCache(db);
  const analytics = analyticsService(db);
  const guestApp = guestAppService(db, cache);
  await app.register(widgetRoutes, { db, publicUrl, changed: (publicId) => void events.emit('widget.changed', { publicId }) });
  await app.register(publicWidgetRoutes, { cache });
  await app.register(analyticsRoutes, { db });
  await app.register(guestRoutes, { db, publicUrl, analytics, guestApp });
  await app.register(embedRoutes, { db, root: embedRoot, tileOrigin, tileUrl, guestAppExists: (id) => guestApp.exists(id) });
};
