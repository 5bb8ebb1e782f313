import type { LikedPlace, PlaceView } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setKnownLocation } from '../../lib/geolocation';
import { makeUser, setXsrfCookie, storeLoggedInUser, makePlaceView } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const place = (id: number, name: string, distance: number, extra: Partial<PlaceView> = {}): PlaceView =>
  makePlaceView({ id, name, latitude: 48.1 + id / 100, distance, address: `Street ${id}`, ...extra });
const liked = (p: PlaceView): LikedPlace => ({ ...p, liked: true, itemId: p.id * 10, note: '', likedAt: '2026-01-02T00:00:00Z' });
const page = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

function loggedIn() {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
}

function geolocation(result: { lat: number; lng: number } | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
    if (result === 'denied') fail({ code: 1, message: 'denied' } as GeolocationPositionError);
    else ok({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

afterEach(() => {
  setKnownLocation(null);
  Reflect.deleteProperty(navigator, 'geolocation');
});

const likedNames = async () =>
  within(await screen.findByRole('list', { name: 'Liked places' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('marked places (widget-marked-mylike)', () => {
  it('asks for the position (SPEC §9 options), sends it, and lists the likes nearest first with SPEC §5 distances', async () => {
    loggedIn();
    const locate = geolocation({ lat: 48.1374, lng: 11.5755 });
    const headers: (string | null)[] = [];
    server.use(
      http.get('/api/like/default', ({ request }) => {
        headers.push(request.headers.get('user-location'));
        // the server's order is not trusted blindly: the page sorts by distance itself
        return page([
          liked(place(1, 'Far', 25_400)),
          liked(place(4, 'Nowhere', -1)),
          liked(place(2, 'Near', 420)),
          liked(place(3, 'Middle', 1_600)),
        ]);
      }),
    );
    renderApp('/widget-marked-mylike');
    await waitFor(async () => expect((await likedNames()).map((t) => t?.split('Street')[0])).toEqual(['Near', 'Middle', 'Far', 'Nowhere']));
    const texts = await likedNames();
    expect(texts[0]).toContain('420 m');
    expect(texts[1]).toContain('2 km');
    expect(texts[2]).toContain('25 km');
    // SPEC §5: a place without a position is 'world' once the device's own position is known
    expect(texts[3]).toContain('world');
    expect(locate.mock.calls[0]![2]).toEqual({ timeout: 10_000, maximumAge: 0, enableHighAccuracy: true });
    expect(headers).toContain('48.1374;11.5755');
  });

  it('without a position (denied: only logged) shows no distance and keeps the server order', async () => {
    loggedIn();
    geolocation('denied');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get('/api/like/default', () => page([liked(place(1, 'B place', -1)), liked(place(2, 'A place', -1))])));
    renderApp('/widget-marked-mylike');
    await waitFor(async () => expect(await likedNames()).toHaveLength(2));
    const texts = await likedNames();
    expect(texts[0]).toMatch(/^B place/);
    expect(texts[1]).toMatch(/^A place/);
    expect(texts.join()).not.toContain('world');
    expect(warn).toHaveBeenCalledWith('geolocation failed', 'denied');
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('a search that finds nothing says so and offers to clear it', async () => {
    loggedIn();
    server.use(
      http.get('/api/like/default', () => page([liked(place(1, 'Hofgarten', 900))])),
      http.get('/api/place/list', () => page([])),
    );
    const user = userEvent.setup();
    renderApp('/widget-marked-mylike');
    await screen.findByText('Hofgarten');
    const search = screen.getByLabelText('Search places');
    await user.type(search, 'zzz');
    expect(await screen.findByText('No places found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    await waitFor(() => expect(screen.queryByText('No places found.')).toBeNull());
  });

  it('finds a place, likes it and unlikes another', async () => {
    loggedIn();
    let likes = [liked(place(1, 'Hofgarten', 900))];
    const calls: unknown[] = [];
    server.use(
      http.get('/api/like/default', () => page(likes)),
      http.get('/api/place/list', ({ request }) => {
        const q = new URL(request.url).searchParams.get('f.q');
        return page(q === 'frauen' ? [place(5, 'Frauenkirche', 300, { liked: likes.some((l) => l.id === 5) })] : []);
      }),
      http.post('/api/like/create', async ({ request }) => {
        const body = (await request.json()) as { placeId: number };
        calls.push(['create', body]);
        likes = [...likes, liked(place(5, 'Frauenkirche', 300))];
        return HttpResponse.json({ listId: 1, name: 'default', placeId: body.placeId, itemId: 50, likedAt: '2026-01-03T00:00:00Z' });
      }),
      http.post('/api/like/remove', async ({ request }) => {
        const body = (await request.json()) as { placeId: number };
        calls.push(['remove', body]);
        likes = likes.filter((l) => l.id !== body.placeId);
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/widget-marked-mylike');
    await screen.findByText('Hofgarten');
    await user.type(screen.getByLabelText('Search places'), 'frauen');
    await user.click(await screen.findByRole('button', { name: 'Like Frauenkirche' }));
    await waitFor(async () => expect((await likedNames()).join()).toContain('Frauenkirche'));
    expect(await within(screen.getByRole('list', { name: 'Search results' })).findByText('Liked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlike Hofgarten' }));
    await waitFor(async () => expect((await likedNames()).join()).not.toContain('Hofgarten'));
    expect(calls).toEqual([
      ['create', { placeId: 5 }],
      ['remove', { placeId: 1 }],
    ]);
  });

  it('the dashboard links my places, the map and my lists', async () => {
    loggedIn();
    server.use(
      http.get('/api/like/default', () => page([liked(place(1, 'Near', 420))])),
      http.get('/api/list/mine', () => page([])),
      http.get('/api/place/list', () => page([])),
    );
    renderApp('/dashboard');
    const links = { 'All my places': '/widget-marked-mylike', Map: '/widget-marked-mylike-map', 'All my lists': '/lists' };
    for (const [name, href] of Object.entries(links)) expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
  });
});
