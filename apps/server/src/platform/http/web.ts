import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';

type ContentSecurityPolicyOptions = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>;
import fastifyStatic from '@fastify/static';
import { ErrorKey } from '@spotlist/contracts';
import { sendCompressed } from './compression.ts';
import { withTilesMeta } from '../../lib/tiles-meta.ts';

/**
 * Serves the built web app (apps/web/dist) on the same port as the API, with an SPA fallback:
 * any GET that is not an API call and not a file answers index.html. index.html (also as
 * `/index.html`, which the web app's service worker precaches) carries the map tile URL of this
 * configuration (`withTilesMeta`), the one the content security policy allows. Text files go out
 * brotli- or gzip-compressed to clients that accept it.
 */
export const webPlugin = fp<{ root: string | undefined; tileUrl: string; meetingPolicy?: ContentSecurityPolicyOptions }>(
  async (app, { root, tileUrl, meetingPolicy }) => {
    const index = root ? path.join(root, 'index.html') : undefined;
    const hasWeb = !!index && fs.existsSync(index);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: root!,
        wildcard: false,
        index: false,
        // the build writes .br/.gz copies (apps/web/scripts/precompress.mjs): 527 KB of first-load
        // JavaScript travel as ~140 KB
        preCompressed: true,
        // served below with the tile URL meta
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (res, file) => {
          const rel = path.relative(root!, file);
          if (rel.startsWith(`assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }
    const html = hasWeb ? withTilesMeta(fs.readFileSync(index!), tileUrl) : undefined;
    const sendIndex = (req: FastifyRequest, reply: FastifyReply) =>
      sendCompressed(req, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html!, 'static');
    // a video meeting (modules/messaging): the same page, under a policy that lets it load the
    // meeting host's IFrame API and frame the call; no other page names that host. The web app
    // opens it with a full page load, and its service worker leaves /meeting/ to the network.
    if (meetingPolicy)
      app.get<{ Params: { id: string } }>(
        '/meeting/:id',
        { schema: { hide: true }, config: { auth: 'public', securityHeaders: { contentSecurityPolicy: meetingPolicy } } },
        async (req, reply) => {
          if (!html || !/^\d{1,10}$/.test(req.params.id)) return reply.status(404).send({ key: ErrorKey.routeNotFound });
          return sendIndex(req, reply);
        },
      );
    app.setNotFoundHandler((req, reply) => {
      const url = req.url.split('?')[0];
      const isIndex = url === '/index.html';
      if (
        url.startsWith('/api/') ||
        url === '/api' ||
        !html ||
        (req.method !== 'GET' && req.method !== 'HEAD') ||
        (path.extname(url) && !isIndex)
      ) {
        return reply.status(404).send({ key: ErrorKey.routeNotFound });
      }
      return sendIndex(req, reply);
    });
  },
  { name: 'web' },
);
