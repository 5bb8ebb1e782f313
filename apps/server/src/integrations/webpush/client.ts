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
  return {
    publicKey: cfg.publicKey,
    send(subscription, payload, opts) {
      const details = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails: { subject: cfg.subject, publicKey: cfg.publicKey, privateKey: cfg.privateKey },
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
