import {
  listResponseSchema,
  PushConfigSchema,
  PushDeviceViewSchema,
  type PushConfig,
  type PushDeviceInput,
  type PushDeviceView,
  type PushPlatform,
} from '@spotlist/contracts';
import { api } from './api-client';
import { appEvents } from './events';
import { nativePlatform } from './platform';
import { local, STORAGE_KEYS } from './storage';

/**
 * Push notifications on this device (SPEC §3 push device, §4 push token lifecycle, §7): Web Push
 * through the service worker's PushManager in a browser, FCM/APNs through lib/native/push.ts in
 * the shells. Push stays off until the user turns it on in the settings: nothing here asks for
 * the permission by itself. "On" is this install's choice (the permission and the subscription
 * belong to the browser or app, not to the account), kept under `spotlist.pushEnabled`.
 *
 * Lifecycle (SPEC §4): at login, when push is on here and a token exists, the device record is
 * looked up by its token and created only when there is none; logout sends the device in its body
 * (the server deletes it) and `push-device-deleted` fires either way. Loaded lazily (lib/auth.tsx,
 * the settings page): the first bundle carries none of it.
 */

/** Why push cannot be used here (the settings switch is disabled and says so). */
export type PushUnavailable =
  /** The browser has no Push API (e.g. Safari on iOS outside an app added to the home screen). */
  | 'no-push-api'
  /** This build has no service worker (VITE_PWA off, the development server). */
  | 'no-service-worker';

export type PushPermission = 'granted' | 'denied' | 'prompt';

/** Thrown by enablePush when the user (or the browser's settings) refused notifications. */
export class PushDeniedError extends Error {
  constructor() {
    super('notification permission denied');
    this.name = 'PushDeniedError';
  }
}

const native = () => nativePlatform() !== 'web';
const loadNative = () => import('./native/push');
/** vite.config.ts defines it; the unit tests set it as a global. */
const serviceWorkerBuilt = () => typeof __PWA_ENABLED__ !== 'undefined' && __PWA_ENABLED__;

export function pushUnavailable(): PushUnavailable | null {
  if (native()) return null;
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator))
    return 'no-push-api';
  return serviceWorkerBuilt() ? null : 'no-service-worker';
}

export async function pushPermission(): Promise<PushPermission> {
  if (native()) return (await loadNative()).nativePushPermission();
  if (typeof Notification === 'undefined') return 'denied';
  return Notification.permission === 'default' ? 'prompt' : Notification.permission;
}

export const pushPlatform = (): PushPlatform => nativePlatform();

/** This install's id (SPEC §3 deviceId): made once, kept across logins and users. */
export function pushDeviceId(): string {
  let id = local.get(STORAGE_KEYS.pushDeviceId);
  if (!id) {
    id = crypto.randomUUID();
    local.set(STORAGE_KEYS.pushDeviceId, id);
  }
  return id;
}

export const isPushEnabledHere = (): boolean => local.get(STORAGE_KEYS.pushEnabled) === 'true';

/** What the browser or app calls itself in the device list ("Chrome · Android"). */
export function deviceLabel(userAgent: string = navigator.userAgent, platform: PushPlatform = pushPlatform()): string {
  if (platform === 'ios') return 'Spotlist · iOS';
  if (platform === 'android') return 'Spotlist · Android';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Web';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} · ${os}` : browser;
}

// --- requests (SPEC §7 push devices) ---

/** GET /api/pushconfig (public): the VAPID key to subscribe with. */
export const getPushConfig = (): Promise<PushConfig> => api.request('/pushconfig', { schema: PushConfigSchema });

const DeviceListSchema = listResponseSchema(PushDeviceViewSchema);

/** GET /api/pushdevice/list?f.pushdevicetoken=… (only one's own devices). */
export async function findPushDevices(token: string): Promise<PushDeviceView[]> {
  const answer = await api.request('/pushdevice/list', { query: { 'f.pushdevicetoken': token }, schema: DeviceListSchema });
  return answer.list;
}

/** POST /api/pushdevice/ (the server answers the existing record when there is one). */
export const createPushDevice = (body: PushDeviceInput): Promise<PushDeviceView> =>
  api.request('/pushdevice/', { method: 'POST', body, schema: PushDeviceViewSchema });

/** DELETE /api/pushdevice/delete/{id}. */
export const deletePushDevice = (id: number): Promise<unknown> => api.request(`/pushdevice/delete/${id}`, { method: 'DELETE' });

// --- the token ---

const SERVICE_WORKER_WAIT_MS = 15_000;

