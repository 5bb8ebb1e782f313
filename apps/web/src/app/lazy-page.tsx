import type { User } from '@spotlist/contracts';
import { lazy, useState, type ComponentType } from 'react';
import { appEvents } from '../lib/events';
import { ChunkErrorPage } from './shell/chunk-error-page';

/**
 * SPEC §8: a chunk that cannot be loaded ('Loading chunk N failed', a failed dynamic import)
 * publishes `chunk-loading-error`; the page shows a reload offer instead of going blank.
 */
const CHUNK_ERROR =
  /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error ? CHUNK_ERROR.test(`${error.name}: ${error.message}`) : CHUNK_ERROR.test(String(error));

/** A page's module: the page, and the reads it starts with (asked for at start: routes.tsx `preloadPageOf`). */
export interface PageModule {
  default: ComponentType;
  /**
   * Asks for the page's first answers (react-query's prefetch, the keys its hooks use) once the
   * session is known, while the app is still rendering: the requests no longer wait for the first
   * render to mount the page (on a slow phone several hundred ms).
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>, user: User) => void;
}

/** Loads a page module; a chunk that cannot be loaded yields the reload page instead. */
export async function loadPage(load: () => Promise<PageModule>): Promise<PageModule> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    appEvents.emit('chunk-loading-error', { message: error instanceof Error ? error.message : String(error) });
    return { default: ChunkErrorPage };
  }
}

/** A lazy page whose module can be asked for before it renders (`preload`: the same one request). */
export type LazyPage = ComponentType & { preload: () => Promise<PageModule> };

export const lazyPage = (load: () => Promise<PageModule>): LazyPage => {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= loadPage(load).then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  // A module already here renders at once: React.lazy suspends on its first render even then, and
  // React holds a revealed fallback back for up to 300 ms (a page preloaded at start showed that late).
  // Chosen once per mount: switching between the two later would mount the page anew (its state lost).
  function Page() {
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Page, { preload });
};

/** Vite reports a failed preload of a lazy chunk's dependencies with this window event. */
export function listenForPreloadErrors(): () => void {
  const onError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    event.preventDefault();
    appEvents.emit('chunk-loading-error', { message: payload instanceof Error ? payload.message : 'preload failed' });
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
