import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's changes to the app's security headers (merged over the app's helmet options, a
     * top-level key replacing the app's): the embed pages and the loader, which are framed or
     * loaded cross-origin.
     */
    securityHeaders?: HelmetOptions;
    /** The headers of `securityHeaders`, computed when the route is added (set by this plugin). */
    securityHeaderList?: HeaderList;
  }
}

type HeaderList = readonly (readonly [string, string])[];

/**
 * The headers helmet's middleware sets for `options`. Options that depend on the request (CSP
 * nonces, directive functions) are not supported: every answer of a route gets the same headers.
 */
export function securityHeaderList(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * helmet's headers, computed once per option set: when the app starts, and when a route with its
 * own `config.securityHeaders` is added. Building helmet's middleware per request (what
 * @fastify/helmet does, parsing the CSP each time) cost about 6 % of the server's CPU on a cached
 * API answer; here a request only copies a list of headers, in one hook without a promise.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const appHeaders = securityHeaderList(options);
    app.addHook('onRoute', (route) => {
      const own = route.config?.securityHeaders;
      if (own) route.config = { ...route.config, securityHeaderList: securityHeaderList({ ...options, ...own } as HelmetOptions) };
    });
    app.addHook('onRequest', (req, reply, done) => {
      for (const [name, value] of req.routeOptions.config?.securityHeaderList ?? appHeaders) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
