import fs from 'node:fs';
import type { PushPayload } from '@spotlist/contracts';

/** FCM's answer for one message: sent, the token is gone for good, refused for good, or try later. */
export type FcmResult = { status: 'sent' } | { status: 'gone' } | { status: 'refused'; code: string } | { status: 'retry'; code: string };

export interface FcmClient {
  send(token: string, payload: PushPayload, opts: { ttlSeconds: number; high: boolean; collapseKey: string }): Promise<FcmResult>;
}

/** The service account from FCM_SERVICE_ACCOUNT: its JSON, or the path of its file. Throws a clear error when unreadable. */
export function readServiceAccount(value: string): Record<string, string> {
  const text = value.trim().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  const parsed = JSON.parse(text) as Record<string, string>;
  if (!parsed.project_id || !parsed.client_email || !parsed.private_key) {
    throw new Error('FCM_SERVICE_ACCOUNT: not a service account (project_id, client_email and private_key are needed)');
  }
  return parsed;
}

const NETWORK = /ENOTFOUND|EAI_AGAIN|ECONNRESET|ECONNREFUSED|ETIMEDOUT|socket hang up|network/i;
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
const LATER = new Set([
  'messaging/internal-error',
  'messaging/server-unavailable',
  'messaging/message-rate-exceeded',
  'messaging/device-message-rate-exceeded',
  'messaging/quota-exceeded',
  'app/network-error',
  'app/network-timeout',
]);

/**
 * Native push (ios, android) through FCM HTTP v1 with firebase-admin. The payload travels as
 * `data` (every value a string: the app shows it the way the service worker does) plus a
 * `notification` so the OS shows it while the app is in the background; `collapseKey` / the APNs
 * collapse id replace an older notice of the same conversation. Undefined when not configured.
 */
export async function fcmClient(serviceAccount: string | undefined): Promise<FcmClient | undefined> {
  if (!serviceAccount) return undefined;
  const account = readServiceAccount(serviceAccount);
  const { initializeApp, cert, getApps } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const name = `spotlist-push-${account.project_id}`;
  const app =
    getApps().find((a) => a.name === name) ??
    initializeApp(
      { credential: cert({ projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key }) },
      name,
    );
  const messaging = getMessaging(app);
  return {
    async send(token, payload, opts) {
      try {
        await messaging.send({
          token,
          data: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
          notification: payload.silent ? undefined : { title: payload.title, body: payload.body },
          android: { ttl: opts.ttlSeconds * 1000, priority: opts.high ? 'high' : 'normal', collapseKey: opts.collapseKey },
          apns: {
            headers: {
              'apns-expiration': String(Math.floor(Date.now() / 1000) + opts.ttlSeconds),
              'apns-priority': opts.high && !payload.silent ? '10' : '5',
              'apns-collapse-id': opts.collapseKey,
            },
            payload: { aps: payload.silent ? { contentAvailable: true } : { sound: 'default', threadId: payload.tag } },
          },
        });
        return { status: 'sent' };
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'unknown';
        if (GONE.has(code)) return { status: 'gone' };
        if (LATER.has(code)) return { status: 'retry', code };
        // Google's token endpoint out of reach is reported as a credential error: a network fault, not a bad account
        if (code === 'app/invalid-credential' && NETWORK.test(String((err as Error).message)))
          return { status: 'retry', code: 'app/network' };
        return { status: 'refused', code };
      }
    },
  };
}
