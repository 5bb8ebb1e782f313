import type { ActionPerformed, PermissionStatus } from '@capacitor/push-notifications';
import { appEvents } from '../events';

/**
 * Push notifications inside the native shells (@capacitor/push-notifications): Android through
 * FCM, iOS through APNs. lib/push.ts calls these only when lib/platform.ts says native; the
 * plugin loads with the first call, so a browser never downloads it.
 */
const plugin = () => import('@capacitor/push-notifications').then((m) => m.PushNotifications);

export type NativePushPermission = 'granted' | 'denied' | 'prompt';

const permissionOf = (status: PermissionStatus): NativePushPermission =>
  status.receive === 'granted' ? 'granted' : status.receive === 'denied' ? 'denied' : 'prompt';

export async function nativePushPermission(): Promise<NativePushPermission> {
  return permissionOf(await (await plugin()).checkPermissions());
}

/** How long registration may take before it counts as failed (no answer from FCM/APNs: offline, no Play services). */
export const REGISTRATION_TIMEOUT_MS = 20_000;

/**
 * Asks for the permission (Android 13+ and iOS show their dialog once; later a denied permission
 * stays denied until changed in the system settings), registers with FCM/APNs and resolves with
 * the token of the `registration` event. Rejects with 'denied' or the registration's error.
 */
export async function registerNativePush(): Promise<string> {
  const push = await plugin();
  let permission = permissionOf(await push.checkPermissions());
  if (permission === 'prompt') permission = permissionOf(await push.requestPermissions());
  if (permission !== 'granted') throw new NativePushDenied();
  return new Promise<string>((resolve, reject) => {
    const handles = [
      push.addListener('registration', ({ value }) => finish(() => resolve(value))),
      push.addListener('registrationError', ({ error }) => finish(() => reject(new Error(`push registration failed: ${error}`)))),
    ];
    const timer = setTimeout(() => finish(() => reject(new Error('push registration timed out'))), REGISTRATION_TIMEOUT_MS);
    let done = false;
    function finish(settle: () => void) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const handle of handles) void handle.then((h) => h.remove());
      settle();
    }
    push.register().catch((error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))));
  });
}

export class NativePushDenied extends Error {
  constructor() {
    super('push permission denied');
    this.name = 'NativePushDenied';
  }
}

/** Deletes the FCM token (Android) or unregisters from APNs (iOS): nothing reaches this install any more. */
export async function unregisterNativePush(): Promise<void> {
  await (await plugin()).unregister();
}

/** An app path a notification may open ('/messages/12'); anything else (another site, '//host') is ignored. */
export function notificationPath(data: unknown): string | null {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/**
 * A tapped notification opens its page (`data.url`, PushPayloadSchema), as a link of the app's
 * address does (lib/native/shell.ts). The plugin keeps the tap that started the app until this
 * listener is added, which main.tsx does before the first render, and may hand it over after:
 * while the router is not mounted (no page outlet yet) the address is simply replaced and becomes
 * the first page; later the `deep-link` event shows it through the router.
 */
export async function startPushTaps(): Promise<void> {
  await (
    await plugin()
  ).addListener('pushNotificationActionPerformed', ({ notification }: ActionPerformed) => {
    const path = notificationPath(notification.data);
    if (!path) return;
    if (document.getElementById('main-content')) appEvents.emit('deep-link', { path });
    else window.history.replaceState(window.history.state, '', path);
  });
}
