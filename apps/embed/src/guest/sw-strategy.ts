/**
 * The guest service worker's rules, apart from its entry so that tests can run them with a fake
 * cache and network:
 *   page      navigations under /g/      network first; offline: that page, else any guest page
 *                                        (the page is the same for every guest app)
 *   asset     /embed-assets/* (hashed)   cache first, filled from the network
 *   api       the guest app's answers,   network first, the last good answer when offline
 *             likes, widget data, pictures
 *             and their thumbnails, the
 *             manifest (its name does not
 *             change with its content)
 *   (none)    everything else (POST, DELETE, other paths): straight to the network
 */
export type Route = 'page' | 'asset' | 'api' | null;

/**
 * The worker's caches. A build's hashed assets live in a cache named after the build's version;
 * pages and the last good answers in one cache that outlives builds (their URLs stay the same),
 * so a new worker taking over does not take away what the guest can see offline.
 */
export const CACHE_PREFIX = 'spotlist-guest-';
export const DATA_CACHE = `${CACHE_PREFIX}data`;
export const assetCache = (version: string) => `${CACHE_PREFIX}assets-${version}`;
export const cacheFor = (route: Exclude<Route, null>, version: string) => (route === 'asset' ? assetCache(version) : DATA_CACHE);

/** The caches of earlier builds (dropped when the worker of `version` activates). */
export const staleCaches = (names: string[], version: string) =>
  names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== DATA_CACHE && n !== assetCache(version));

/**
 * Moves the pages and answers an earlier build kept (in one cache with its assets, before pages and
 * answers had their own) into `to`, where nothing newer is kept for them; assets stay behind.
 */
export async function carryOver(from: Cache, to: Cache): Promise<void> {
  for (const req of await from.keys()) {
    if (new URL(req.url).pathname.startsWith('/embed-assets/') || (await to.match(req))) continue;
    const res = await from.match(req);
    if (res) await to.put(req, res);
  }
}

/** The key under which the last guest page is kept, whatever its publicId. */
export const SHELL_KEY = '/g/__shell__';

export function routeOf(method: string, mode: string, url: URL, origin: string): Route {
  if (method !== 'GET' || url.origin !== origin) return null;
  const p = url.pathname;
  if (mode === 'navigate') return p.startsWith('/g/') ? 'page' : null;
  if (p.startsWith('/embed-assets/')) return 'asset';
  if (
    p === '/guest.webmanifest' ||
    p.startsWith('/api/public/guest-app/') ||
    p === '/api/public/guest/likes' ||
    /^\/api\/public\/widget\/[\w-]+$/.test(p) ||
    /^\/api\/document\/[^/]+\/(file|thumb)$/.test(p)
  )
    return 'api';
  return null;
}

type Fetch = (req: Request) => Promise<Response>;

const keep = (res: Response) => res.ok && (res.type === 'basic' || res.type === 'default');

/** Network first: a good answer is kept (also under `alsoAs`); offline, the kept one answers. */
export async function networkFirst(cache: Cache, req: Request, fetcher: Fetch, alsoAs?: string): Promise<Response> {
  try {
    const res = await fetcher(req);
    if (keep(res)) {
      await cache.put(req, res.clone());
      if (alsoAs) await cache.put(alsoAs, res.clone());
    }
    return res;
  } catch (err) {
    const kept = (await cache.match(req)) ?? (alsoAs ? await cache.match(alsoAs) : undefined);
    if (kept) return kept;
    throw err;
  }
}

/** Cache first, for files whose name changes with their content. */
export async function cacheFirst(cache: Cache, req: Request, fetcher: Fetch): Promise<Response> {
  const kept = await cache.match(req);
  if (kept) return kept;
  const res = await fetcher(req);
  if (keep(res)) await cache.put(req, res.clone());
  return res;
}

/** Answers a request by its route (null: the worker leaves it to the browser). */
export function handle(cache: Cache, req: Request, origin: string, fetcher: Fetch): Promise<Response> | null {
  const route = routeOf(req.method, req.mode, new URL(req.url), origin);
  if (route === 'page') return networkFirst(cache, req, fetcher, SHELL_KEY);
  if (route === 'asset') return cacheFirst(cache, req, fetcher);
  if (route === 'api') return networkFirst(cache, req, fetcher);
  return null;
}
