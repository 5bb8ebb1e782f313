import type { PushDeviceView } from '@spotlist/contracts';
import { vi } from 'vitest';

/**
 * The browser's push stack as lib/push.ts uses it (jsdom has none): Notification's permission
 * and prompt, a service worker registration whose PushManager subscribes, and the build's
 * service worker flag. `uninstall()` puts jsdom back as it was.
 */
export interface FakeWebPush {
  notification: { permission: NotificationPermission; requestPermission: ReturnType<typeof vi.fn> };
  pushManager: { getSubscription: ReturnType<typeof vi.fn>; subscribe: ReturnType<typeof vi.fn> };
  /** The subscription PushManager holds now (null: none). */
  current: () => FakeSubscription | null;
  uninstall: () => void;
}

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

/** The VAPID public key the tests' /api/pushconfig answers (65 bytes, base64url). */
export const VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

export function makeSubscription(endpoint = 'https://push.example/send/abc', key: ArrayBuffer | null = null): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => {
      if (state.current === subscription) state.current = null;
      return true;
    }),
  };
  return subscription;
}

const state: { current: FakeSubscription | null } = { current: null };

/** The token lib/push.ts stores for a subscription (SPEC §3: the subscription as JSON). */
export const tokenOf = (s: FakeSubscription): string => JSON.stringify(s.toJSON());

export function installFakeWebPush({
  permission = 'default',
  answer = 'granted',
  subscription = null,
  serviceWorkerBuilt = true,
}: {
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
  serviceWorkerBuilt?: boolean;
} = {}): FakeWebPush {
  state.current = subscription;
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => state.current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      const key = options.applicationServerKey as Uint8Array;
      state.current = makeSubscription('https://push.example/send/new', key.slice().buffer);
      return state.current;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('__PWA_ENABLED__', serviceWorkerBuilt);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return {
    notification,
    pushManager,
    current: () => state.current,
    uninstall: () => {
      vi.unstubAllGlobals();
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      state.current = null;
    },
  };
}

/** A device as GET /api/pushdevice/list answers it, with overrides. */
export function makePushDevice(overrides: Partial<PushDeviceView> = {}): PushDeviceView {
  return {
    id: 1,
    token: 'token-1',
    platform: 'web',
    deviceId: 'device-1',
    label: 'Chrome · Linux',
    user: { id: 7 },
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export const deviceList = (list: PushDeviceView[]) => ({ list, total: list.length, pageIndex: 0, pageSize: 100 });
