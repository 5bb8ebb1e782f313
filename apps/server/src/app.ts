import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { cacheMaxAgeMs, type Config } from './config.ts';
import type { Database } from './platform/db/client.ts';
import type { Mailer } from './integrations/smtp/mailer.ts';
import type { JobQueue } from './platform/jobs/queue.ts';
import { authRoutes, buildAuthService } from './modules/auth/index.ts';
import { externalAccountRoutes } from './modules/external-accounts/index.ts';
import type { Secrets } from './platform/crypto/secrets.ts';
import { eventBus } from './platform/events/bus.ts';
import { memoryPubSub, type PubSub } from './platform/events/pubsub.ts';
import type { ThrottleStore } from './lib/throttle.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { healthRoutes, infoRoutes } from './modules/info/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { referenceRoutes } from './modules/reference/index.ts';
import { securityRoleRoutes } from './modules/security-roles/index.ts';
import { cityRoutes } from './modules/cities/index.ts';
import { settingRoutes } from './modules/settings/index.ts';
import { translationRoutes } from './modules/translations/index.ts';
import { userLanguageRoutes } from './modules/user-languages/index.ts';
import { placeRoutes } from './modules/places/index.ts';
import { coverRoutes } from './modules/covers/index.ts';
import { likeRoutes } from './modules/likes/index.ts';
import { listRoutes } from './modules/lists/index.ts';
import { shareRoutes } from './modules/shares/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { documentRoutes, storageFromConfig } from './modules/documents/index.ts';
import { embedRoutes } from './modules/embed/index.ts';
import { appLinkRoutes } from './modules/app-links/index.ts';
import { guestRoutes } from './modules/guests/index.ts';
import { publicWidgetRoutes, widgetRoutes } from './modules/widgets/index.ts';
import { overlayRoutes } from './modules/overlays/index.ts';
import { fleetRoutes } from './modules/fleet/index.ts';
import { aiRoutes } from './modules/ai/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { authPlugin } from './platform/http/auth.ts';
import { errorsPlugin } from './platform/http/errors.ts';
import { drainPlugin, shutdownPlan } from './platform/http/drain.ts';
import { ErrorKey } from '@spotlist/contracts';
import { inputGuardPlugin } from './platform/http/input-guard.ts';
import { withAccessMarkers } from './platform/http/openapi-access.ts';
import { writeEventsPlugin } from './platform/http/write-events.ts';
import { responseCachePlugin } from './platform/http/response-cache.ts';
import { featureFlagsPlugin } from './platform/http/feature-flags.ts';
import { accountDataPlugin } from './platform/account-data/account-data.ts';
import { auditRefusalsPlugin } from './platform/audit/audit.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { savedFilterRoutes } from './modules/saved-filters/index.ts';
import { relationRoutes } from './modules/relations/index.ts';
import { messagingRoutes } from './modules/messaging/index.ts';
import { pushLogout, pushRoutes } from './modules/push/index.ts';
import { redisPresence, type Presence } from './platform/realtime/presence.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.ts';
import { requestContextPlugin } from './platform/http/request-context.ts';
import { webPlugin } from './platform/http/web.ts';
import { realtimeGateway } from './platform/realtime/gateway.ts';
import { xsrfPlugin } from './platform/http/xsrf.ts';
import { corsOriginsOf, corsPlugin } from './platform/http/cors.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  throttle: ThrottleStore;
  /** Messages between instances (Redis when REDIS_URL is set); in process when absent. */
  pubsub?: PubSub;
  /** Signs XSRF tokens; stable across restarts and shared by all instances. */
  secret: string;
  /** Seals what users entrust to us (provider tokens, API keys); ENCRYPTION_KEY, see platform/crypto. */
  secrets: Secrets;
  /** The durable job queue (platform/jobs); modules' handlers are registered here, the caller starts it once the app is built. */
  jobs: JobQueue;
  version: string;
  commit: string;
  webRoot?: string;
  /** The visitor pages (apps/embed/dist); without it /embed.js, /w/… and /g/… answer 404. */
  embedRoot?: string;
  /** Who views which conversation (push asks); by default Redis when REDIS_URL is set, else in memory. */
  presence?: Presence;
  /** Tests and the benchmark: told of each push delivery the push service accepted (modules/push). */
  onPushDelivered?: Parameters<typeof pushRoutes>[1]['onDelivered'];
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
    // the drain (platform/http/drain.ts) answers and closes while closing, not Fastify
    return503OnClosing: false,
    forceCloseConnections: false,
    routerOptions: { maxParamLength: 200 },
    // a malformed percent-encoding or an over-long path parameter: `{ key }`, never the URL echoed
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const key = tooLong || err.code === 'FST_ERR_BAD_URL' ? ErrorKey.badUrl : ErrorKey.validation;
      return (reply as FastifyReply).code(tooLong ? 414 : 400).send({ key });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Graceful shutdown: requests already running finish (or get 503 at the deadline), new ones get
  // 503 error.unavailable, and no connection whose request arrived is reset (platform/http/drain.ts).
  await app.register(drainPlugin, { deadlineMs: shutdownPlan(config.SHUTDOWN_GRACE_MS).answerMs });

  const secure = (config.PUBLIC_URL ?? '').startsWith('https://');
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.MAP_TILE_URL)],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: secure ? [] : null,
  };
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { directives },
    frameguard: { action: 'deny' },
    hsts: secure,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(requestContextPlugin);
  // the native shells' pages (docs/decisions/0031): preflights answered before the XSRF and access checks
  await app.register(corsPlugin, { origins: corsOriginsOf(config), publicUrl: config.PUBLIC_URL });
  await app.register(xsrfPlugin, { secret: deps.secret, secure });
  const events = eventBus(deps.pubsub ?? memoryPubSub(), (err, name) => app.log.warn({ err, event: name }, 'event not delivered'));
  const maxAgeMs = cacheMaxAgeMs(config);
  await app.register(authPlugin, { db, events, maxAgeMs });
  await app.register(writeEventsPlugin, { events, cacheMaxAgeMs: maxAgeMs });
  await app.register(responseCachePlugin, { events, maxAgeMs });
  await app.register(featureFlagsPlugin, { db });
  await app.register(accountDataPlugin, { db });
  await app.register(auditRefusalsPlugin, { db });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Spotlist API', version: deps.version },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } } },
      security: [{ authToken: [] }],
    },
    transform: withAccessMarkers(jsonSchemaTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(infoRoutes, { version: deps.version, commit: deps.commit });
  await app.register(healthRoutes, { db, isClosing: () => app.draining });
  const auth = buildAuthService({
    db,
    config,
    mailer: deps.mailer,
    jobs: deps.jobs,
    throttle: deps.throttle,
    secret: deps.secret,
    events: app.events,
  });
  await app.register(authRoutes, { db, auth, jobs: deps.jobs, secureCookies: secure, onLogout: pushLogout(db) });
  await app.register(externalAccountRoutes, { db, config, secrets: deps.secrets, jobs: deps.jobs, auth, secureCookies: secure });
  await app.register(profileRoutes, { db, config, throttle: deps.throttle });
  await app.register(referenceRoutes, { db });
  await app.register(securityRoleRoutes, { db });
  await app.register(adminRoutes, { db, jobs: deps.jobs, config });
  await app.register(moderationRoutes, { db, jobs: deps.jobs, mailer: deps.mailer, config });
  await app.register(savedFilterRoutes, { db });
  await app.register(relationRoutes, { db });
  await app.register(cityRoutes);
  await app.register(settingRoutes, { db });
  await app.register(userLanguageRoutes, { db });
  await app.register(translationRoutes, { db });
  const storage = storageFromConfig(config);
  await app.register(placeRoutes, { db, storage, config });
  await app.register(coverRoutes, { db, storage });
  await app.register(likeRoutes, { db });
  await app.register(listRoutes, { db });
  await app.register(shareRoutes, { db, publicUrl: config.PUBLIC_URL });
  await app.register(widgetRoutes, { db, publicUrl: config.PUBLIC_URL });
  await app.register(publicWidgetRoutes, { db });
  await app.register(overlayRoutes, { db });
  await app.register(aiRoutes, { db, config, jobs: deps.jobs });
  await app.register(analyticsRoutes, { db });
  await app.register(guestRoutes, { db, publicUrl: config.PUBLIC_URL });
  await app.register(dashboardRoutes, { db });
  await app.register(embedRoutes, {
    db,
    root: deps.embedRoot ?? config.EMBED_DIST,
    tileOrigin: tileOrigin(config.MAP_TILE_URL),
    tileUrl: config.MAP_TILE_URL,
  });
  await app.register(appLinkRoutes, { config });
  await app.register(documentRoutes, {
    db,
    config,
    storage,
  });

  await app.register(realtimeGateway, {
    db,
    heartbeatMs: config.REALTIME_HEARTBEAT_MS,
    authTimeoutMs: config.REALTIME_AUTH_TIMEOUT_MS,
    maxBufferedBytes: config.REALTIME_MAX_BUFFERED_BYTES,
    messagesPerSecond: config.REALTIME_MESSAGES_PER_SECOND,
    // push asks who views which conversation: across instances through Redis when it is there
    presence: deps.presence ?? (config.REDIS_URL ? redisPresence(config.REDIS_URL, config.REALTIME_HEARTBEAT_MS * 3) : undefined),
  });
  // messaging uses the gateway's rooms
  await app.register(messagingRoutes, { db, config });
  // fleet tracking's live views too
  await app.register(fleetRoutes, { db, config, jobs: deps.jobs, secrets: deps.secrets });
  // push hears messaging's and relations' events and asks the gateway's presence
  await app.register(pushRoutes, { db, config, jobs: deps.jobs, secrets: deps.secrets, onDelivered: deps.onPushDelivered });
  // the meeting page alone may load the Jitsi host's IFrame API and frame its calls
  const meetingOrigin = `https://${config.MEETING_HOST.toLowerCase()}`;
  await app.register(webPlugin, {
    root: deps.webRoot,
    tileUrl: config.MAP_TILE_URL,
    meetingPolicy: {
      directives: { ...directives, scriptSrc: ["'self'", meetingOrigin], frameSrc: [meetingOrigin], connectSrc: ["'self'", meetingOrigin] },
    },
  });
  return app;
}
