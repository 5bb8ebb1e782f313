import type { TestApp } from '../test/helpers.ts';
import type { SweepRequest } from './sweep.ts';
import { must, type Actor } from './world.ts';

/** The FCM token of an actor's phone: what no one else may ever read. */
export const pushToken = (a: Actor) => `sweep-fcm-token:${a.label}-phone-${a.id}`;

/**
 * Push devices of the sweep's world: each actor (the bystander too) has a phone (`objects`:
 * what others attack) and a tablet for its own requests (`scratch`). Native devices: the sweep
 * runs without FCM, so a test notice to them records "not configured" and reaches no network.
 */
export async function addPushDevices(t: TestApp, actors: Actor[]): Promise<void> {
  for (const a of actors) {
    const add = async (token: string, deviceId: string) =>
      (
        (
          await must(
            t,
            { method: 'POST', url: '/api/pushdevice/', body: { token, platform: 'android', deviceId }, token: a.token, ip: a.ip },
            201,
          )
        ).json() as { id: number }
      ).id;
    a.objects.pushDevice = await add(pushToken(a), `${a.label}-phone-${a.id}`);
    a.scratch.pushDevice = await add(`sweep-fcm-token:${a.label}-tablet-${a.id}`, `${a.label}-tablet-${a.id}`);
  }
}

/** What the owner reads back: its phone. */
export const pushReads = (a: Actor, mine: (url: string) => SweepRequest): SweepRequest[] =>
  a.objects.pushDevice ? [mine(`/api/pushdevice/${a.objects.pushDevice}`)] : [];

type As = (op: string, rule: 'never' | 'read' | 'own', req: Omit<SweepRequest, 'token' | 'ip'> & { token?: string }) => void;

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
