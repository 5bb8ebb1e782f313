// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { cacheFirst, handle, networkFirst, routeOf, SHELL_KEY } from './sw-strategy.ts';

const ORIGIN = 'https://spot.example';

/** An in-memory Cache (keyed by URL, as the guest worker uses it). */
function memoryCache() {
  const store = new Map<string, Response>();
  const key = (r: RequestInfo | URL) => new URL(typeof r === 'string' ? r : r instanceof URL ? r.href : r.url, ORIGIN).href;
  return {
    store,
    match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
    put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res),
  } as unknown as Cache & { store: Map<string, Response> };
}

const ok = (body: string) => new Response(body, { status: 200 });
const offline = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

describe('guest service worker rules', () => {
  it('answers guest pages, assets and the guest API; leaves the rest alone', () => {
    const r = (path: string, method = 'GET', mode = 'cors') => routeOf(method, mode, new URL(path, ORIGIN), ORIGIN);
    expect(r('/g/AbCdEfGh12', 'GET', 'navigate')).toBe('page');
    expect(r('/dashboard', 'GET', 'navigate')).toBeNull();
    expect(r('/embed-assets/guest-x.js')).toBe('asset');
    expect(r('/guest.webmanifest')).toBe('asset');
    expect(r('/api/public/guest-app/AbCdEfGh12?lang=de')).toBe('api');
    expect(r('/api/public/guest/likes')).toBe('api');
    expect(r('/api/public/widget/AbCdEfGh12?lang=de')).toBe('api');
    expect(r('/api/document/42/file')).toBe('api');
    expect(r('/api/public/guest/like', 'POST')).toBeNull();
    expect(r('/api/public/guest/like/3', 'DELETE')).toBeNull();
    expect(r('/api/session/user')).toBeNull();
    expect(routeOf('GET', 'cors', new URL('https://tile.example/1/2/3.png'), ORIGIN)).toBeNull();
  });

  it('API: network first, the last good answer when offline, errors not kept', async () => {
    const cache = memoryCache();
    const req = new Request(`${ORIGIN}/api/public/guest-app/AbCdEfGh12?lang=de`);
    expect(await (await networkFirst(cache, req, async () => ok('v1'))).text()).toBe('v1');
    expect(await (await networkFirst(cache, req, async () => ok('v2'))).text()).toBe('v2');
    // a server error answers as it is and does not replace the kept answer
    expect((await networkFirst(cache, req, async () => new Response('x', { status: 500 }))).status).toBe(500);
    expect(await (await networkFirst(cache, req, offline)).text()).toBe('v2');
    // nothing kept: the network's failure stays a failure
    await expect(networkFirst(cache, new Request(`${ORIGIN}/api/public/guest/likes`), offline)).rejects.toThrow('Failed to fetch');
  });

  it('pages: offline, the page itself, else the last guest page', async () => {
    const cache = memoryCache();
    const page = (id: string) => new Request(`${ORIGIN}/g/${id}`);
    const fetchPage = async () => ok('<html>shell</html>');
    // Request's mode cannot be set to navigate in a constructor: use the rule directly.
    await networkFirst(cache, page('AbCdEfGh12'), fetchPage, SHELL_KEY);
    expect(await (await networkFirst(cache, page('AbCdEfGh12'), offline, SHELL_KEY)).text()).toBe('<html>shell</html>');
    expect(await (await networkFirst(cache, page('Other00001'), offline, SHELL_KEY)).text()).toBe('<html>shell</html>');
  });

  it('assets: cache first, fetched once', async () => {
    const cache = memoryCache();
    const fetcher = vi.fn(async () => ok('js'));
    const req = new Request(`${ORIGIN}/embed-assets/shell-abc.js`);
    await cacheFirst(cache, req, fetcher);
    expect(await (await cacheFirst(cache, req, offline)).text()).toBe('js');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('handle() routes by request and ignores what it does not cover', async () => {
    const cache = memoryCache();
    expect(handle(cache, new Request(`${ORIGIN}/api/public/guest/like`, { method: 'POST', body: '{}' }), ORIGIN, offline)).toBeNull();
    const res = await handle(cache, new Request(`${ORIGIN}/api/public/guest/likes`), ORIGIN, async () => ok('{"placeIds":[1]}'))!;
    expect(await res.json()).toEqual({ placeIds: [1] });
    expect(cache.store.has(`${ORIGIN}/api/public/guest/likes`)).toBe(true);
  });
});
