import './lib/zod-jitless';
import { setupIonicReact } from '@ionic/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
// dark mode follows the system: Ionic's palette first, then our tokens (the brand primary wins)
import '@ionic/react/css/palettes/dark.system.css';
// the global styles, in cascade order (theme/README.md); component styles load with their component
import './theme/tokens.css';
import './theme/base.css';
import './theme/layout.css';
import './theme/buttons.css';
import './theme/forms.css';
import './theme/lists.css';
import './theme/maps.css';

import App from './app/App';
import { preloadPageOf } from './app/routes';
import { checkSession } from './lib/auth';
import { authStore } from './lib/auth-store';
import { i18next, initI18n, startLanguage } from './lib/i18n';
import { isNativePlatform } from './lib/platform';

/** SPEC §4 startup: bootstrap (translations in the start language), then the session check. */
async function bootstrap(): Promise<void> {
  setupIonicReact();
  // The native shells only (lib/native/README.md; a chunk a browser never loads): the stored user
  // back from the preferences before the session check reads it, the link that started the app as
  // the first page, and the back button, status bar and keyboard; then the push token, in the background.
  if (isNativePlatform()) {
    const native = await import('./lib/native');
    await Promise.all([native.restoreNativeStorage(), native.startNativeShell()]);
    native.startPushTokenRefresh();
  }
  // Side by side rather than one after the other: the translations, the session check and the
  // page's own module (each waited for the one before, three round trips before a page showed).
  const session = authStore.getState().status === 'checking' ? checkSession() : undefined;
  // In a task of its own: asking for the page's module inserts a preload link per file it needs
  // (~6 ms, a quarter of this module's evaluation on a slow phone, bench/trace-page.mjs).
  setTimeout(() => preloadPageOf(window.location.pathname, session));
  await initI18n(startLanguage(authStore.getState().stored?.language.key, true));
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  // A transition: React renders the app in slices and lets the browser answer between them (the
  // first render was one long task that kept taps and typing waiting).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  setTimeout(() => void import('./lib/format').then((format) => format.prepareFormatters(i18next.language)));
  // its code is not needed for the first paint: a chunk of its own (the worker registers at load anyway)
  if (__PWA_ENABLED__) void import('./lib/pwa').then((pwa) => pwa.registerServiceWorker());
}

bootstrap().catch((error: unknown) => {
  // SPEC §8 console log
  console.error('app bootstrap failure', error);
});
