import crypto from 'node:crypto';
import type { TestApp } from '../test/helpers.ts';
import type { SweepRequest } from './sweep.ts';
import { must, type Actor, type As } from './world.ts';

/**
 * A browser's subscription at a public push service name (the sweep has no network: its test
 * notices fail to resolve and are retried in the background, reaching nothing).
 */
function webSubscription(name: string): string {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint: `https://push.example.com/sweep/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  });
}

/**
 * A Firebase service account of nobody's project (a fresh key): with it the sweep's server counts
 * FCM as configured, so a test notice to a phone is queued (its delivery fails to get a Google
 * token, offline, and is recorded on the device) instead of answering 503 not configured, which
 * the sweep's every-answer rule would count as a 5xx. The not-configured answer is push.test.ts's.
 */
export function sweepFcmAccount(): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'spotlist-sweep',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: 'sweep@spotlist-sweep.iam.gserviceaccount.com',
  });
}

/**
 * APNs settings of nobody's team (a fresh key) at an address where nothing listens: with them the
 * sweep's server counts iOS delivery as configured (a fuzzed iPhone's test notice is queued and
 * its delivery fails to connect, in the background) instead of answering 503 not configured.
 */
export function sweepApnsConfig(): Record<string, string> {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    APNS_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    APNS_KEY_ID: 'SWEEP00001',
    APNS_TEAM_ID: 'SWEEPTEAM1',
    APNS_BUNDLE_ID: 'app.spotlist.sweep',
    APNS_HOST: '127.0.0.1:9',
  };
}

/** The FCM token of an actor's phone: what no one else may ever read. */
export const pushToken = (a: Actor) => `sweep-fcm-token:${a.label}-phone-${a.id}`;

/**
 * Push devices of the sweep's world: each actor (the bystander too) has a phone (`objects`:
 * what others attack) and a tablet for its own requests (`scratch`). Native devices: the sweep
 * runs without FCM, so a test notice to them records "not configured" and reaches no network.
 */
export async function addPushDevices(t: TestApp, actors: Actor[]): Promise<void> {
  for (const a of actors) {
    const add = async (token: string, platform: string, deviceId: string) =>
      (
        (
          await must(t, { method: 'POST', url: '/api/pushdevice/', body: { token, platform, deviceId }, token: a.token, ip: a.ip }, 201)
        ).json() as { id: number }
      ).id;
    a.objects.pushDevice = await add(pushToken(a), 'android', `${a.label}-phone-${a.id}`);
    // a browser for its own test notices (a native one would answer 503: no FCM in the sweep)
    a.scratch.pushDevice = await add(webSubscription(`${a.label}-${a.id}`), 'web', `${a.label}-browser-${a.id}`);
  }
}

/** What the owner reads back: its phone. */
export const pushReads = (a: Actor, mine: (url: string) => SweepRequest): SweepRequest[] =>
  a.objects.pushDevice ? [mine(`/api/pushdevice/${a.objects.pushDevice}`)] : [];

/** Nobody reads, deletes or tests another's device, or lists it by its owner or its token. */
export function pushAttacks(v: Actor, as: As): void {
  const d = v.objects.pushDevice;
  if (!d) return;
  as('GET /api/pushdevice/{id}', 'never', { method: 'GET', url: `/api/pushdevice/${d}` });
  as('DELETE /api/pushdevice/delete/{id}', 'never', { method: 'DELETE', url: `/api/pushdevice/delete/${d}` });
  as('POST /api/pushdevice/test', 'never', { method: 'POST', url: '/api/pushdevice/test', body: { id: d } });
  // the list answers my own devices only: these read nothing of the victim's (its token is a secret of the matrix)
  as('GET /api/pushdevice/list', 'own', { method: 'GET', url: `/api/pushdevice/list?f.userId=${v.id}` });
  as('GET /api/pushdevice/', 'own', { method: 'GET', url: `/api/pushdevice/?f.pushdevicetoken=${encodeURIComponent(pushToken(v))}` });
  // registering the victim's install as mine moves it (SPEC §4: the same install, another login) —
  // possible only with its install id or token, which only the install holds; aimed here with neither
  for (const url of ['/api/pushdevice/', '/api/pushdevice/add']) {
    as(`POST ${url}`, 'own', {
      method: 'POST',
      url,
      body: { token: `sweep-fcm-token:other-${v.id}`, platform: 'android', deviceId: `not-${v.label}-phone` },
    });
  }
}
