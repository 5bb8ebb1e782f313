import { UPDATE_CHECK_INTERVAL_MS } from '@spotlist/contracts';
import { listenForNotificationClicks } from './notification-clicks';
import { authStore } from './auth-store';

/** A renewed push subscription recorded for the logged-in user (lib/push.ts, loaded only then). */
function refreshPushSubscription(): void {
  void import('./push')
    .then((push) => push.refreshWebPushSubscription(authStore.getState().stored !== null))
    .catch((error: unknown) => console.warn('push subscription not refreshed', error));
}

/**
 * SPEC §4 updates: the service worker is registered only when enabled in the build config
 * (VITE_PWA, see vite.config.ts) and supported by the browser, once the page has loaded; a new version is activated
 * automatically (registerType autoUpdate: the new worker takes over and the page reloads);
 * an update check runs every 300000 ms. SPEC §8 console logs.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!__PWA_ENABLED__ || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listenForNotificationClicks(navigator.serviceWorker, refreshPushSubscription);
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    // at the window's load event, not during start-up (docs/decisions/0019)
    immediate: false,
    onRegisteredSW(_url, registration) {
      console.log('service worker installed');
      if (!registration) return;
      // a subscription the browser renewed while no window of the app was open
      refreshPushSubscription();
      setInterval(() => {
        if (registration.installing || navigator.onLine === false) return;
        registration.update().catch((error: unknown) => console.warn('service worker update check failed', error));
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('service worker installation error', error);
    },
  });
}
