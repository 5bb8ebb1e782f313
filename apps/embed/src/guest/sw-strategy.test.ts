// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  assetCache,
  cacheFirst,
  cacheFor,
  carryOver,
  DATA_CACHE,
  handle,
  networkFirst,
  routeOf,
  SHELL_KEY,
  staleCaches,
} from './sw-strategy.ts';

const ORIGIN = 'https://spot.example';

/** An in-memory Cache (keyed by URL, as the guest worker uses it). */
function memoryCache() {
  const store = new Map<string, Response>();
  const key = (r: RequestInfo | URL) => new URL(typeof r === 'string' ? r : r instanceof URL ? r.href : r.url, ORIGIN).href;
  return {
    store,
    match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
    put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res),
    keys: async () => [...store.keys()].map((url) => new Request(url)),
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
    // not hashed: a new build's manifest must reach guests who visited before (network first)
    expect(r('/guest.webmanifest')).toBe('api');
    expect(r('/api/public/guest-app/AbCdEfGh12?lang=de')).toBe('api');
    expect(r('/api/public/guest/likes')).toBe('api');
    expect(r('/api/public/widget/AbCdEfGh12?lang=de')).toBe('api');
    expect(r('/api/document/42/file')).toBe('api');
    // the list shows thumbnails: offline they must come from the worker's cache too
    expect(r('/api/document/42/thumb?v=3')).toBe('api');
    expect(r('/api/document/42')).toBeNull();
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

  it("a new build's manifest replaces the precached one; offline the kept one answers", async () => {
    const cache = memoryCache();
    const url = `${ORIGIN}/guest.webmanifest`;
    // precached by the install of an earlier build
    await cache.put(url, ok('{"name":"old"}'));
    const res = await handle(cache, new Request(url), ORIGIN, async () => ok('{"name":"new"}'))!;
    expect(await res.json()).toEqual({ name: 'new' });
    expect(await (await handle(cache, new Request(url), ORIGIN, offline))!.json()).toEqual({ name: 'new' });
  });

  it('thumbnails are kept and answer offline', async () => {
    const cache = memoryCache();
    const thumb = new Request(`${ORIGIN}/api/document/42/thumb?v=3`);
    await handle(cache, thumb, ORIGIN, async () => ok('png'));
    expect(await (await handle(cache, thumb, ORIGIN, offline))!.text()).toBe('png');
  });

  it('a new build drops the old assets but keeps the pages and answers guests see offline', async () => {
    // assets per build; pages, answers and the manifest in one cache that outlives builds
    expect(cacheFor('asset', 'v2')).toBe(assetCache('v2'));
    expect(cacheFor('page', 'v2')).toBe(DATA_CACHE);
    expect(cacheFor('api', 'v2')).toBe(DATA_CACHE);
    expect(assetCache('v2')).not.toBe(assetCache('v1'));
    // activating v2: v1's assets and the single cache of the workers before go; the data stays
    expect(staleCaches([assetCache('v1'), assetCache('v2'), DATA_CACHE, 'spotlist-guest-1ucrjvm', 'spotlist-web-x'], 'v2')).toEqual([
      assetCache('v1'),
      'spotlist-guest-1ucrjvm',
    ]);
    // what such an older cache kept of pages and answers moves over, without replacing newer ones
    const old = memoryCache();
    await old.put(`${ORIGIN}/embed-assets/guest-old.js`, ok('old js'));
    await old.put(`${ORIGIN}${SHELL_KEY}`, ok('<html>old</html>'));
    await old.put(`${ORIGIN}/api/public/guest-app/AbCdEfGh12?lang=en`, ok('app'));
    await old.put(`${ORIGIN}/api/public/guest/likes`, ok('old likes'));
    const data = memoryCache();
    await data.put(`${ORIGIN}/api/public/guest/likes`, ok('new likes'));
    await carryOver(old, data);
    expect([...data.store.keys()].sort()).toEqual(
      [`${ORIGIN}${SHELL_KEY}`, `${ORIGIN}/api/public/guest-app/AbCdEfGh12?lang=en`, `${ORIGIN}/api/public/guest/likes`].sort(),
    );
    expect(await (await data.match(`${ORIGIN}/api/public/guest/likes`))!.text()).toBe('new likes');
    expect(await (await data.match(`${ORIGIN}/api/public/guest-app/AbCdEfGh12?lang=en`))!.text()).toBe('app');
  });

  it('handle() routes by request and ignores what it does not cover', async () => {
    const cache = memoryCache();
    expect(handle(cache, new Request(`${ORIGIN}/api/public/guest/like`, { method: 'POST', body: '{}' }), ORIGIN, offline)).toBeNull();
    const res = await handle(cache, new Request(`${ORIGIN}/api/public/guest/likes`), ORIGIN, async () => ok('{"placeIds":[1]}'))!;
    expect(await res.json()).toEqual({ placeIds: [1] });
    expect(cache.store.has(`${ORIGIN}/api/public/guest/likes`)).toBe(true);
  });
});
