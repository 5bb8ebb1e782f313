import { GUEST_KEY_HEADER, GUEST_STORAGE_KEY } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchLikes, readGuestKey, setLike } from './guest.ts';

type Call = { url: string; method: string; key: string | null; body: unknown };

/** A fake public API: guests, their likes; `refuse` makes it forget every key. */
function fakeApi() {
  const calls: Call[] = [];
  const guests = new Map<string, Set<number>>();
  let n = 0;
  const state = { refuse: false, guests, calls };
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const key = new Headers(init.headers).get(GUEST_KEY_HEADER);
      calls.push({ url, method, key, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (url === '/api/public/guest' && method === 'POST') {
        const k = `guest-key-${++n}-abcdefghijkl`;
        guests.set(k, new Set());
        return json(200, { guestKey: k });
      }
      const likes = key && !state.refuse ? guests.get(key) : undefined;
      if (!likes) return json(401, { key: 'error.unauthorized' });
      if (url === '/api/public/guest/likes') return json(200, { placeIds: [...likes] });
      if (url === '/api/public/guest/like' && method === 'POST') {
        likes.add((JSON.parse(init.body as string) as { placeId: number }).placeId);
        return json(200, { ok: true });
      }
      const del = url.match(/^\/api\/public\/guest\/like\/(\d+)$/);
      if (del && method === 'DELETE') {
        if (!likes.delete(Number(del[1]))) return json(404, { key: 'error.notFound' });
        return json(204);
      }
      return json(404, { key: 'error.notFound' });
    }),
  );
  return state;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('guest likes', () => {
  it('asks nothing without a guest key', async () => {
    const api = fakeApi();
    expect(await fetchLikes()).toEqual([]);
    expect(api.calls).toEqual([]);
    expect(readGuestKey()).toBeNull();
  });

  it('creates the guest on the first like, keeps its key under its own local key and reuses it', async () => {
    const api = fakeApi();
    localStorage.setItem('spotlist.auth', 'logged-in user'); // the app's own keys stay untouched
    await setLike(11, true, 'AbCdEfGh12', { widget: 'AbCdEfGh12' });
    const key = readGuestKey()!;
    expect(key).toMatch(/^guest-key-1/);
    expect(JSON.parse(localStorage.getItem(GUEST_STORAGE_KEY)!)).toEqual({ guestKey: key });
    expect(localStorage.getItem('spotlist.auth')).toBe('logged-in user');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/public/guest', 'POST /api/public/guest/like']);
    expect(api.calls[0].body).toEqual({ widget: 'AbCdEfGh12' }); // where the guest came from
    expect(api.calls[1]).toMatchObject({ key, body: { placeId: 11, widget: 'AbCdEfGh12' } });

    await setLike(12, true);
    expect(api.calls[2]).toMatchObject({ method: 'POST', key, body: { placeId: 12 } });
    expect(await fetchLikes()).toEqual([11, 12]);

    await setLike(11, false);
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/public/guest/like/11', key });
    expect(await fetchLikes()).toEqual([12]);
    expect(api.calls.filter((c) => c.url === '/api/public/guest')).toHaveLength(1);
  });

  it('two likes tapped before the guest exists make one guest with both likes', async () => {
    const api = fakeApi();
    // the second tap comes while the first is still creating the guest
    await Promise.all([setLike(11, true, undefined, { guestApp: 'AbCdEfGh12' }), setLike(12, true, undefined, { guestApp: 'AbCdEfGh12' })]);
    expect(api.calls.filter((c) => c.url === '/api/public/guest')).toHaveLength(1);
    const key = readGuestKey()!;
    expect([...api.guests.get(key)!].sort()).toEqual([11, 12]);
    expect((await fetchLikes()).sort()).toEqual([11, 12]);
    // a later new guest (the first is not needed any more) is made again
    localStorage.clear();
    await setLike(13, true);
    expect(api.calls.filter((c) => c.url === '/api/public/guest')).toHaveLength(2);
  });

  it('an unlike without a key asks nothing; an unlike of what is not liked is done', async () => {
    const api = fakeApi();
    await setLike(5, false);
    expect(api.calls).toEqual([]);
    await setLike(5, true);
    await setLike(6, false); // 404: nothing to remove
    await expect(setLike(6, false)).resolves.toBeUndefined();
  });

  it('replaces a key the server no longer knows by a new guest', async () => {
    const api = fakeApi();
    await setLike(1, true);
    const old = readGuestKey();
    api.refuse = true;
    expect(await fetchLikes()).toEqual([]); // refused: forgotten
    expect(readGuestKey()).toBeNull();

    api.refuse = false;
    localStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify({ guestKey: 'unknown-key-0123456789' }));
    await setLike(2, true);
    const fresh = readGuestKey();
    expect(fresh).not.toBe(old);
    expect(fresh).not.toBe('unknown-key-0123456789');
    expect([...api.guests.get(fresh!)!]).toEqual([2]);
  });

  it('fails loudly on other errors, and keeps the key', async () => {
    const api = fakeApi();
    await setLike(1, true);
    const key = readGuestKey();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ key: 'error.server' }), { status: 500 })),
    );
    await expect(setLike(2, true)).rejects.toMatchObject({ status: 500 });
    expect(readGuestKey()).toBe(key);
    expect(api.calls).toHaveLength(2);
  });
});
