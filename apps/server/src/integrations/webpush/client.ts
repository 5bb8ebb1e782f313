import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { WebPushSubscription } from '@spotlist/contracts';
import { guardedLookup } from './address-guard.ts';

export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: (RFC 8292): who push services contact about this server. */
  subject: string;
  /** http endpoints and private addresses allowed (tests, a local push service). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface WebPushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** ≤ 32 base64url characters: a newer message with the same topic replaces an undelivered older one. */
  topic?: string;
}

/** The push service's answer: 201 accepted; 404/410 gone; 429/5xx later (`retryAfterSeconds` when it said). */
export interface WebPushResult {
  statusCode: number;
  retryAfterSeconds: number | null;
  body: string;
}

export interface WebPushClient {
  readonly publicKey: string;
  send(subscription: WebPushSubscription, payload: string, opts: WebPushOptions): Promise<WebPushResult>;
}

/** Retry-After as seconds (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** How long a VAPID signature is valid (RFC 8292: at most 24 h), and how long before its end a new one is made. */
export const VAPID_VALID_SECONDS = 12 * 3600;
const VAPID_RENEW_SECONDS = 3600;

/**
 * The VAPID Authorization header for a push service (its origin is the JWT's audience). Signing is
 * an ECDSA signature: one per push service and 11 hours, kept, instead of one per notice.
 */
export function vapidAuthorization(cfg: Pick<WebPushConfig, 'subject' | 'publicKey' | 'privateKey'>, now = () => Date.now()) {
  const cache = new Map<string, { header: string; expires: number }>();
  return (audience: string): string => {
    const t = Math.floor(now() / 1000);
    const hit = cache.get(audience);
    if (hit && hit.expires - t > VAPID_RENEW_SECONDS) return hit.header;
    const expires = t + VAPID_VALID_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, cfg.subject, cfg.publicKey, cfg.privateKey, 'aes128gcm', expires) as {
      Authorization: string;
    };
    // a handful of push services exist (Mozilla, Google, Apple, Microsoft): the map stays small
    if (cache.size > 64) cache.clear();
    cache.set(audience, { header: Authorization, expires });
    return Authorization;
  };
}

/**
 * Web Push (RFC 8030, payload encryption RFC 8291 aes128gcm, VAPID RFC 8292) with `web-push`:
 * it builds and encrypts the request; we send it ourselves, so every connection goes through the
 * SSRF guard's lookup and the status, Retry-After and body reach the caller (web-push would only
 * speak https and reject on every non-2xx).
 */
export function webPushClient(cfg: WebPushConfig): WebPushClient {
  const lookup = guardedLookup(cfg.allowPrivate);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };
  const timeout = cfg.timeoutMs ?? 15_000;
  const vapid = vapidAuthorization(cfg);
  return {
    publicKey: cfg.publicKey,
    send(subscription, payload, opts) {
      let authorization: string;
      try {
        authorization = vapid(new URL(subscription.endpoint).origin);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      const details = webpush.generateRequestDetails(subscription, payload, {
        // no vapidDetails (nor setVapidDetails anywhere): the VAPID header is ours, one signature
        // per push service instead of one per notice
        headers: { Authorization: authorization },
        TTL: opts.ttl,
        urgency: opts.urgency,
        topic: opts.topic,
        contentEncoding: 'aes128gcm',
      });
      const url = new URL(details.endpoint);
      if (url.protocol !== 'https:' && !(cfg.allowPrivate && url.protocol === 'http:')) {
        return Promise.reject(new Error(`push endpoint scheme ${url.protocol} refused`));
      }
      const lib = url.protocol === 'https:' ? https : http;
      return new Promise<WebPushResult>((resolve, reject) => {
        const request = lib.request(
          url,
          {
            method: details.method,
            headers: details.headers as http.OutgoingHttpHeaders,
            agent: agents[url.protocol as 'https:' | 'http:'],
            timeout,
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (c: Buffer) => {
              // a push service's answer is a few hundred bytes; keep at most 4 KiB of it for the log
              if (size < 4096) chunks.push(c);
              size += c.length;
            });
            res.on('end', () =>
              resolve({
                statusCode: res.statusCode ?? 0,
                retryAfterSeconds: retryAfterSeconds(res.headers['retry-after']),
                body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
              }),
            );
            res.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error('push service timed out')));
        request.on('error', reject);
        request.end(details.body ?? undefined);
      });
    },
  };
}
