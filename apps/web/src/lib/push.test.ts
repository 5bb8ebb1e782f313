import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeLoggedInUser, makeUser, setXsrfCookie } from '../test/fixtures';
import { deviceList, installFakeWebPush, makePushDevice, makeSubscription, tokenOf, VAPID_KEY, type FakeWebPush } from '../test/fake-push';
import { server } from '../test/server';
import { logout, startSession } from './auth';
import { authStore } from './auth-store';
import { appEvents } from './events';
import {
  base64UrlBytes,
  deviceLabel,
  disablePush,
  enablePush,
  isPushEnabledHere,
  PushDeniedError,
  pushDeviceId,
  pushUnavailable,
  refreshWebPushSubscription,
  registerPushDeviceAtLogin,
} from './push';
import { local, STORAGE_KEYS } from './storage';

let push: FakeWebPush | undefined;
afterEach(() => {
  push?.uninstall();
  push = undefined;
});

/** The device requests the server got: lookups by token, creations, deletions. */
function deviceServer(existing: ReturnType<typeof makePushDevice>[] = []) {
  const seen = { lookups: [] as (string | null)[], created: [] as unknown[], deleted: [] as string[] };
  server.use(
    http.get('/api/pushconfig', () => HttpResponse.json({ webPushPublicKey: VAPID_KEY, nativeDelivery: { android: false, ios: false } })),
    http.get('/api/pushdevice/list', ({ request }) => {
      const token = new URL(request.url).searchParams.get('f.pushdevicetoken');
      seen.lookups.push(token);
      return HttpResponse.json(deviceList(existing.filter((d) => d.token === token)));
    }),
    http.post('/api/pushdevice/', async ({ request }) => {
      const body = (await request.json()) as { token: string; platform: 'web'; deviceId: string; label: string };
      seen.created.push(body);
      return HttpResponse.json(makePushDevice({ id: 9, ...body }), { status: 201 });
    }),
    http.delete('/api/pushdevice/delete/:id', ({ params }) => {
      seen.deleted.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

describe('push: where it can work', () => {
  it('says the browser has no Push API, or the build no service worker', () => {
    expect(pushUnavailable()).toBe('no-push-api');
    push = installFakeWebPush({ serviceWorkerBuilt: false });
    expect(pushUnavailable()).toBe('no-service-worker');
    push.uninstall();
    push = installFakeWebPush();
    expect(pushUnavailable()).toBeNull();
  });

  it('keeps one device id per install, across users', () => {
    const id = pushDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    authStore.clear('logout');
    expect(pushDeviceId()).toBe(id);
    expect(local.get(STORAGE_KEYS.pushDeviceId)).toBe(id);
  });

  it('labels the browser and system', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(deviceLabel(android, 'web')).toBe('Chrome · Android');
    expect(deviceLabel(mac, 'web')).toBe('Safari · macOS');
    expect(deviceLabel(android, 'android')).toBe('Spotlist · Android');
  });

  it('decodes the VAPID key (base64url) to its 65 bytes', () => {
    const bytes = base64UrlBytes(VAPID_KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('push: turning it on and off here', () => {
  it('asks for the permission only when turned on, subscribes with the VAPID key and stores the device', async () => {
    push = installFakeWebPush();
    const seen = deviceServer();
    storeLoggedInUser();
    expect(push.notification.requestPermission).not.toHaveBeenCalled();

    const device = await enablePush();
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    const options = push.pushManager.subscribe.mock.calls[0]![0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...base64UrlBytes(VAPID_KEY)]);
    const token = tokenOf(push.current()!);
    expect(seen.created).toEqual([{ token, platform: 'web', deviceId: pushDeviceId(), label: expect.any(String) }]);
    expect(device.id).toBe(9);
    expect(isPushEnabledHere()).toBe(true);
  });

  it('stays off when notifications are refused', async () => {
    push = installFakeWebPush({ answer: 'denied' });
    const seen = deviceServer();
    await expect(enablePush()).rejects.toBeInstanceOf(PushDeniedError);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(seen.created).toEqual([]);
    expect(isPushEnabledHere()).toBe(false);
  });

  it('replaces a subscription made with another server key', async () => {
    const old = makeSubscription('https://push.example/send/old', new Uint8Array([4, 1, 2]).buffer);
    push = installFakeWebPush({ permission: 'granted', subscription: old });
    deviceServer();
    await enablePush();
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(push.current()?.endpoint).toBe('https://push.example/send/new');
  });

  it('turned off: deletes this device on the server and ends the subscription', async () => {
    const subscription = makeSubscription();
    push = installFakeWebPush({ permission: 'granted', subscription });
    const seen = deviceServer([makePushDevice({ id: 4, token: tokenOf(subscription) })]);
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    await disablePush();
    expect(seen.deleted).toEqual(['4']);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(isPushEnabledHere()).toBe(false);
  });
});

describe('push: a subscription the browser renewed', () => {
  it('replaces the recorded one: the old device goes, the new subscription is recorded', async () => {
    // push on here with a subscription the browser has since dropped (pushsubscriptionchange)
    push = installFakeWebPush({ permission: 'granted' });
    storeLoggedInUser();
    const old = tokenOf(makeSubscription('https://push.example/send/old'));
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    local.set(STORAGE_KEYS.pushToken, old);
    const seen = deviceServer([makePushDevice({ id: 4, token: old })]);
    const token = await refreshWebPushSubscription(true);
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
    expect(token).toBe(tokenOf(push.current()!));
    expect(token).not.toBe(old);
    expect(seen.deleted).toEqual(['4']);
    expect(seen.created).toEqual([expect.objectContaining({ token, platform: 'web', deviceId: pushDeviceId() })]);
    expect(local.get(STORAGE_KEYS.pushToken)).toBe(token);
  });

  it('does nothing when the subscription is the one recorded, push is off here, or notifications are blocked', async () => {
    push = installFakeWebPush();
    storeLoggedInUser();
    deviceServer();
    await enablePush();
    expect(local.get(STORAGE_KEYS.pushToken)).toBe(tokenOf(push.current()!));
    const seen = deviceServer();
    expect(await refreshWebPushSubscription(true)).toBe(tokenOf(push.current()!));
    expect([seen.created, seen.deleted]).toEqual([[], []]);
    push.notification.permission = 'denied';
    expect(await refreshWebPushSubscription(true)).toBeNull();
    push.notification.permission = 'granted';
    local.remove(STORAGE_KEYS.pushEnabled);
    expect(await refreshWebPushSubscription(true)).toBeNull();
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce();
  });
});

/** Logs out as a logged-in user, with the logout call answered by `answer`: the body sent and the deleted events heard. */
async function loggingOut(answer: 'ok' | 'network-error' = 'ok') {
  storeLoggedInUser();
  setXsrfCookie();
  const seen = { body: undefined as unknown, deleted: vi.fn<(e: { deviceId: string; token: string | null }) => void>() };
  server.use(
    http.post('/api/logout', async ({ request }) => {
      if (answer === 'network-error') return HttpResponse.error();
      seen.body = await request.json();
      return HttpResponse.json({ ok: true });
    }),
  );
  const off = appEvents.on('push-device-deleted', seen.deleted);
  await logout();
  off();
  return seen;
}

describe('push: SPEC §4 lifecycle', () => {
  it('at login creates the record only when push is on here, a token exists and none matches', async () => {
    const subscription = makeSubscription();
    push = installFakeWebPush({ permission: 'granted', subscription });
    const token = tokenOf(subscription);

    // push off here: nothing asked, nothing created
    let seen = deviceServer();
    expect(await registerPushDeviceAtLogin()).toBeNull();
    expect(seen.lookups).toEqual([]);

    // on, and the record exists: looked up by its token, not created again
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    seen = deviceServer([makePushDevice({ token })]);
    expect(await registerPushDeviceAtLogin()).toBeNull();
    expect(seen.lookups).toEqual([token]);
    expect(seen.created).toEqual([]);

    // on, and absent: created
    seen = deviceServer();
    expect(await registerPushDeviceAtLogin()).toMatchObject({ id: 9, token });
    expect(seen.created).toEqual([{ token, platform: 'web', deviceId: pushDeviceId(), label: expect.any(String) }]);
  });

  it('at login creates nothing when push is on here but no token exists', async () => {
    push = installFakeWebPush({ permission: 'granted', subscription: null });
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    const seen = deviceServer();
    expect(await registerPushDeviceAtLogin()).toBeNull();
    expect(seen.lookups).toEqual([]);
  });

  it('a session that starts (login) registers the device in the background', async () => {
    const subscription = makeSubscription();
    push = installFakeWebPush({ permission: 'granted', subscription });
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    const seen = deviceServer();
    startSession(makeUser({ authtoken: 'token-1' }));
    await vi.waitFor(() => expect(seen.created).toEqual([expect.objectContaining({ token: tokenOf(subscription), platform: 'web' })]));
  });

  it('logout sends this device in its body, and the deleted event fires', async () => {
    const subscription = makeSubscription();
    push = installFakeWebPush({ permission: 'granted', subscription });
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    const { body, deleted } = await loggingOut();
    expect(body).toEqual({ token: tokenOf(subscription), platform: 'web', deviceId: pushDeviceId() });
    expect(deleted).toHaveBeenCalledWith({ deviceId: pushDeviceId(), token: tokenOf(subscription) });
    expect(authStore.getState().stored).toBeNull();
    // the subscription stays: the next login on this device brings the record back
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('logout without any push device sends an empty body and still fires the deleted event', async () => {
    const { body, deleted } = await loggingOut();
    expect(body).toEqual({});
    expect(deleted).toHaveBeenCalledWith({ deviceId: pushDeviceId(), token: null });
  });

  it('logout that fails still ends the session and fires the deleted event', async () => {
    const { deleted } = await loggingOut('network-error');
    expect(authStore.getState().stored).toBeNull();
    expect(deleted).toHaveBeenCalledOnce();
  });
});
