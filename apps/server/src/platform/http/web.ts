import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
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
export const webPlugin = fp<{ root: string | undefined; tileUrl: string }>(
  async (app, { root, tileUrl }) => {
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
      return sendCompressed(req, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html, 'static');
    });
  },
  { name: 'web' },
);
