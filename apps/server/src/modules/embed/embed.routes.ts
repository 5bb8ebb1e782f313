import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorKey } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendCompressed } from '../../platform/http/compression.ts';
import { withTilesMeta } from '../../lib/tiles-meta.ts';
import { guestAppExists } from '../guests/index.ts';
import { overlaySiteExists } from '../overlays/index.ts';
import { widgetHead } from '../widgets/index.ts';

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The frame's Content-Security-Policy: the app's rules, but framing allowed on the widget's
 * domains (any when none) and always on this origin (the business's preview page).
 */
export function frameCsp(allowedDomains: string[], tileOrigin: string): string {
  const ancestors = allowedDomains.length === 0 ? ['*'] : ["'self'", ...allowedDomains];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin}`,
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

/**
 * The overlay frame's Content-Security-Policy: framed on any site (a business's website), its
 * own scripts only (no inline script: the business's rich text, sanitized on the server, could
 * not run one even if a sanitizer bug let it through), pictures from this origin.
 */
export const OVERLAY_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  'frame-ancestors *',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const notFoundPage = Buffer.from(
  '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Not found</title></head>' +
    '<body style="font-family:sans-serif;text-align:center;padding:2em;color:#555">Not found</body></html>',
);

/**
 * The visitor pages built by apps/embed (EMBED_DIST, default apps/embed/dist): the loader script,
 * the widget frame, the overlay frame, the guest app, their assets, service worker and manifest. Without a build
 * these answer 404 `error.embed.missing`. Files are read when asked and kept in memory until their
 * modification time changes. The two pages carry the map tile URL (`withTilesMeta`).
 */
export const embedRoutes: FastifyPluginAsync<{
  db: Db;
  root: string | undefined;
  tileOrigin: string;
  /** MAP_TILE_URL, put into the frame and guest pages as `<meta name="spotlist-tiles">`. */
  tileUrl: string;
}> = async (app, { db, root, tileOrigin, tileUrl }) => {
  const files = new Map<string, { mtimeMs: number; body: Buffer }>();
  const read = async (rel: string): Promise<Buffer | null> => {
    if (!root) return null;
    const file = path.join(root, rel);
    try {
      const st = await fs.promises.stat(file);
      if (!st.isFile()) return null;
      const hit = files.get(file);
      if (hit && hit.mtimeMs === st.mtimeMs) return hit.body;
      const body = await fs.promises.readFile(file);
      files.set(file, { mtimeMs: st.mtimeMs, body });
      return body;
    } catch {
      return null;
    }
  };
  /** A page (frame.html, guest.html) with the tile URL meta, made once per file version. */
  const pages = new Map<string, { source: Buffer; body: Buffer }>();
  const page = async (rel: string): Promise<Buffer | null> => {
    const source = await read(rel);
    if (!source) return null;
    const hit = pages.get(rel);
    if (hit && hit.source === source) return hit.body;
    const body = withTilesMeta(source, tileUrl);
    pages.set(rel, { source, body });
    return body;
  };
  const missing = () => new AppError(ErrorKey.embedMissing, 404);
  // files and pages are read once per version, so their compressed copies are made once too
  const sendFile = (req: FastifyRequest, reply: FastifyReply, rel: string, body: Buffer) => {
    const type = TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream';
    reply.type(type);
    // text compresses; pictures are compressed already
    return /^text\/|json|svg/.test(type) ? sendCompressed(req, reply, body, 'static') : reply.send(body);
  };
  const crossOrigin = { crossOriginResourcePolicy: { policy: 'cross-origin' as const } };
  const visitor = { auth: 'public' as const, xsrf: false };

  app.get('/embed.js', { schema: { hide: true }, config: { ...visitor, securityHeaders: crossOrigin } }, async (req, reply) => {
    const body = await read('embed.js');
    if (!body) throw missing();
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return sendFile(req, reply, 'embed.js', body);
  });

  /**
   * A page other sites frame (the widget frame, the overlay frame): it sets its own policy, and
   * X-Frame-Options would forbid every framing. `policyOf` answers a known id's policy, null for an
   * unknown one (a 404 page that may be framed, so the host page shows it rather than an error).
   */
  const framedPage = (
    url: string,
    file: string,
    load: (rel: string) => Promise<Buffer | null>,
    policyOf: (publicId: string) => Promise<string | null>,
  ) =>
    app.get<{ Params: { publicId: string } }>(
      url,
      {
        schema: { hide: true },
        config: { ...visitor, securityHeaders: { ...crossOrigin, frameguard: false, contentSecurityPolicy: false } },
        logLevel: 'warn',
      },
      async (req, reply) => {
        const html = await load(file);
        if (!html) {
          reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'").header('x-frame-options', 'DENY');
          throw missing();
        }
        const policy = PUBLIC_ID.test(req.params.publicId) ? await policyOf(req.params.publicId) : null;
        if (policy === null) {
          return reply
            .status(404)
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *")
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(notFoundPage);
        }
        reply.header('content-security-policy', policy).header('cache-control', 'no-cache');
        return sendFile(req, reply, file, html);
      },
    );
  framedPage('/w/:publicId', 'frame.html', page, async (publicId) => {
    const head = await widgetHead(db, publicId);
    return head ? frameCsp(head.allowedDomains, tileOrigin) : null;
  });
  // The overlay frame of a business's website (embed.js `data-spotlist-overlay`): any site may frame it.
  framedPage('/o/:publicId', 'overlay.html', read, async (publicId) => ((await overlaySiteExists(db, publicId)) ? OVERLAY_CSP : null));

  app.get<{ Params: { publicId: string } }>(
    '/g/:publicId',
    { schema: { hide: true }, config: visitor, logLevel: 'warn' },
    async (req, reply) => {
      const html = await page('guest.html');
      if (!html) throw missing();
      if (!PUBLIC_ID.test(req.params.publicId) || !(await guestAppExists(db, req.params.publicId))) {
        return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(notFoundPage);
      }
      return sendFile(req, reply.header('cache-control', 'no-cache'), 'guest.html', html);
    },
  );

  // A shared "where is my shuttle?" link (modules/fleet): the page reads the link's vehicles itself
  // and says when the link has expired, so any well-formed token gets it.
  app.get<{ Params: { token: string } }>(
    '/shuttle/:token',
    { schema: { hide: true }, config: visitor, logLevel: 'warn' },
    async (req, reply) => {
      const html = await page('shuttle.html');
      if (!html) throw missing();
      if (!/^[\w.-]{20,400}$/.test(req.params.token))
        return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(notFoundPage);
      return sendFile(req, reply.header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer'), 'shuttle.html', html);
    },
  );

  app.get<{ Params: { '*': string } }>(
    '/embed-assets/*',
    { schema: { hide: true }, config: { ...visitor, securityHeaders: crossOrigin } },
    async (req, reply) => {
      const rel = req.params['*'];
      if (!root) throw missing();
      if (!rel || rel.includes('..') || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/'))
        throw new AppError(ErrorKey.notFound, 404);
      const body = await read(path.join('assets', rel));
      if (!body) throw new AppError(ErrorKey.notFound, 404);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendFile(req, reply, rel, body);
    },
  );

  for (const name of ['guest-sw.js', 'guest.webmanifest']) {
    app.get(`/${name}`, { schema: { hide: true }, config: visitor }, async (req, reply) => {
      const body = await read(name);
      if (!body) throw missing();
      reply.header('cache-control', 'no-cache');
      return sendFile(req, reply, name, body);
    });
  }
};
