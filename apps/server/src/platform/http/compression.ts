import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * The encoding to answer in: brotli, else gzip, when the client accepts it (a `q=0` refuses;
 * `*` accepts both). Null for identity.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  if (typeof header !== 'string') return parseAccepted(header.join(','));
  // browsers send a handful of distinct values: each is parsed once
  let known = seen.get(header);
  if (known === undefined) {
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(header, (known = parseAccepted(header)));
  }
  return known;
}
const SEEN_MAX = 100;
const seen = new Map<string, Encoding | null>();

function parseAccepted(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (e: Encoding) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * Compressed copies of bodies that are sent many times: files (`static`: brotli's best, made once
 * per file version) and cached answers (`dynamic`: fast settings, made once per cache entry).
 * Kept per body by identity, so they live exactly as long as the body they were made from.
 */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

export function compressed(body: Buffer, encoding: Encoding, effort: 'static' | 'dynamic'): Buffer {
  let c = copies.get(body);
  if (!c) copies.set(body, (c = {}));
  let out = c[encoding];
  if (!out) {
    out =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'static' ? 11 : 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : zlib.gzipSync(body, { level: effort === 'static' ? 9 : 6 });
    c[encoding] = out;
  }
  return out;
}

/** Adds `name` to the answer's Vary (what is there stays: a route's `app-language`, CORS's `origin`). */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', name);
    return;
  }
  const names = (Array.isArray(current) ? current.join(',') : String(current))
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.some((n) => n === '*' || n.toLowerCase() === name)) return;
  reply.header('vary', [...names, name].join(', '));
}

/**
 * Sends `body` compressed when the client takes it and it is worth it, with `Vary: Accept-Encoding`
 * either way (a shared cache must not hand a compressed copy to a client that cannot read it).
 */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: Buffer, effort: 'static' | 'dynamic') {
  addVary(reply, 'accept-encoding');
  const encoding = body.length >= MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressed(body, encoding, effort));
}
