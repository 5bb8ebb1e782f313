/**
 * The guest service worker's rules, apart from its entry so that tests can run them with a fake
 * cache and network:
 *   page      navigations under /g/      network first; offline: that page, else any guest page
 *                                        (the page is the same for every guest app)
 *   asset     /embed-assets/* (hashed)   cache first, filled from the network
 *   api       the guest app's answers,   network first, the last good answer when offline
 *             likes, widget data, pictures
 *   (none)    everything else (POST, DELETE, other paths): straight to the network
 */
export type Route = 'page' | 'asset' | 'api' | null;

/** The key under which the last guest page is kept, whatever its publicId. */
export const SHELL_KEY = '/g/__shell__';

export function routeOf(method: string, mode: string, url: URL, origin: string): Route {
  if (method !== 'GET' || url.origin !== origin) return null;
  const p = url.pathname;
  if (mode === 'navigate') return p.startsWith('/g/') ? 'page' : null;
  if (p.startsWith('/embed-assets/') || p === '/guest.webmanifest') return 'asset';
  if (
    p.startsWith('/api/public/guest-app/') ||
    p === '/api/public/guest/likes' ||
    /^\/api\/public\/widget\/[\w-]+$/.test(p) ||
    /^\/api\/document\/[^/]+\/file$/.test(p)
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
