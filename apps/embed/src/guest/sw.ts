/**
 * guest-sw.js: the guest app's service worker (scope /g/), hand-written. Install: the hashed
 * assets of this build (in this build's cache), the manifest and the guest pages that are open (in
 * the cache that outlives builds). Activate: earlier builds' caches go, what they kept of pages and
 * answers moves over. Fetch: the rules of sw-strategy.ts. Built by vite.config.ts (esbuild), which
 * fills in the asset list and a version derived from it.
 */
import { assetCache, cacheFor, carryOver, DATA_CACHE, handle, routeOf, SHELL_KEY, staleCaches } from './sw-strategy.ts';

declare const __SW_ASSETS__: string[];
declare const __SW_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  caches: CacheStorage;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

sw.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      await (await sw.caches.open(assetCache(__SW_VERSION__))).addAll(__SW_ASSETS__);
      const cache = await sw.caches.open(DATA_CACHE);
      await cache.add('/guest.webmanifest');
      // The page that registered this worker loaded without it: keep it now.
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const { url } of open) {
        if (new URL(url).pathname.startsWith('/g/')) {
          const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
          if (res?.ok) {
            await cache.put(url, res.clone());
            await cache.put(SHELL_KEY, res);
          }
        }
      }
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      const data = await sw.caches.open(DATA_CACHE);
      for (const name of staleCaches(await sw.caches.keys(), __SW_VERSION__)) {
        await carryOver(await sw.caches.open(name), data);
        await sw.caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  // Only requests a rule covers are answered here; the rest go to the network untouched.
  const route = routeOf(req.method, req.mode, new URL(req.url), sw.location.origin);
  if (!route) return;
  e.respondWith(sw.caches.open(cacheFor(route, __SW_VERSION__)).then((cache) => handle(cache, req, sw.location.origin, (r) => fetch(r))!));
});
