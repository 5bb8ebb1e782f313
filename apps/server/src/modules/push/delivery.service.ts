import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { pushDevices } from '../../platform/db/schema/index.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { JobRun } from '../../platform/jobs/define-job.ts';
import type { WebPushClient } from '../../integrations/webpush/client.ts';
import type { FcmClient } from '../../integrations/fcm/client.ts';
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
  /** Undefined: FCM_SERVICE_ACCOUNT is not set. */
  fcm: FcmClient | undefined;
  /** Called with each delivery the push service accepted (the benchmark's and tests' hook; logs otherwise). */
  onDelivered?: (p: DeliverPayload, latencyMs: number | null) => void;
}

/** Sends one queued notice to one device (push.jobs pushDeliver). */
export function deliveryService(deps: DeliveryDeps) {
  const { db, jobs } = deps;

  const record = (deviceId: number, tokenHash: string, error: string | null) =>
    db
      .update(pushDevices)
      .set(error === null ? { lastUsedAt: new Date(), lastError: null, lastErrorAt: null } : { lastError: error, lastErrorAt: new Date() })
      .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.tokenHash, tokenHash)));

  /** The push service says the subscription is gone: the device goes, unless it registered a new one meanwhile. */
  const forget = (deviceId: number, tokenHash: string) =>
    db.delete(pushDevices).where(and(eq(pushDevices.id, deviceId), eq(pushDevices.tokenHash, tokenHash)));

  async function later(p: DeliverPayload, run: JobRun, retryAfter: number | null, why: string): Promise<void> {
    if (p.retries >= MAX_PUSH_RETRIES) {
      run.log.warn({ deviceId: p.deviceId, why, retries: p.retries }, 'push notice given up after its retries');
      return;
    }
    const delaySeconds = retryAfter !== null ? Math.min(Math.max(retryAfter, 1), 24 * 3600) : backoffSeconds(p.retries);
    // a new job, so the wait is the push service's; its id follows from this one: a rerun queues it once
    await jobs.send(pushDeliver, { ...p, retries: p.retries + 1 }, { delaySeconds, id: jobIdOf(`${run.jobId}:retry`) });
    run.log.info({ deviceId: p.deviceId, why, delaySeconds }, 'push notice deferred by the push service');
  }

  return {
    async deliver(p: DeliverPayload, run: JobRun): Promise<void> {
      const [device] = await db.select().from(pushDevices).where(eq(pushDevices.id, p.deviceId));
      // deleted meanwhile (logout, removal, a 410): nothing to do
      if (!device) return;
      const platform = platformKey(device.platform);
      if (platform !== 'web') {
        if (!deps.fcm) {
          // stored, never pretended to: the device shows why nothing arrives (README "Native")
          await record(device.id, device.tokenHash, 'fcm.notconfigured');
          run.log.info({ deviceId: device.id }, 'push to a native device not sent: FCM is not configured');
          return;
        }
        const r = await deps.fcm.send(device.token, p.payload, {
          ttlSeconds: p.ttl,
          high: p.urgency === 'high',
          collapseKey: p.topic ?? p.payload.tag,
        });
        if (r.status === 'sent') {
          await record(device.id, device.tokenHash, null);
          deps.onDelivered?.(p, p.at ? Date.now() - p.at : null);
        } else if (r.status === 'gone') await forget(device.id, device.tokenHash);
        else if (r.status === 'retry') await later(p, run, null, r.code);
        else {
          await record(device.id, device.tokenHash, `fcm.${r.code}`);
          run.log.warn({ deviceId: device.id, code: r.code }, 'FCM refused the push notice');
        }
        return;
      }
      const sub = parseSubscription(device.token);
      if (!sub) return void (await forget(device.id, device.tokenHash));
      let res;
      try {
        res = await (await deps.webPush()).send(sub, JSON.stringify(p.payload), { ttl: p.ttl, urgency: p.urgency, topic: p.topic });
      } catch (err) {
        if ((err as { code?: string }).code === 'EPRIVATE') {
          await record(device.id, device.tokenHash, 'endpoint.private');
          run.log.warn({ deviceId: device.id }, 'push endpoint resolves to a private address: not sent');
          return;
        }
        throw err;
      }
      const s = res.statusCode;
      if (s >= 200 && s < 300) {
        await record(device.id, device.tokenHash, null);
        deps.onDelivered?.(p, p.at ? Date.now() - p.at : null);
      } else if (s === 404 || s === 410) {
        await forget(device.id, device.tokenHash);
        run.log.info({ deviceId: device.id, status: s }, 'push subscription gone: device deleted');
      } else if (s === 429 || s >= 500) {
        await later(p, run, res.retryAfterSeconds, `http.${s}`);
      } else {
        await record(device.id, device.tokenHash, `http.${s}`);
        run.log.warn({ deviceId: device.id, status: s, body: res.body.slice(0, 500) }, 'push service refused the notice');
      }
    },
  };
}
export type DeliveryService = ReturnType<typeof deliveryService>;
