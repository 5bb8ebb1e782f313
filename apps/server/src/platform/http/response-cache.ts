import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { EventBus } from '../events/bus.ts';
import type { EventName } from '../events/event-map.ts';
import { stampedCache, stamps, userTag, type Stamp, type StampedCache } from '../events/stamps.ts';
import { isModerator } from './auth.ts';
import { acceptedEncoding, addVary, compressed } from './compression.ts';

/**
 * One response cache for every route that asks for it with `config.cache` (docs/decisions/0002):
 * the answer's serialized bytes are kept per instance, with a compressed copy made once and an
 * ETag, and dropped by the events the route lists, on every instance (platform/events/stamps.ts).
 *
 * A hit is answered from the preHandler hook: no handler, no database, no serializer. A miss takes
 * a stamp before the handler reads, and the onSend hook keeps what the serializer made (200 only).
 */
export interface RouteCache {
  /**
   * 'user': one answer per logged-in user (tagged `u<id>`, so that user's events drop it; the key
   * always holds the user id, so an answer can never reach another viewer). 'public': one answer
   * for every visitor. 'viewer': a logged-in visitor's own answer as with 'user', one shared
   * answer for everyone without an account (a public link read by its owner and by strangers).
   */
  scope: 'user' | 'public' | 'viewer';
  /** Events that make an answer stale; see TAGS_OF in stamps.ts for which answers each one drops. */
  invalidatedBy: readonly EventName[];
  /** What else tells answers apart; the URL (path and query) and the app language always do. */
  key?: (req: FastifyRequest) => string;
  /**
   * The tags of an answer, known before the handler runs (e.g. `w<publicId>`). The handler adds
   * the tags of what it read with `cacheTags` (a guest app's owner and widgets). A 'user' answer
   * is always tagged with its user.
   */
  tags?: (req: FastifyRequest) => string[];
  /** Memory for this route's answers on one instance (oldest dropped first). */
  maxBytes: number;
  maxEntries?: number;
  /** The Cache-Control of a cached answer. Default: `public, no-cache` for 'public', else `no-store`. */
  cacheControl?: string;
  /**
   * Whether to answer If-None-Match with 304. Default: public answers only (a user's answer is
   * `no-store`, so no browser asks; native clients may opt in per route).
   */
  etag?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: RouteCache;
  }
}

interface Entry {
  body: Buffer;
  etag: string;
  contentType: string;
}

interface RouteStore {
  spec: RouteCache;
  cacheControl: string;
  etag: boolean;
  stamps: ReturnType<typeof stamps>;
  entries: StampedCache<Entry>;
  /** Misses being read, by key: requests for the same key wait for it instead of reading too. */
  flights: Map<string, Promise<void>>;
}

/** What a miss carries from preHandler to onSend. */
const pending = new WeakMap<
  FastifyRequest,
  { store: RouteStore; key: string; tags: string[]; stamp: Stamp | null; until: number; finish(): void }
>();

/** Ends a miss: the answer is stored (or not), and the requests waiting for it look again. */
function settle(req: FastifyRequest): void {
  const miss = pending.get(req);
  if (!miss) return;
  pending.delete(req);
  miss.finish();
}

/**
 * This answer is not kept: it is right now but may stop being right without an event (access
 * through a share that expires at a set time).
 */
export function skipCache(req: FastifyRequest): void {
  settle(req);
}

/**
 * This answer stops being right at `at` (epoch ms) with no event, e.g. a share's end: kept until
 * then at most (ignored outside a cached route).
 */
export function cacheUntil(req: FastifyRequest, at: number): void {
  const miss = pending.get(req);
  if (miss) miss.until = Math.min(miss.until, at);
}

/** Tags of what this answer was made of, added by a handler of a cached route (ignored elsewhere). */
export function cacheTags(req: FastifyRequest, ...tags: string[]): void {
  pending.get(req)?.tags.push(...tags);
}

/**
 * The `key` of an answer about places: an admin reads every place, and distances come from the
 * user-location header (the URL, language and viewer are always part of the key).
 */
export function placeViewKey(req: FastifyRequest): string {
  const at = req.ctx.location;
  return `${isModerator(req.user) ? 1 : 0}\n${at ? `${at.lat};${at.lng}` : ''}`;
}

/** True when an If-None-Match header names `etag` (weak or strong, or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const v = Array.isArray(header) ? header.join(',') : header;
  if (v.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return v.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** A weak tag from the bytes: the same answer goes out plain, brotli or gzip (RFC 9110 §8.8.1). */
