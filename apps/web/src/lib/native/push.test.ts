import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceList, makePushDevice } from '../../test/fake-push';
import { storeLoggedInUser } from '../../test/fixtures';
import { server } from '../../test/server';
import { appEvents } from '../events';
import {
  disablePush,
  enablePush,
  isPushEnabledHere,
  logoutPushDevice,
  pushDeviceId,
  pushPermission,
  pushUnavailable,
  PushDeniedError,
  refreshNativePushToken,
} from '../push';
import { local, STORAGE_KEYS } from '../storage';
import { notificationPath, startPushTaps } from './push';

type Listener = (event: unknown) => void;

/** @capacitor/push-notifications as the shells answer: a permission, register → a 'registration' event. */
const plugin = vi.hoisted(() => {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    permission: 'prompt' as string,
    answer: 'granted' as string,
    registration: { value: 'fcm-token-1' } as { value: string } | { error: string },
    checkPermissions: vi.fn(async () => ({ receive: plugin.permission })),
    requestPermissions: vi.fn(async () => {
      plugin.permission = plugin.answer;
      return { receive: plugin.answer };
    }),
    register: vi.fn(async () => {
      const r = plugin.registration;
      setTimeout(() => ('value' in r ? listeners.get('registration')?.(r) : listeners.get('registrationError')?.(r)));
    }),
    unregister: vi.fn(async () => undefined),
    addListener: vi.fn(async (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return { remove: async () => void listeners.delete(name) };
    }),
  };
});
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin }));

beforeEach(() => {
  plugin.permission = 'prompt';
  plugin.answer = 'granted';
  plugin.registration = { value: 'fcm-token-1' };
  plugin.listeners.clear();
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
});
afterEach(() => vi.unstubAllGlobals());

describe('native push (Android / iOS shells)', () => {
  it('is available without a service worker; the permission is the plugin’s', async () => {
    expect(pushUnavailable()).toBeNull();
    expect(await pushPermission()).toBe('prompt');
    plugin.permission = 'denied';
    expect(await pushPermission()).toBe('denied');
  });

  it('turned on: asks, registers and stores the token as an android device', async () => {
    storeLoggedInUser();
    const created: unknown[] = [];
    server.use(
      http.get('/api/pushdevice/list', () => HttpResponse.json(deviceList([]))),
      http.post('/api/pushdevice/', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        created.push(body);
        return HttpResponse.json(makePushDevice({ id: 3, ...body, platform: 'android' }), { status: 201 });
      }),
    );
    await enablePush();
    expect(plugin.requestPermissions).toHaveBeenCalledOnce();
    expect(created).toEqual([{ token: 'fcm-token-1', platform: 'android', deviceId: pushDeviceId(), label: 'Spotlist · Android' }]);
    expect(local.get(STORAGE_KEYS.pushToken)).toBe('fcm-token-1');
    expect(isPushEnabledHere()).toBe(true);
    // the registration's listeners are gone once it answered
    expect(plugin.listeners.size).toBe(0);
    expect(await logoutPushDevice()).toEqual({ token: 'fcm-token-1', platform: 'android', deviceId: pushDeviceId() });
  });

  it('refused: stays off and registers nothing', async () => {
    plugin.answer = 'denied';
    await expect(enablePush()).rejects.toBeInstanceOf(PushDeniedError);
    expect(plugin.register).not.toHaveBeenCalled();
    expect(isPushEnabledHere()).toBe(false);
  });

  it('a failed registration (no Play services, offline) is an error, not "on"', async () => {
    plugin.registration = { error: 'SERVICE_NOT_AVAILABLE' };
    await expect(enablePush()).rejects.toThrow('SERVICE_NOT_AVAILABLE');
    expect(isPushEnabledHere()).toBe(false);
  });

  it('turned off: deletes the record and unregisters', async () => {
    storeLoggedInUser();
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    local.set(STORAGE_KEYS.pushToken, 'fcm-token-1');
    const deleted: string[] = [];
    server.use(
      http.get('/api/pushdevice/list', () =>
        HttpResponse.json(deviceList([makePushDevice({ id: 6, token: 'fcm-token-1', platform: 'android' })])),
      ),
      http.delete('/api/pushdevice/delete/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    await disablePush();
    expect(deleted).toEqual(['6']);
    expect(plugin.unregister).toHaveBeenCalledOnce();
    expect(local.get(STORAGE_KEYS.pushToken)).toBeNull();
  });

  it('at start re-registers when push is on here: a changed token replaces the old record', async () => {
    storeLoggedInUser();
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    local.set(STORAGE_KEYS.pushToken, 'fcm-token-old');
    plugin.permission = 'granted';
    plugin.registration = { value: 'fcm-token-new' };
    const seen = { deleted: [] as string[], created: [] as unknown[] };
    server.use(
      http.get('/api/pushdevice/list', ({ request }) => {
        const token = new URL(request.url).searchParams.get('f.pushdevicetoken');
        return HttpResponse.json(deviceList(token === 'fcm-token-old' ? [makePushDevice({ id: 2, token, platform: 'android' })] : []));
      }),
      http.delete('/api/pushdevice/delete/:id', ({ params }) => {
        seen.deleted.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
      http.post('/api/pushdevice/', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        seen.created.push(body.token);
        return HttpResponse.json(makePushDevice({ id: 3, ...body, platform: 'android' }), { status: 201 });
      }),
    );
    expect(await refreshNativePushToken(true)).toBe('fcm-token-new');
    expect(seen).toEqual({ deleted: ['2'], created: ['fcm-token-new'] });
    expect(local.get(STORAGE_KEYS.pushToken)).toBe('fcm-token-new');

    // the same token again: nothing to change; push off here: not even a registration
    plugin.register.mockClear();
    expect(await refreshNativePushToken(true)).toBe('fcm-token-new');
    expect(seen.created).toHaveLength(1);
    local.remove(STORAGE_KEYS.pushEnabled);
    expect(await refreshNativePushToken(true)).toBeNull();
    expect(plugin.register).toHaveBeenCalledOnce();
  });

  it('a tapped notification opens its app path; other urls are ignored', async () => {
    await startPushTaps();
    const tap = (url: unknown) =>
      plugin.listeners.get('pushNotificationActionPerformed')!({ actionId: 'tap', notification: { data: { url } } });
    // before the router is mounted (the tap that started the app): the address becomes the first page
    tap('/messages/12');
    expect(window.location.pathname).toBe('/messages/12');

    const outlet = document.createElement('div');
    outlet.id = 'main-content';
    document.body.append(outlet);
    const shown = vi.fn();
    const off = appEvents.on('deep-link', shown);
    tap('/people/connections');
    tap('https://evil.example/x');
    tap('//evil.example/x');
    off();
    outlet.remove();
    expect(shown.mock.calls).toEqual([[{ path: '/people/connections' }]]);
    expect(notificationPath({ url: 42 })).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
