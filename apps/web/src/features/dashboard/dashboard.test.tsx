import type { BusinessDashboard, LikedPlace, MyListView, PlaceView, User } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setKnownLocation } from '../../lib/geolocation';
import { queryClient } from '../../lib/query-client';
import { makeListView, makeUser, setXsrfCookie, storeLoggedInUser, makePlaceView } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const place = (id: number, name: string, distance: number, extra: Partial<PlaceView> = {}): PlaceView =>
  makePlaceView({ id, name, latitude: 48.1 + id / 100, distance, address: `Street ${id}`, ...extra });
const liked = (p: PlaceView, likedAt: string): LikedPlace => ({ ...p, liked: true, itemId: p.id * 10, note: '', likedAt });
const myList = (id: number, name: string, updatedAt: string, cover: MyListView['cover'], itemCount = 2): MyListView => ({
  ...makeListView({ id, name, updatedAt, itemCount }),
  cover,
});
const page = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

function loggedIn(user: Partial<User> = {}) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser(user))));
}

function geolocation(result: { lat: number; lng: number } | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (result === 'denied') fail({ code: 1, message: 'denied' } as GeolocationPositionError);
    else ok({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

afterEach(() => {
  setKnownLocation(null);
  Reflect.deleteProperty(navigator, 'geolocation');
});

const section = async (name: string) => screen.findByRole('region', { name });
const rows = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** The private user's reads; each answers `data` (an empty list by default). */
function personal({ likes = [], lists = [], nearby = [] }: { likes?: LikedPlace[]; lists?: MyListView[]; nearby?: PlaceView[] } = {}) {
  const requests: { nearby: URLSearchParams[] } = { nearby: [] };
  server.use(
    http.get('/api/like/default', () => page(likes)),
    http.get('/api/list/mine', () => page(lists)),
    http.get('/api/place/list', ({ request }) => {
      requests.nearby.push(new URL(request.url).searchParams);
      return page(nearby);
    }),
  );
  return requests;
}

describe('the dashboard of a private user or blogger', () => {
  it('shows liked places nearest first with distances, lists with covers, the latest activity and places to discover', async () => {
    loggedIn({ accountType: { id: 4 } });
    geolocation({ lat: 48.1374, lng: 11.5755 });
    const requests = personal({
      likes: [
        liked(place(1, 'Far', 25_400), '2026-03-01T10:00:00Z'),
        liked(place(2, 'Near', 420), '2026-03-05T10:00:00Z'),
        liked(
          place(3, 'Middle', 1_600, { pictures: [{ id: 9, url: '/api/document/9/file?v=a', urlThumb240: '/api/document/9/thumb?v=a' }] }),
          '2026-02-01T10:00:00Z',
        ),
      ],
      lists: [
        myList(11, 'Rainy day', '2026-03-04T10:00:00Z', { placeId: 3, thumbUrl: '/api/document/9/thumb?v=a', public: true }),
        myList(12, 'Beer gardens', '2026-01-04T10:00:00Z', { placeId: 5, thumbUrl: null, public: true }),
        myList(13, 'Empty', '2026-01-03T10:00:00Z', null, 0),
      ],
      nearby: [place(2, 'Near', 420, { liked: true }), place(7, 'Hofgarten', 300), place(8, 'Englischer Garten', 900)],
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Anna!' })).toBeInTheDocument();
    const near = await section('Near you');
    await waitFor(() =>
      expect(rows(within(near).getByRole('list'))).toEqual([
        'NearStreet 2, München420 m',
        'MiddleStreet 3, München2 km',
        'FarStreet 1, München25 km',
      ]),
    );
    expect(within(near).getByRole('link', { name: 'All my places' })).toHaveAttribute('href', '/widget-marked-mylike');

    const lists = await section('My lists');
    const listRows = within(lists).getAllByRole('listitem');
    expect(listRows.map((li) => li.textContent)).toEqual(['Rainy dayPlaces: 2', 'Beer gardensPlaces: 2', 'EmptyPlaces: 0']);
    // the first place with a picture, else that place's generated cover, nothing for an empty list
    expect(listRows[0]!.querySelector('img')).toHaveAttribute('src', '/api/document/9/thumb?v=a');
    expect(listRows[1]!.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/place\/5\/cover\.svg\?lang=en$/);
    expect(listRows[2]!.querySelector('img')).toBeNull();
    expect(within(lists).getByRole('link', { name: 'All my lists' })).toHaveAttribute('href', '/lists');

    const recent = await section('Recently');
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'You liked Near',
      'You changed the list Rainy day',
      'You liked Far',
      'You liked Middle',
      'You changed the list Beer gardens',
    ]);

    const discover = await section('Discover');
    await waitFor(() =>
      expect(
        within(discover)
          .getAllByRole('button', { name: /^Like / })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Like Hofgarten', 'Like Englischer Garten']),
    );
    const last = requests.nearby.at(-1)!;
    expect(last.get('f.near')).toBe('48.1374;11.5755');
    expect(last.get('o.sort')).toBe('distance');
  });

  it('likes a place from Discover, and the liked places are read again', async () => {
    loggedIn();
    let likedIds: number[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/like/default', () => page(likedIds.map((id) => liked(place(id, `Place ${id}`, -1), '2026-03-01T10:00:00Z')))),
      http.get('/api/list/mine', () => page([])),
      http.get('/api/place/list', () => page([place(7, 'Hofgarten', -1, { liked: likedIds.includes(7) })])),
      http.post('/api/like/create', async ({ request }) => {
        bodies.push(await request.json());
        likedIds = [7];
        return HttpResponse.json({});
      }),
    );
    renderApp('/dashboard');
    const discover = await section('Discover');
    // no position: Munich's default area, said once
    expect(await within(discover).findByText(/Places around Munich/)).toBeInTheDocument();
    await userEvent.click(await within(discover).findByRole('button', { name: 'Like Hofgarten' }));
    await waitFor(() => expect(bodies).toEqual([{ placeId: 7 }]));
    expect(await within(await section('Near you')).findByRole('link', { name: 'Place 7' })).toBeInTheDocument();
    expect(await within(discover).findByText('You already like every place around here.')).toBeInTheDocument();
  });

  it('shows the grid skeleton while loading, then one sentence and one action per empty section', async () => {
    loggedIn();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get('/api/like/default', async () => {
        await held;
        return page([]);
      }),
      http.get('/api/list/mine', () => page([])),
      http.get('/api/place/list', () => page([])),
    );
    renderApp('/dashboard');
    // the cards come all at once, as tall as their content: nothing moves as they load
    // (the guard's own loading page may come first, while the session is checked)
    await waitFor(() => expect(within(screen.getByRole('status', { name: 'Loading…' })).getAllByTestId('skeleton')).toHaveLength(4));
    expect(screen.queryByRole('region', { name: 'Near you' })).not.toBeInTheDocument();
    release();
    const near = await section('Near you');
    expect(await within(near).findByText('Places you like show up here, nearest first.')).toBeInTheDocument();
    expect(near).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(within(near).getByRole('link', { name: 'Find places to like' })).toHaveAttribute('href', '/widget-marked-mylike');
    const lists = await section('My lists');
    expect(await within(lists).findByText(/Collect places in lists/)).toBeInTheDocument();
    await userEvent.click(within(lists).getByRole('link', { name: 'Create a list' }));
    await waitFor(() => expect(currentLocation()).toBe('/lists'));
  });

  it('says so in the section when a read fails, and tries again', async () => {
    loggedIn();
    let fail = true;
    personal();
    server.use(
      http.get('/api/list/mine', () =>
        fail ? HttpResponse.json({ key: 'error.unknown' }, { status: 500 }) : page([myList(1, 'Back again', '2026-01-01T00:00:00Z', null)]),
      ),
    );
    renderApp('/dashboard');
    const lists = await section('My lists');
    expect(await within(lists).findByText('This part could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(lists).getByRole('button', { name: 'Try again' }));
    expect(await within(lists).findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

const series = (days: number[]) => ({
  lastWeek: days.slice(0, 7).reduce((a, b) => a + b, 0),
  thisWeek: days.slice(7).reduce((a, b) => a + b, 0),
  days,
});
const dashboard = (extra: Partial<BusinessDashboard> = {}): BusinessDashboard => ({
  from: '2026-02-20',
  to: '2026-03-05',
  totals: {
    view: series([1, 1, 1, 1, 1, 1, 4, 2, 2, 2, 3, 3, 3, 5]),
    like: series([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1]),
    click: series([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]),
  },
  widgets: [
    { id: 1, name: 'Classic', version: 1, poiCount: 4, viewsThisWeek: 12 },
    { id: 5, name: 'Rainy day', version: 2, poiCount: 0, viewsThisWeek: 8 },
  ],
  guestApp: { exists: true, enabled: true, guestsThisWeek: 1234, accountsThisWeek: 2 },
  checklist: { profileComplete: true, widgetCreated: true, poisAdded: true, embedded: false, guestAppEnabled: true },
  ...extra,
});
const ALL = { widgetv1activated: true, widgetv2activated: true, hasGuest: true };

describe('the dashboard of a business', () => {
  it("shows this week's numbers with sparklines and the change, the widgets and the guest app", async () => {
    loggedIn({ accountType: { id: 2 }, ...ALL });
    server.use(http.get('/api/dashboard/business', () => HttpResponse.json(dashboard())));
    renderApp('/dashboard');
    const week = await section('This week');
    const views = await within(week).findByRole('listitem', { name: 'Widget views' });
    expect(views).toHaveTextContent('20');
    expect(views).toHaveTextContent('+100% compared with last week');
    expect(
      within(views).getByRole('img', { name: 'Widget views, last 14 days: 1, 1, 1, 1, 1, 1, 4, 2, 2, 2, 3, 3, 3, 5' }),
    ).toBeInTheDocument();
    expect(within(week).getByRole('listitem', { name: 'Likes' })).toHaveTextContent('None last week');
    expect(within(week).getByRole('listitem', { name: 'Click-throughs' })).toHaveTextContent('Same as last week');

    const widgets = await section('Your widgets');
    expect(rows(within(widgets).getByRole('list'))[0]).toContain('Classic widget · Places: 4 · Views this week: 12');
    expect(within(widgets).getByRole('link', { name: 'Edit Classic' })).toHaveAttribute('href', '/widget');
    expect(within(widgets).getByRole('link', { name: 'Edit Rainy day' })).toHaveAttribute('href', '/widget-detail/5');

    const guest = await section('Guest app');
    expect(within(guest).getByText('On: guests can open it.')).toBeInTheDocument();
    expect(within(guest).getByRole('listitem', { name: 'Guests this week' })).toHaveTextContent('1,234');
    expect(within(guest).getByRole('listitem', { name: 'Sign-ups from guests this week' })).toHaveTextContent('2');
    expect(within(guest).getByRole('link', { name: 'Guest app settings' })).toHaveAttribute('href', '/guest-mode-app');
    // no private-user sections
    expect(screen.queryByRole('region', { name: 'Near you' })).toBeNull();
  });

  it('lists the next steps with links while the setup is incomplete, and hides them once all are done', async () => {
    loggedIn({ accountType: { id: 2 }, ...ALL });
    let answer = dashboard({
      widgets: [],
      guestApp: { exists: false, enabled: false, guestsThisWeek: 0, accountsThisWeek: 0 },
      checklist: { profileComplete: true, widgetCreated: false, poisAdded: false, embedded: false, guestAppEnabled: false },
    });
    server.use(http.get('/api/dashboard/business', () => HttpResponse.json(answer)));
    const view = renderApp('/dashboard');
    const steps = await section('Next steps');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '✓Complete your business profile: done',
      'Create your first widget',
      'Add places to your widget',
      'Put the widget on your website',
      'Switch on the guest app',
    ]);
    expect(within(steps).getByRole('link', { name: 'Create your first widget' })).toHaveAttribute('href', '/widget-list');
    expect(within(steps).getByRole('link', { name: 'Switch on the guest app' })).toHaveAttribute('href', '/guest-mode-app');
    expect(within(steps).queryByText(/Spotlist team/)).toBeNull();
    // empty widgets: one sentence, one action
    const widgets = await section('Your widgets');
    expect(within(widgets).getByText('A widget shows the places you recommend on your website.')).toBeInTheDocument();
    expect(within(await section('Guest app')).getByText('Not set up yet.')).toBeInTheDocument();

    view.unmount();
    // a later visit: the first answer is no longer fresh (lib/query-client FRESH_MS)
    queryClient.clear();
    answer = dashboard({
      checklist: { profileComplete: true, widgetCreated: true, poisAdded: true, embedded: true, guestAppEnabled: true },
    });
    renderApp('/dashboard');
    expect(await section('This week')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Next steps' })).toBeNull());
  });

  it('offers no step of a feature the account lacks and says the Spotlist team switches them on', async () => {
    loggedIn({ accountType: { id: 2 } });
    server.use(
      http.get('/api/dashboard/business', () =>
        HttpResponse.json(
          dashboard({
            widgets: [],
            guestApp: { exists: false, enabled: false, guestsThisWeek: 0, accountsThisWeek: 0 },
            checklist: { profileComplete: false, widgetCreated: false, poisAdded: false, embedded: false, guestAppEnabled: false },
          }),
        ),
      ),
    );
    renderApp('/dashboard');
    const steps = await section('Next steps');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Complete your business profile']);
    expect(within(steps).getByRole('link', { name: 'Complete your business profile' })).toHaveAttribute('href', '/profile');
    expect(within(steps).getByText(/The Spotlist team switches on further features/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your widgets' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Guest app' })).toBeNull();
  });
});
