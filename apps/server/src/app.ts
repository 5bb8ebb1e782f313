import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { cacheMaxAgeMs, type Config } from './config.ts';
import type { Database } from './platform/db/client.ts';
import { defaultClientId } from './platform/db/seed/accounts.ts';
import { mailText } from './lib/mail-texts.ts';
import type { Mailer } from './integrations/smtp/mailer.ts';
import { eventBus } from './platform/events/bus.ts';
import { memoryPubSub, type PubSub } from './platform/events/pubsub.ts';
import type { ThrottleStore } from './lib/throttle.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { infoRoutes } from './modules/info/info.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { securityRoleRoutes } from './modules/security-roles/security-roles.routes.ts';
import { cityRoutes } from './modules/cities/cities.routes.ts';
import { settingRoutes } from './modules/settings/settings.routes.ts';
import { translationRoutes } from './modules/translations/translations.routes.ts';
import { userLanguageRoutes } from './modules/user-languages/user-languages.routes.ts';
import { placeRoutes } from './modules/places/places.routes.ts';
import { likeRoutes } from './modules/likes/likes.routes.ts';
import { listRoutes } from './modules/lists/lists.routes.ts';
import { shareRoutes } from './modules/shares/shares.routes.ts';
import { widgetsModule } from './modules/widgets/module.ts';
import { publicWidgetCache } from './modules/widgets/public-widget.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { storageFromConfig } from './modules/documents/storage.ts';
import { authPlugin } from './platform/http/auth.ts';
import { errorsPlugin } from './platform/http/errors.ts';
import { writeEventsPlugin } from './platform/http/write-events.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.ts';
import { requestContextPlugin } from './platform/http/request-context.ts';
import { webPlugin } from './platform/http/web.ts';
import { xsrfPlugin } from './platform/http/xsrf.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  throttle: ThrottleStore;
  /** Messages between instances (Redis when REDIS_URL is set); in process when absent. */
  pubsub?: PubSub;
  /** Signs XSRF tokens; stable across restarts and shared by all instances. */
  secret: string;
  version: string;
  commit: string;
  webRoot?: string;
  /** The visitor pages (apps/embed/dist); without it /embed.js, /w/… and /g/… answer 404. */
  embedRoot?: string;
}

/** The host part of the map tile URL, for the content security policy. */
export function tileOrigin(tileUrl: string): string {
  try {
    const u = new URL(tileUrl.replace('{s}', 'a').replace(/\{[a-z]+\}/g, '0'));
    return tileUrl.includes('{s}.') ? `${u.protocol}//*.${u.host.split('.').slice(1).join('.')}` : u.origin;
  } catch {
    return "'self'";
  }
}

/** Registers plugins, then modules. No side effects at import; everything comes in through deps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Graceful shutdown: in-flight requests finish, new ones get 503 (return503OnClosing), and
  // answers sent while closing end their keep-alive connection so close() does not wait on it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const secure = (config.PUBLIC_URL ?? '').startsWith('https://');
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    hsts: secure,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(requestContextPlugin);
  await app.register(xsrfPlugin, { secret: deps.secret, secure });
  const events = eventBus(deps.pubsub ?? memoryPubSub(), (err, name) => app.log.warn({ err, event: name }, 'event not delivered'));
  const maxAgeMs = cacheMaxAgeMs(config);
  await app.register(authPlugin, { db, events, maxAgeMs });
  await app.register(writeEventsPlugin, { events, cacheMaxAgeMs: maxAgeMs });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Spotlist API', version: deps.version },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } } },
      security: [{ authToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = authService({
    db,
    config,
    mailer: deps.mailer,
    throttle: deps.throttle,
    defaultClientId: () => defaultClientId(db),
    mailText,
    events,
  });
  await app.register(infoRoutes, { version: deps.version, commit: deps.commit });
  await app.register(authRoutes, { auth, secureCookies: secure });
  await app.register(profileRoutes, { db, config, throttle: deps.throttle });
  await app.register(referenceRoutes, { db });
  await app.register(securityRoleRoutes, { db });
  await app.register(adminRoutes, { db });
  await app.register(cityRoutes);
  await app.register(settingRoutes, { db });
  await app.register(userLanguageRoutes, { db });
  await app.register(translationRoutes, { db });
  const storage = storageFromConfig(config);
  await app.register(placeRoutes, { db, storage });
  await app.register(likeRoutes, { db });
  await app.register(listRoutes, { db, publicUrl: config.PUBLIC_URL });
  await app.register(shareRoutes, { db, publicUrl: config.PUBLIC_URL });
  // one public widget cache: the widgets module serves it, widget and POI picture changes drop from
  // it, here and (through the bus) on the other instances; its 3 s stamp check stays the backstop
  const widgetCache = publicWidgetCache(db);
  events.on('widget.changed', ({ publicId }) => widgetCache.invalidate(publicId));
  await app.register(widgetsModule, {
    db,
    cache: widgetCache,
    events,
    publicUrl: config.PUBLIC_URL,
    embedRoot: deps.embedRoot ?? config.EMBED_DIST,
    tileOrigin: tileOrigin(config.MAP_TILE_URL),
    tileUrl: config.MAP_TILE_URL,
  });
  await app.register(documentRoutes, {
    db,
    config,
    storage,
    widgetChanged: (publicId) => void events.emit('widget.changed', { publicId }),
  });

  await app.register(webPlugin, { root: deps.webRoot, tileUrl: config.MAP_TILE_URL });
  return app;
}