export const etagOf = (body: Buffer | string) => `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** Below this, compressing saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

function send(req: FastifyRequest, reply: FastifyReply, store: RouteStore, e: Entry): FastifyReply {
  reply.header('cache-control', store.cacheControl);
  addVary(reply, 'accept-encoding');
  if (store.etag) {
    reply.header('etag', e.etag);
    // no body, no content-length
    if (matchesEtag(req.headers['if-none-match'], e.etag)) return reply.code(304).send(undefined);
  }
  reply.header('content-type', e.contentType);
  const encoding = e.body.length >= MIN_COMPRESS_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(e.body);
  return reply.header('content-encoding', encoding).send(compressed(e.body, encoding, 'dynamic'));
}

function keyOf(req: FastifyRequest, spec: RouteCache): string {
  const own = spec.key ? spec.key(req) : '';
  const base = `${req.ctx.language}\n${req.url}\n${own}`;
  return spec.scope === 'public' || !req.user ? `-\n${base}` : `${req.user.id}\n${base}`;
}

/**
 * Registers the hooks on every route that declares `config.cache`, and `Cache-Control: no-store`
 * on every authenticated answer whose route set none (a user's data never sits in a shared cache
 * or on a shared computer's disk by accident).
 */
export const responseCachePlugin = fp<{ events: EventBus; maxAgeMs: number }>(
  async (app, { events, maxAgeMs }) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const spec = route.config?.cache;
      if (!spec) return;
      const st = stamps(events, spec.invalidatedBy, { maxAgeMs });
      const store: RouteStore = {
        spec,
        cacheControl: spec.cacheControl ?? (spec.scope === 'public' ? 'public, no-cache' : 'no-store'),
        etag: spec.etag ?? spec.scope === 'public',
        stamps: st,
        entries: stampedCache<Entry>(st, { maxEntries: spec.maxEntries ?? 10_000, maxBytes: spec.maxBytes }),
        flights: new Map(),
      };
      const startMiss = (req: FastifyRequest, key: string) => {
        const tags = store.spec.tags ? store.spec.tags(req) : [];
        if (store.spec.scope !== 'public' && req.user) tags.push(userTag(req.user.id));
        let resolve!: () => void;
        const flight = new Promise<void>((r) => (resolve = r));
        store.flights.set(key, flight);
        const finish = () => {
          if (store.flights.get(key) === flight) store.flights.delete(key);
          resolve();
        };
        pending.set(req, { store, key, tags, stamp: store.stamps.stamp(), until: Infinity, finish });
      };
      const preHandler = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
        if (store.spec.scope === 'user' && !req.user) return done();
        const key = keyOf(req, store.spec);
        const hit = store.entries.get(key);
        if (hit) {
          send(req, reply, store, hit);
          return; // answered: the handler does not run
        }
        // an entry that just went stale is asked for by many at once: one reads, the others wait
        const flight = store.flights.get(key);
        if (!flight) {
          startMiss(req, key);
          return done();
        }
        flight.then(() => {
          const now = store.entries.get(key);
          if (now) return void send(req, reply, store, now);
          startMiss(req, key);
          done();
        });
      };
      const onSend = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, p?: unknown) => void) => {
        const miss = pending.get(req);
        if (!miss) return done(null, payload);
        if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
          settle(req);
          return done(null, payload);
        }
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        const entry: Entry = {
          body,
          etag: etagOf(body),
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        };
        miss.store.entries.set(miss.key, miss.tags, miss.stamp, entry, body.length, miss.until);
        settle(req);
        reply.header('cache-control', miss.store.cacheControl);
        addVary(reply, 'accept-encoding');
        if (miss.store.etag) {
          reply.header('etag', entry.etag);
          if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
            reply.code(304).removeHeader('content-type');
            return done(null, '');
          }
        }
        const encoding = body.length >= MIN_COMPRESS_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
        if (!encoding) return done(null, body);
        reply.header('content-encoding', encoding);
        done(null, compressed(body, encoding, 'dynamic'));
      };
      route.preHandler = [preHandler, ...toArray(route.preHandler)] as RouteOptions['preHandler'];
      route.onSend = [...toArray(route.onSend), onSend] as RouteOptions['onSend'];
      // a miss that never reached onSend (the client went away) must not keep others waiting
      const cleanup = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        settle(req);
        done();
      };
      route.onResponse = [...toArray(route.onResponse), cleanup] as RouteOptions['onResponse'];
      route.onRequestAbort = [
        ...toArray(route.onRequestAbort),
        (req: FastifyRequest, done: () => void) => {
          settle(req);
          done();
        },
      ] as RouteOptions['onRequestAbort'];
    });

    // callback style: costs no promise per request
    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'response-cache', dependencies: ['auth', 'request-context'] },
);

const toArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
