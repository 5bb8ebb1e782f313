import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorKey, GUEST_KEY_HEADER, UPLOAD_DOCUMENT_ID_HEADER } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUTH_HEADER } from './auth.ts';
import { addVary } from './compression.ts';

/** The origins whose pages may call the API cross-origin: the native shells' and CORS_ORIGINS. */
export const corsOriginsOf = (config: Pick<Config, 'NATIVE_ORIGINS' | 'CORS_ORIGINS'>): Set<string> =>
  new Set([...config.NATIVE_ORIGINS, ...config.CORS_ORIGINS]);

/** HEAD is tus's resume; the rest are the API's. */
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** The request headers the API reads beyond the CORS-safelisted ones (tus's protocol headers for resumable uploads). */
export const CORS_REQUEST_HEADERS = [
  'content-type',
  AUTH_HEADER,
  'app-language',
  'user-location',
  GUEST_KEY_HEADER,
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
].join(', ');
/** The answer headers the clients read: downloads' file names, a tus upload's place and progress, the wait of a 429 or 503. */
export const CORS_EXPOSED_HEADERS = [
  'content-disposition',
  'location',
  'retry-after',
  'tus-resumable',
  'upload-offset',
  'upload-length',
  UPLOAD_DOCUMENT_ID_HEADER.toLowerCase(),
].join(', ');
/** How long a browser keeps a preflight's answer (Chromium caps it at 7200 s). */
const PREFLIGHT_MAX_AGE_SECONDS = 3600;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * CORS for the native shells (docs/decisions/0031-native-clients.md). Their pages come from
 * `capacitor://localhost` (iOS) and `https://localhost` (Android), not from the API's origin. For
 * an /api request whose Origin is one of `origins` (and not the server's own):
 * - a preflight is answered 204 here, before the access rule (a preflight carries no token), with
 *   the methods, the request headers the API reads, and a max-age;
 * - every answer, errors included, echoes that origin in Access-Control-Allow-Origin with
 *   `Vary: Origin` and exposes the headers clients read. Never `*`, never
 *   Access-Control-Allow-Credentials: native clients send X-Auth-Token and `refresh_token` in the
 *   body, and cookies play no part for them, so their answers set none (a browser would not keep
 *   them from a call without credentials anyway; the XSRF and device cookies mean nothing there).
 * A preflight from any other cross-origin page is refused 403 `error.cors.origin`; its other
 * requests get no CORS header, so the browser keeps the answer from it. Requests without an Origin
 * or from the server's own (PUBLIC_URL, or the Host it was called by) are left as they were.
 * Paths outside /api keep their own rules (the embed loader's `Access-Control-Allow-Origin: *`).
 * The resumable uploads (tus writes its own answers) check the same origins: modules/documents.
 */
export const corsPlugin = fp<{ origins: ReadonlySet<string>; publicUrl: string | undefined }>(
  async (app, { origins, publicUrl }) => {
    const own = publicUrl ? new URL(publicUrl).origin : undefined;
    /** 'allowed': a native shell's page; 'refused': another site's; undefined: not a cross-origin API call. */
    const kindOf = (req: FastifyRequest): 'allowed' | 'refused' | undefined => {
      const origin = req.headers.origin;
      if (origin === undefined || !isApi(req.url) || origin === own || origin === `${req.protocol}://${req.host}`) return undefined;
      return origins.has(origin) ? 'allowed' : 'refused';
    };

    // callback style: a request without an Origin costs no promise
    app.addHook('onRequest', (req, reply, done) => {
      if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return done();
      const kind = kindOf(req);
      if (kind === undefined) return done();
      if (kind === 'refused') return done(new AppError(ErrorKey.corsOrigin, 403));
      reply
        .code(204)
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', CORS_REQUEST_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    });

    // after @fastify/cookie's onSend, which writes the cookies set during the request
    app.addHook('onSend', (req, reply, payload, done) => {
      const kind = kindOf(req);
      if (kind === 'allowed') {
        reply
          .header('access-control-allow-origin', req.headers.origin)
          .header('access-control-expose-headers', CORS_EXPOSED_HEADERS)
          .removeHeader('set-cookie');
        addVary(reply, 'origin');
      } else if (isApi(req.url) && sharedCacheable(req, reply)) {
        // a shared cache must not hand this answer (without the header) to a native shell
        addVary(reply, 'origin');
      }
      done(null, payload);
    });
  },
  { name: 'cors', dependencies: ['@fastify/cookie'] },
);

/** An answer a shared cache may keep: `Cache-Control: public` now, or a public response-cache route (it says so after this hook). */
function sharedCacheable(req: FastifyRequest, reply: FastifyReply): boolean {
  return /\bpublic\b/.test(String(reply.getHeader('cache-control') ?? '')) || req.routeOptions.config?.cache?.scope === 'public';
}
