import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * helmet's headers, computed once. @fastify/helmet builds its middleware (and parses the CSP) on
 * every request: about 6 % of the server's CPU on a cached API answer. Here it is registered
 * non-global, so it still serves the routes with a `helmet` option of their own (the embed pages
 * and the loader, which must be framed or loaded cross-origin) and `reply.helmet()`; every other
 * route gets the headers the app's configuration produced on the first request, unchanged.
 */
export const securityHeadersPlugin = fp<FastifyHelmetOptions>(
  async (app, options) => {
    await app.register(helmet, { ...options, global: false });
    let headers: [string, string | number | readonly string[]][] | null = null;
    app.addHook('onRequest', (req, reply, done) => {
      // @fastify/helmet moves a route's `helmet` option into its config
      if ((req.routeOptions.config as { helmet?: unknown } | undefined)?.helmet !== undefined) return done();
      if (headers) {
        for (const [k, v] of headers) reply.raw.setHeader(k, v);
        return done();
      }
      const before = new Set(reply.raw.getHeaderNames());
      (reply as unknown as { helmet: () => void }).helmet();
      headers = reply.raw.getHeaderNames().flatMap((k) => (before.has(k) ? [] : [[k, reply.raw.getHeader(k)!] as [string, string]]));
      done();
    });
  },
  { name: 'security-headers' },
);
