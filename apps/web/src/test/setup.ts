import '@testing-library/jest-dom/vitest';
import { setupIonicReact } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { changeLanguage, initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { clearCookies } from './fixtures';
import { server } from './server';

// findBy*/waitFor wait up to 5 s (default 1 s): a file's first render loads the lazy page and its
// translations, which takes over a second on a busy 2-core machine. What is awaited is unchanged.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia (Ionic's split pane and platform checks use it).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

setupIonicReact({ mode: 'md', animated: false });

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  await initI18n('en');
});

beforeEach(async () => {
  await changeLanguage('en');
  // every test starts as a fresh tab: no app language kept from an earlier one (SPEC §9)
  sessionStorage.clear();
});

afterEach(async () => {
  vi.useRealTimers();
  // Ionic keeps menus and overlays in page-wide registries: close them before the next test.
  await Promise.race([menuController.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
  cleanup();
  document.querySelectorAll('ion-toast, ion-backdrop').forEach((el) => el.remove());
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  authStore.reload();
  queryClient.clear();
  vi.restoreAllMocks();
});

afterAll(() => server.close());
