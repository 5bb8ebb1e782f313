import fs from 'node:fs';
import apn from '@parse/node-apn';
import type { PushPayload } from '@spotlist/contracts';
import type { Config } from '../../config.ts';

/** APNs's answer for one notification: sent, the token is gone for good, refused for good, or try later. */
export type ApnsResult = { status: 'sent' } | { status: 'gone' } | { status: 'refused'; code: string } | { status: 'retry'; code: string };

export interface ApnsClient {
  send(token: string, payload: PushPayload, opts: { ttlSeconds: number; high: boolean; collapseId: string }): Promise<ApnsResult>;
  close(): Promise<void>;
}

export type ApnsConfig = Pick<
  Config,
  'APNS_KEY' | 'APNS_KEY_ID' | 'APNS_TEAM_ID' | 'APNS_BUNDLE_ID' | 'APNS_ENVIRONMENT' | 'APNS_HOST' | 'APNS_CA'
>;

/** PEM text as given, or read from the path given. */
function pem(value: string): string {
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFileSync(value, 'utf8');
}

/** APNS_HOST as the client's address and port (it connects to `https://${address}` on `port`). */
function hostAndPort(value: string): { address: string; port: number } {
  const url = new URL(`https://${value}`);
  return { address: url.hostname, port: url.port ? Number(url.port) : 443 };
}

/**
 * Apple's reasons (the `reason` of a non-200 answer) that say the token will never work again:
 * the app was removed (410 Unregistered), or the token is not a device token of this environment.
 */
const GONE = new Set(['Unregistered', 'BadDeviceToken', 'ExpiredToken']);
/** Statuses that say "later": too many requests, APNs down, or the signing token just expired (it is made anew). */
const LATER_STATUS = new Set([429, 500, 503]);

/**
 * Native push to iOS through APNs (HTTP/2, token-based authentication) with @parse/node-apn: the
 * app's token from @capacitor/push-notifications is an APNs device token. Undefined when not
 * configured; a partial configuration fails the start.
 */
export function apnsClient(cfg: ApnsConfig): ApnsClient | undefined {
  const given = [cfg.APNS_KEY, cfg.APNS_KEY_ID, cfg.APNS_TEAM_ID, cfg.APNS_BUNDLE_ID];
  if (given.every((v) => v === undefined)) return undefined;
  if (given.some((v) => v === undefined)) throw new Error('APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_BUNDLE_ID are set together');
  const provider = new apn.Provider({
    token: { key: pem(cfg.APNS_KEY!), keyId: cfg.APNS_KEY_ID!, teamId: cfg.APNS_TEAM_ID! },
    production: cfg.APNS_ENVIRONMENT === 'production',
    ...(cfg.APNS_HOST ? hostAndPort(cfg.APNS_HOST) : {}),
    ...(cfg.APNS_CA ? { ca: [pem(cfg.APNS_CA)] } : {}),
    // a 429/5xx goes back to our queue (its backoff and Retry-After), not straight into APNs again
    connectionRetryLimit: 0,
    requestTimeout: 15_000,
  });
  const topic = cfg.APNS_BUNDLE_ID!;
  return {
    async send(token, payload, opts) {
      const note = new apn.Notification();
      note.topic = topic;
      note.expiry = Math.floor(Date.now() / 1000) + opts.ttlSeconds;
      note.collapseId = opts.collapseId;
      note.threadId = payload.tag;
      note.pushType = 'alert';
      note.alert = { title: payload.title, body: payload.body };
      // quiet hours: shown without a sound, at the low priority (a background push would not show at all)
      note.priority = opts.high && !payload.silent ? 10 : 5;
      if (!payload.silent) note.sound = 'default';
      // what the app reads on a tap (lib/native/push.ts): the same fields as the service worker's data
      note.payload = { url: payload.url, kind: payload.kind, tag: payload.tag, count: payload.count };
      const { failed } = await provider.send(note, token);
      const f = failed[0];
      if (!f) return { status: 'sent' };
      const reason = f.response?.reason ?? '';
      if (f.status === undefined) return { status: 'retry', code: 'network' };
      const status = Number(f.status);
      if (status === 410 || GONE.has(reason)) return { status: 'gone' };
      if (LATER_STATUS.has(status) || reason === 'ExpiredProviderToken') return { status: 'retry', code: reason || `http.${status}` };
      return { status: 'refused', code: reason || `http.${status}` };
    },
    async close() {
      await provider.shutdown();
    },
  };
}