/** The service worker's registration (lib/pwa.ts registers it at the page's load event). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no service worker became active')), SERVICE_WORKER_WAIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** base64url (the VAPID key of /api/pushconfig) → bytes for applicationServerKey. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/** SPEC §3 token: the subscription as JSON (web), the FCM/APNs token (native); null when there is none. */
export async function currentPushToken(): Promise<string | null> {
  if (native()) return local.get(STORAGE_KEYS.pushToken);
  if (pushUnavailable()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? JSON.stringify(subscription.toJSON()) : null;
}

/** Asks for the permission when it was never asked and subscribes (userVisibleOnly, the server's VAPID key). */
async function subscribeWeb(): Promise<string> {
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission !== 'granted') throw new PushDeniedError();
  const [registration, config] = await Promise.all([serviceWorker(), getPushConfig()]);
  const key = base64UrlBytes(config.webPushPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // a subscription made with another key (the server's VAPID keys changed) cannot be sent to
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return JSON.stringify(subscription.toJSON());
}

async function subscribeNative(): Promise<string> {
  const nativePush = await loadNative();
  try {
    const token = await nativePush.registerNativePush();
    local.set(STORAGE_KEYS.pushToken, token);
    return token;
  } catch (error) {
    if (error instanceof nativePush.NativePushDenied) throw new PushDeniedError();
    throw error;
  }
}

const deviceInput = (token: string): PushDeviceInput => ({
  token,
  platform: pushPlatform(),
  deviceId: pushDeviceId(),
  label: deviceLabel(),
});

/** The record of `token` for the logged-in user, created when absent (SPEC §4). */
async function ensureDevice(token: string): Promise<PushDeviceView> {
  const existing = (await findPushDevices(token)).find((d) => d.token === token);
  return existing ?? createPushDevice(deviceInput(token));
}

// --- what the settings and the session call ---

/**
 * The settings switch turned on (a user's gesture: the browser's permission prompt needs one):
 * permission, subscription, and this device's record for the logged-in user. Push counts as on
 * only when all of that worked. Throws PushDeniedError when notifications are blocked.
 */
export async function enablePush(): Promise<PushDeviceView> {
  const unavailable = pushUnavailable();
  if (unavailable) throw new Error(`push unavailable: ${unavailable}`);
  const token = native() ? await subscribeNative() : await subscribeWeb();
  const device = await ensureDevice(token);
  local.set(STORAGE_KEYS.pushEnabled, 'true');
  // the web subscription as recorded, to see when the browser renews it (refreshWebPushSubscription)
  if (!native()) local.set(STORAGE_KEYS.pushToken, token);
  return device;
}

/**
 * The settings switch turned off: this device's records are deleted, then the subscription
 * (web) or registration (native) ends, so nothing reaches this install even from a record the
 * server kept. Push is off here afterwards even when the server could not be told.
 */
export async function disablePush(): Promise<void> {
  local.remove(STORAGE_KEYS.pushEnabled);
  const token = await currentPushToken();
  if (!token) return;
  try {
    for (const device of await findPushDevices(token)) await deletePushDevice(device.id);
  } finally {
    local.remove(STORAGE_KEYS.pushToken);
    if (native()) await (await loadNative()).unregisterNativePush();
    else await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription().then((s) => s?.unsubscribe());
  }
}

/**
 * SPEC §4, at login: only when push is on here and a token exists, and only when no record of
 * this token exists yet. Resolves with the record created, or null when none was.
 */
export async function registerPushDeviceAtLogin(): Promise<PushDeviceView | null> {
  if (!isPushEnabledHere()) return null;
  const token = await currentPushToken();
  if (!token) return null;
  const existing = (await findPushDevices(token)).find((d) => d.token === token);
  return existing ? null : createPushDevice(deviceInput(token));
}

/**
 * Native only, at app start: FCM and APNs may hand out a new token at any time, and only a
 * registration tells it. When push is on here and allowed, the app registers again; a token that
 * changed replaces the old one's record (for the logged-in user). Resolves with the current token.
 */
export async function refreshNativePushToken(loggedIn: boolean): Promise<string | null> {
  if (!native() || !isPushEnabledHere() || (await pushPermission()) !== 'granted') return null;
  const previous = local.get(STORAGE_KEYS.pushToken);
  const token = await subscribeNative();
  if (loggedIn && token !== previous) {
    if (previous) for (const device of await findPushDevices(previous)) await deletePushDevice(device.id);
    await ensureDevice(token);
  }
  return token;
}

/**
 * Web only, at start and when the service worker says the browser renewed the subscription
 * (`pushsubscriptionchange`): when push is on here and allowed, the current subscription (made
 * anew without a prompt if the browser dropped it) replaces the one recorded, for the logged-in
 * user. Resolves with the current token, or null when push is not on here.
 */
export async function refreshWebPushSubscription(loggedIn: boolean): Promise<string | null> {
  if (native() || pushUnavailable() || !isPushEnabledHere() || Notification.permission !== 'granted') return null;
  const previous = local.get(STORAGE_KEYS.pushToken);
  const token = await subscribeWeb();
  local.set(STORAGE_KEYS.pushToken, token);
  if (loggedIn && token !== previous) {
    if (previous) for (const device of await findPushDevices(previous)) await deletePushDevice(device.id);
    await ensureDevice(token);
  }
  return token;
}

/** SPEC §7: the logout body, this install's device ({} when push was never set up here). */
export async function logoutPushDevice(): Promise<Pick<PushDeviceInput, 'token' | 'platform' | 'deviceId'> | Record<string, never>> {
  const token = await currentPushToken().catch(() => null);
  return token ? { token, platform: pushPlatform(), deviceId: pushDeviceId() } : {};
}

/** SPEC §4: after logout the deleted event fires, also when there was no device. */
export function pushDeviceDeleted(body: { token?: string }): void {
  appEvents.emit('push-device-deleted', { deviceId: pushDeviceId(), token: body.token ?? null });
}
