import path from 'node:path';
import { z } from 'zod';
import { parseKeyring } from './platform/crypto/secrets.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list; each item trimmed, empty items dropped, each checked by `ok` (`what` names what it must be). */
const list = (what: string, ok: (item: string) => boolean, normalize: (item: string) => string = (i) => i) =>
  z.string().transform((v, ctx) => {
    const items = v
      .split(',')
      .map((i) => normalize(i.trim()))
      .filter((i) => i !== '');
    for (const item of items) if (!ok(item)) ctx.addIssue({ code: 'custom', message: `"${item}" is not ${what}` });
    return items;
  });

/** An Origin header as browsers write it: `scheme://host[:port]`, lower-case, no path, no default port. */
const ORIGIN_RE = /^[a-z][a-z0-9+.-]*:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;
function isOrigin(v: string): boolean {
  if (!ORIGIN_RE.test(v)) return false;
  try {
    const u = new URL(v);
    // a special scheme's origin is what URL makes of it (no default port); others stay as written
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin === v : true;
  } catch {
    return false;
  }
}
const origins = list(
  'an origin (scheme://host[:port] as a browser sends it: lower-case, no path or trailing slash, no default port)',
  isOrigin,
);
/** Android signing certificate SHA-256: 32 bytes as upper-case hex pairs joined by colons. */
const fingerprints = list(
  'a SHA-256 certificate fingerprint (32 bytes as hex pairs separated by colons, AA:BB:…)',
  (f) => /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/.test(f),
  (f) => f.toUpperCase(),
);

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Longest a cached session or liked-places answer is served without a database read (0: no caching); see cacheMaxAgeMs. */
  CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SECRET: z.string().min(32).optional(),
  /** Keys sealing secrets stored for users (platform/crypto): `id:base64key`, comma-separated, the first seals. */
  ENCRYPTION_KEY: z
    .string()
    .superRefine((v, ctx) => {
      try {
        parseKeyring(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Spotlist <no-reply@spotlist.local>'),
  ADMIN_EMAIL: z.string().email().default('admin@spotlist.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: bool.default(true),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  /** Job queue (platform/jobs): how often workers poll; new jobs wake them at once, so this bounds how late a due retry starts. */
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often jobs whose instance died (heartbeat lost) or that timed out are looked for and retried. */
  JOBS_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Realtime gateway (platform/realtime): server ping interval; a socket that missed 2 pongs is dropped at the next, so within 3 intervals (60 s). */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(10).default(20_000),
  /** How long a new socket may take to send its auth message. */
  REALTIME_AUTH_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /** Bytes queued for one socket (a client not reading) beyond which it is cut. */
  REALTIME_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Client messages per second per socket (bursts up to as many); beyond, the socket is closed (4429). */
  REALTIME_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(20),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(200 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1).default(60_000_000),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** A Nominatim- or Photon-compatible search API (integrations/geocoder): places added without coordinates are found by their address. */
  GEOCODER_URL: z.string().url().optional(),
  /** Which API GEOCODER_URL speaks: `nominatim` (GET {url}/search) or `photon` (GET {url}/api). */
  GEOCODER_KIND: z.enum(['nominatim', 'photon']).default('nominatim'),
  /** Sent as User-Agent (Nominatim's usage policy asks for one naming the application and a contact). */
  GEOCODER_USER_AGENT: z.string().min(1).optional(),
  /** How long one geocoder request may take before the city centre is used instead. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** The Jitsi Meet host of video meetings (SPEC §9: a public one by default, for trying the product: integrations/jitsi). */
  MEETING_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i)
    .default('meet.jit.si'),
  /** A self-hosted Jitsi's (or JaaS') app id and secret: meetings then carry a signed JWT (HS256). */
  JITSI_APP_ID: z.string().min(1).optional(),
  JITSI_APP_SECRET: z.string().min(16).optional(),
  /** A LibreTranslate-compatible API (POST {url}/translate) for the "Translate" action of messages (integrations/translation). */
  TRANSLATION_URL: z.string().url().optional(),
  TRANSLATION_API_KEY: z.string().min(1).optional(),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * An OpenAI-compatible chat completions API (integrations/ai), with its `/v1`: OpenAI
   * (https://api.openai.com/v1), Azure OpenAI, Ollama (http://localhost:11434/v1), llama.cpp's
   * server, vLLM, LM Studio. None: the AI content assistant answers 503 error.ai.notconfigured.
   */
  AI_BASE_URL: z.string().url().optional(),
  /** Its key (local servers take any). Never sent to a browser or written to a log. */
  AI_API_KEY: z.string().min(1).optional(),
  /** The default model (SPEC §7: gpt-3.5-turbo). */
  AI_MODEL: z.string().min(1).max(100).default('gpt-3.5-turbo'),
  /** The models a request may name, comma-separated (AI_MODEL always among them). */
  AI_MODELS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  /** How long one completion may take (a stream: until its last piece). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** The longest answer, in tokens (the provider's max_tokens). */
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(1024),
  /** The longest prompt: the characters of all messages of a request together. */
  AI_MAX_PROMPT_CHARS: z.coerce.number().int().min(1000).max(1_000_000).default(24_000),
  /** A user's requests and tokens per UTC day. */
  AI_QUOTA_USER_REQUESTS: z.coerce.number().int().min(0).default(200),
  AI_QUOTA_USER_TOKENS: z.coerce.number().int().min(0).default(200_000),
  /**
   * A client's (the tenant's, SPEC "client with a domain") requests and tokens per UTC day, all its
   * users together: on a deployment with one client, a cap for the whole platform.
   */
  AI_QUOTA_CLIENT_REQUESTS: z.coerce.number().int().min(0).default(2000),
  AI_QUOTA_CLIENT_TOKENS: z.coerce.number().int().min(0).default(2_000_000),
  /** Origins of the native shells (Capacitor: iOS, Android) whose pages call the API cross-origin (platform/http/cors.ts). */
  NATIVE_ORIGINS: origins.prefault('capacitor://localhost,https://localhost'),
  /** More origins allowed to call the API cross-origin, comma-separated. */
  CORS_ORIGINS: origins.prefault(''),
  /** Android App Links (GET /.well-known/assetlinks.json): the app's package and its signing certificates. */
  ANDROID_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/, { error: 'not an Android package name (app.spotlist.mobile)' })
    .default('app.spotlist.mobile'),
  ANDROID_SHA256_CERT_FINGERPRINTS: fingerprints.prefault(''),
  /** iOS Universal Links (GET /.well-known/apple-app-site-association): the Apple developer team and the app's bundle id. */
  IOS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: 'not an Apple team id (10 upper-case letters and digits)' })
    .optional(),
  IOS_BUNDLE_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, { error: 'not a bundle id (app.spotlist.mobile)' })
    .default('app.spotlist.mobile'),
  /** Web Push (modules/push): the VAPID key pair (base64url, as web-push generates it); unset, one is generated and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** Who runs this server, for push services (mailto: or https:); PUBLIC_URL's origin or mailto:ADMIN_EMAIL by default. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' })
    .optional(),
  /** Native push through FCM HTTP v1 (firebase-admin): the service account's JSON, or a path to its file. Unset: native devices are stored, nothing is delivered to them. */
  FCM_SERVICE_ACCOUNT: z.string().min(2).optional(),
  /**
   * Native push to iOS through APNs (integrations/apns): the token key (.p8: its PEM text or a path
   * to it), its key id, the team id and the app's bundle id, all four or none. Unset: iOS devices
   * are stored, nothing is delivered to them.
   */
  APNS_KEY: z.string().min(2).optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: 'must be the 10-character key id' })
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: 'must be the 10-character team id' })
    .optional(),
  APNS_BUNDLE_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, { error: 'must be a bundle id' })
    .optional(),
  /** production (App Store, TestFlight) or sandbox (apps built for development). */
  APNS_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
  /** Another APNs address, host:port (a local APNs stand-in in tests), and the CA (PEM text or path) its certificate is signed by. */
  APNS_HOST: z.string().min(3).optional(),
  APNS_CA: z.string().min(2).optional(),
  /** Let push endpoints be http or on private / loopback addresses (tests and a local push service only). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  /** At most one message notice per conversation and user in this time: the first at once, the rest folded into one after it. */
  PUSH_FOLD_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  /** How often the fleet poller looks for accounts due (s); 0: never (tests poll by hand). */
  FLEET_TICK_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  /** Let a Traccar server be http or on a private / loopback address (tests and a local Traccar only). */
  FLEET_ALLOW_PRIVATE_URLS: bool.default(false),
  /** Another WEBFLEET.connect endpoint (a local stand-in in tests); https://csv.webfleet.com/extern when unset. */
  FLEET_WEBFLEET_URL: z.string().url().optional(),
  // External accounts (modules/external-accounts, integrations/oidc|facebook|instagram): each
  // provider is offered only when its variables are set; its routes answer 503
  // error.integration.notconfigured otherwise.
  /** Sign in with Apple: the Services ID (web) and the app's bundle ids (native; comma-separated) as audiences, the team, the key id and the .p8 key (PEM text or a path) the client secret is signed with. */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_BUNDLE_IDS: list('a bundle id', (b) => /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(b)).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(2).optional(),
  APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
  /** Sign In with LinkedIn using OpenID Connect. */
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_ISSUER: z.string().url().default('https://www.linkedin.com/oauth'),
  /** apaleo's OpenID Connect (a Connect client with the authorization code flow). */
  APALEO_CLIENT_ID: z.string().min(1).optional(),
  APALEO_CLIENT_SECRET: z.string().min(1).optional(),
  APALEO_ISSUER: z.string().url().default('https://identity.apaleo.com'),
  /** The booking suite's OpenID Connect issuer (its tokens name the hotels in `hotel_ids`); no default: it is the operator's. */
  BOOKINGSUITE_ISSUER: z.string().url().optional(),
  BOOKINGSUITE_CLIENT_ID: z.string().min(1).optional(),
  BOOKINGSUITE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Facebook Login: the app id and secret; the Graph API and the login dialog (another address in tests). */
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v25.0'),
  FACEBOOK_DIALOG_URL: z.string().url().default('https://www.facebook.com/v25.0/dialog/oauth'),
  /** Instagram API with Instagram Login (business and creator accounts): the app's id and secret and its three hosts. */
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_AUTHORIZE_URL: z.string().url().default('https://www.instagram.com/oauth/authorize'),
  INSTAGRAM_API_URL: z.string().url().default('https://api.instagram.com'),
  INSTAGRAM_GRAPH_URL: z.string().url().default('https://graph.instagram.com'),
  /** Let providers be http on a loopback address (tests and local stand-ins only). */
  EXTERNAL_ALLOW_HTTP: bool.default(false),
  /** How often the connections whose tokens end soon are refreshed (s); 0: never (tests refresh by hand). */
  EXTERNAL_REFRESH_TICK_SECONDS: z.coerce.number().int().min(0).default(300),
  WEB_DIST: z.string().optional(),
  EMBED_DIST: z.string().optional(),
  GIT_COMMIT: z.string().optional(),
});
export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

/** The only reader of process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * How long instances may serve cached sessions and answers (lib/invalidation.ts). 10 s by default
 * where every write reaches every cache: embedded PGlite (one process by construction) or Redis
 * carrying the messages. PostgreSQL without Redis may mean several instances that cannot tell
 * each other, so nothing is cached there unless CACHE_MAX_AGE_MS says so.
 */
export function cacheMaxAgeMs(config: Config): number {
  return config.CACHE_MAX_AGE_MS ?? (config.DATABASE_URL && !config.REDIS_URL ? 0 : 10_000);
}

/**
 * A configuration for tests: quiet, no demo data, in-memory database unless a URL is given, and no
 * fleet poller of its own (its query every second would be counted by tests that count queries;
 * fleet tests run its tick by hand).
 */
export function testConfig(overrides: Partial<Record<keyof z.infer<typeof ConfigSchema>, string>> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    FLEET_TICK_SECONDS: '0',
    EXTERNAL_REFRESH_TICK_SECONDS: '0',
    SECRET: 'test-secret-test-secret-test-secret-0123',
    ENCRYPTION_KEY: 'test:c3BvdGxpc3QtdGVzdC1lbmNyeXB0aW9uLWtleS0zMmI',
    ...overrides,
  });
}
