import { authStore } from '../auth-store';
import { restorePersistentKeys } from './preferences';

/**
 * The native shells' start (main.tsx imports this only when lib/platform.ts says native, so a
 * browser never loads it). README.md in this folder has the decisions.
 */
export { startNativeShell } from './shell';

/**
 * Puts back the stored user and the other kept keys the OS cleared from localStorage, before the
 * session check reads them. The auth store read localStorage when its module loaded: it reads again
 * when something came back. Never rejects: the app then starts with what localStorage has.
 */
export async function restoreNativeStorage(): Promise<void> {
  try {
    const restored = await restorePersistentKeys();
    if (restored.length > 0) authStore.reload();
  } catch (error) {
    console.warn('native storage not restored', error);
  }
}

/**
 * After the restore (the push keys and the stored user may have come back): registers for push
 * again when it is on here, so a token FCM/APNs changed replaces the old one (lib/push.ts). Not
 * waited for: a registration may take seconds.
 */
export function startPushTokenRefresh(): void {
  import('../push')
    .then((push) => push.refreshNativePushToken(authStore.getState().stored !== null))
    .catch((error: unknown) => console.warn('native push token not refreshed', error));
}
