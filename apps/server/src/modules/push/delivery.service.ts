import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { pushDevices } from '../../platform/db/schema/index.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { JobRun } from '../../platform/jobs/define-job.ts';
import type { WebPushClient } from '../../integrations/webpush/client.ts';
import type { FcmClient, FcmResult } from '../../integrations/fcm/client.ts';
import type { ApnsClient, ApnsResult } from '../../integrations/apns/client.ts';
import { parseSubscription, platformKey } from './devices.service.ts';
import { jobIdOf, pushDeliver, type DeliverPayload } from './push.jobs.ts';

/** Retries after a 429/5xx before the notice is given up (about a day with the backoff's cap). */
export const MAX_PUSH_RETRIES = 10;

/** The wait before retry `n` (0-based) when the push service gave no Retry-After: 5 s doubling, at most an hour, ±20 %. */
export function backoffSeconds(n: number): number {
  const base = Math.min(3600, 5 * 2 ** n);
  return Math.max(1, Math.round(base * (0.8 + Math.random() * 0.4)));
}

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  /** The Web Push client (made once the VAPID keys are read). */
  webPush: () => Promise<WebPushClient>;
  /** Android. Undefined: FCM_SERVICE_ACCOUNT is not set. */
  fcm: FcmClient | undefined;
  /** iOS. Undefined: APNS_* is not set. */
  apns: ApnsClient | undefined;
  /** Called with each delivery the push service accepted (the benchmark's and tests' hook; logs otherwise). */
  onDelivered?: (p: DeliverPayload, latencyMs: number | null) => void;
}

/** What became of one notice to one device. */
export type DeliveryOutcome = 'sent' | 'gone' | 'deferred' | 'refused';

type Device = typeof pushDevices.$inferSelect;

/** One notice to one device, sent at once by the job that composed it (`deliverNow`). */
export interface DeliveryItem {
  device: Device;
  payload: DeliverPayload;
  /** Names the notice: the id of a retry job follows from it and the device. */
  key: string;
}

/** Notices sent at the same time by one composing job (HTTP keep-alive connections to the push service). */
export const DELIVERY_CONCURRENCY = 32;

/** A device's "last used" is written again after this long (not once per notice). */
const LAST_USED_EVERY_MS = 10 * 60 * 1000;

