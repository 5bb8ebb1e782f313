import fp from 'fastify-plugin';
import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, randomToken, safeEqual } from '../../lib/tokens.ts';
import { AUTH_HEADER } from './auth.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route neither sets the XSRF cookie nor checks it. Only for public routes that read
     * no cookie and no session (the visitor and guest calls of widgets: no cookies set there).
     */
    xsrf?: boolean;
  }
}

/**
 * SPEC §7 XSRF as a signed double-submit: the server sets a readable cookie `random.signature`;
 * a state-changing call that carries cookies must echo it in X-XSRF-TOKEN, and the signature
 * must be ours. Calls without any cookie carry no ambient credential (native clients with
 * X-Auth-Token), so they cannot be forged cross-site and pass.
 */
export const xsrfPlugin = fp<{ secret: string; secure: boolean }>(
  async (app, { secret, secure }) => {
    const sign = (r: string) => `${r}.${hmac(secret, `xsrf:${r}`)}`;
    const valid = (t: string) => {
      const [r, sig, extra] = t.split('.');
      return !!r && !!sig && extra === undefined && safeEqual(sig, hmac(secret, `xsrf:${r}`));
    };
    // callback style: a hook with no await costs no promise per request
    app.addHook('onRequest', (req, reply, done) => {
      if (req.routeOptions.config?.xsrf === false) return done();
      // A call with an access token and no cookie at all is a native client (the web app always
      // has its refresh cookie while it holds a token): it never echoes the cookie, so none is made.
      if (!req.headers.cookie && req.headers[AUTH_HEADER] !== undefined) return done();
      const cookie = req.cookies[XSRF_COOKIE];
      if (!cookie || !valid(cookie)) {
        reply.setCookie(XSRF_COOKIE, sign(randomToken()), { path: '/', sameSite: 'lax', secure, httpOnly: false });
      }
      if (!UNSAFE.has(req.method) || !req.headers.cookie) return done();
      const header = req.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !valid(header)) {
        return done(new AppError(ErrorKey.xsrf, 403));
      }
      done();
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