/** Sends notices to devices (push.jobs pushDeliver for one queued notice, deliverNow for a composed batch). */
export function deliveryService(deps: DeliveryDeps) {
  const { db, jobs } = deps;

  const record = (deviceId: number, tokenHash: string, error: string | null) =>
    db
      .update(pushDevices)
      .set(error === null ? { lastUsedAt: new Date(), lastError: null, lastErrorAt: null } : { lastError: error, lastErrorAt: new Date() })
      .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.tokenHash, tokenHash)));

  /** Whether a delivery that went through should write the device's "last used" (stale, or clearing an error). */
  const stale = (d: Device) => d.lastError !== null || d.lastUsedAt === null || Date.now() - d.lastUsedAt.getTime() > LAST_USED_EVERY_MS;

  /** The push service says the subscription is gone: the device goes, unless it registered a new one meanwhile. */
  const forget = (deviceId: number, tokenHash: string) =>
    db.delete(pushDevices).where(and(eq(pushDevices.id, deviceId), eq(pushDevices.tokenHash, tokenHash)));

  /** Sent again later as a job of its own; its id follows from `key`, so a rerun queues it once. */
  async function later(p: DeliverPayload, key: string, log: JobRun['log'], retryAfter: number | null, why: string): Promise<void> {
    if (p.retries >= MAX_PUSH_RETRIES) {
      log.warn({ deviceId: p.deviceId, why, retries: p.retries }, 'push notice given up after its retries');
      return;
    }
    const delaySeconds = retryAfter !== null ? Math.min(Math.max(retryAfter, 1), 24 * 3600) : backoffSeconds(p.retries);
    await jobs.send(pushDeliver, { ...p, retries: p.retries + 1 }, { delaySeconds, id: jobIdOf(`${key}:retry`) });
    log.info({ deviceId: p.deviceId, why, delaySeconds }, 'push notice deferred');
  }

  /**
   * One notice to one device. A network error throws (the caller decides: a job is retried by the
   * queue, a batch defers that one device). "Last used" is written here unless `touched` collects it.
   */
  async function sendTo(device: Device, p: DeliverPayload, key: string, log: JobRun['log'], touched?: number[]): Promise<DeliveryOutcome> {
    const succeeded = async () => {
      if (stale(device)) {
        if (touched) touched.push(device.id);
        else await record(device.id, device.tokenHash, null);
      }
      deps.onDelivered?.(p, p.at ? Date.now() - p.at : null);
      return 'sent' as const;
    };
    const platform = platformKey(device.platform);
    if (platform !== 'web') {
      // Android: an FCM registration token; iOS: an APNs device token (what @capacitor/push-notifications gives)
      const via = platform === 'ios' ? 'apns' : 'fcm';
      let r: FcmResult | ApnsResult;
      if (via === 'apns' && deps.apns) {
        r = await deps.apns.send(device.token, p.payload, {
          ttlSeconds: p.ttl,
          high: p.urgency === 'high',
          collapseId: p.topic ?? p.payload.tag,
        });
      } else if (via === 'fcm' && deps.fcm) {
        r = await deps.fcm.send(device.token, p.payload, {
          ttlSeconds: p.ttl,
          high: p.urgency === 'high',
          collapseKey: p.topic ?? p.payload.tag,
        });
      } else {
        // stored, never pretended to: the device shows why nothing arrives (README "Native")
        const why = `${via}.notconfigured`;
        if (device.lastError !== why) await record(device.id, device.tokenHash, why);
        log.info({ deviceId: device.id, via }, 'push to a native device not sent: its service is not configured');
        return 'refused';
      }
      if (r.status === 'sent') return succeeded();
      if (r.status === 'gone') {
        await forget(device.id, device.tokenHash);
        return 'gone';
      }
      if (r.status === 'retry') {
        await later(p, key, log, null, `${via}.${r.code}`);
        return 'deferred';
      }
      await record(device.id, device.tokenHash, `${via}.${r.code}`);
      log.warn({ deviceId: device.id, via, code: r.code }, 'the push service refused the notice');
      return 'refused';
    }
    const sub = parseSubscription(device.token);
    if (!sub) {
      await forget(device.id, device.tokenHash);
      return 'gone';
    }
    let res;
    try {
      res = await (await deps.webPush()).send(sub, JSON.stringify(p.payload), { ttl: p.ttl, urgency: p.urgency, topic: p.topic });
    } catch (err) {
      if ((err as { code?: string }).code === 'EPRIVATE') {
        await record(device.id, device.tokenHash, 'endpoint.private');
        log.warn({ deviceId: device.id }, 'push endpoint resolves to a private address: not sent');
        return 'refused';
      }
      throw err;
    }
    const s = res.statusCode;
    if (s >= 200 && s < 300) return succeeded();
    if (s === 404 || s === 410) {
      await forget(device.id, device.tokenHash);
      log.info({ deviceId: device.id, status: s }, 'push subscription gone: device deleted');
      return 'gone';
    }
    if (s === 429 || s >= 500) {
      await later(p, key, log, res.retryAfterSeconds, `http.${s}`);
      return 'deferred';
    }
    await record(device.id, device.tokenHash, `http.${s}`);
    log.warn({ deviceId: device.id, status: s, body: res.body.slice(0, 500) }, 'push service refused the notice');
    return 'refused';
  }

  return {
    /**
     * One queued notice (a test notice, a retry). 201: done; 404/410: the device is deleted;
     * 429/5xx: a new job, delayed by Retry-After or the backoff; another 4xx: recorded on the
     * device, not retried; a network error throws: the queue retries.
     */
    async deliver(p: DeliverPayload, run: JobRun): Promise<void> {
      const [device] = await db.select().from(pushDevices).where(eq(pushDevices.id, p.deviceId));
      // deleted meanwhile (logout, removal, a 410): nothing to do
      if (!device) return;
      await sendTo(device, p, run.jobId, run.log);
    },

    /**
     * Composed notices sent now, DELIVERY_CONCURRENCY at a time, by the job that composed them
     * (no job per notice: the queue's own writes were most of a notice's cost). A device the push
     * service cannot take now, or cannot be reached, gets a push.deliver job of its own.
     */
    async deliverNow(items: DeliveryItem[], log: JobRun['log']): Promise<Map<DeliveryItem, DeliveryOutcome>> {
      const outcomes = new Map<DeliveryItem, DeliveryOutcome>();
      const touched: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const item = items[next++]!;
          try {
            outcomes.set(item, await sendTo(item.device, item.payload, item.key, log, touched));
          } catch (err) {
            log.warn({ err, deviceId: item.device.id }, 'push service not reached: the notice is sent again later');
            await later(item.payload, item.key, log, null, 'network');
            outcomes.set(item, 'deferred');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, items.length) }, worker));
      if (touched.length > 0) {
        await db
          .update(pushDevices)
          .set({ lastUsedAt: new Date(), lastError: null, lastErrorAt: null })
          .where(inArray(pushDevices.id, touched));
      }
      return outcomes;
    },
  };
}
export type DeliveryService = ReturnType<typeof deliveryService>;
