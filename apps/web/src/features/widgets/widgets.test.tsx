import {
  embedSnippet,
  type PlaceView,
  type User,
  type WidgetAnalytics,
  type WidgetDetail,
  type WidgetPoiView,
  type WidgetView,
} from '@spotlist/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { unsavedChanges } from '../../lib/unsaved-changes';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** uPlot draws on a canvas jsdom does not have: the chart's options and data are checked instead. */
const charts = vi.hoisted(() => [] as { opts: { series: { label?: string }[]; legend?: unknown }; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: { label?: string }[]; legend?: unknown }, data: number[][], el: HTMLElement) {
      charts.push({ opts, data });
      el.append(Object.assign(document.createElement('canvas'), { className: 'u-canvas' }));
    }
    setSize() {}
    destroy() {}
  },
}));

const place = (id: number, name: string): WidgetPoiView['place'] => ({
  id,
  name,
  description: null,
  texts: {},
  latitude: 48.1,
  longitude: 11.5,
  address: `Street ${id}`,
  city: 'München',
  country: 'DE',
  category: 'sight',
  website: null,
  phone: null,
  accessibility: [],
});
const poi = (id: number, placeId: number, name: string, position: number): WidgetPoiView => ({
  id,
  widgetId: 5,
  placeId,
  position,
  texts: {},
  picture: null,
  place: place(placeId, name),
});
const widget = (extra: Partial<WidgetDetail> = {}): WidgetDetail => ({
  id: 5,
  publicId: 'pub_5abcdefgh',
  version: 1,
  name: 'Hotel tips',
  texts: { en: { title: 'Our tips', intro: 'Nice places' } },
  languages: ['en', 'de'],
  style: {},
  allowedDomains: [],
  revision: 3,
  poiCount: 3,
  frameUrl: 'https://spotlist.example/w/pub_5abcdefgh',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  pois: [poi(11, 101, 'Marienplatz', 0), poi(12, 102, 'Englischer Garten', 1), poi(13, 103, 'Viktualienmarkt', 2)],
  ...extra,
});
const view = (w: WidgetDetail): WidgetView => {
  const { pois, ...rest } = w;
  return { ...rest, poiCount: pois.length };
};
const catalogue = (id: number, name: string): PlaceView => ({
  ...place(id, name),
  texts: undefined,
  needsLocation: false,
  distance: -1,
  visibility: { id: 255 },
  source: 'manual',
  externalId: null,
  creatorId: null,
  editable: false,
  liked: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
/** The first render of a lazy page compiles its chunk (slow on a busy machine). */
const SLOW = { timeout: 8000 };
const page = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });
const analytics = (): WidgetAnalytics => ({
  widgetId: 5,
  from: '2026-01-01',
  to: '2026-01-03',
  days: [
    { day: '2026-01-01', view: 4, open: 2, like: 1, click: 0 },
    { day: '2026-01-02', view: 7, open: 3, like: 0, click: 1 },
    { day: '2026-01-03', view: 1, open: 0, like: 2, click: 0 },
  ],
  totals: { view: 12, open: 5, like: 3, click: 1 },
  pois: [{ placeId: 101, name: 'Marienplatz', view: 0, open: 5, like: 3, click: 1 }],
});

function loggedIn(flags: Partial<User> = {}) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: 2 }, ...flags }))));
}

/** The v1 widget's routes: POST /widget/mine, GET /widget/5, analytics; each change answers `next()`. */
function v1Widget(initial = widget()) {
  let current = initial;
  const calls: [string, unknown][] = [];
  const change = (path: string, next: (body: never) => WidgetDetail) =>
    http.post(`/api${path}`, async ({ request }) => {
      const body = (await request.json()) as never;
      calls.push([path, body]);
      current = next(body);
      return HttpResponse.json(current);
    });
  server.use(
    http.post('/api/widget/mine', () => HttpResponse.json(current)),
    http.get('/api/widget/5', () => HttpResponse.json(current)),
    http.get('/api/widget/analytics', ({ request }) => {
      calls.push(['analytics', Object.fromEntries(new URL(request.url).searchParams)]);
      return HttpResponse.json(analytics());
    }),
    change('/widgetpoi/remove', (b: { id: number }) => ({ ...current, pois: current.pois.filter((p) => p.id !== b.id) })),
    change('/widgetpoi/reorder', (b: { poiIds: number[] }) => ({
      ...current,
      pois: b.poiIds.map((id, position) => ({ ...current.pois.find((p) => p.id === id)!, position })),
    })),
    change('/widgetpoi/add', (b: { placeId?: number; place?: { name: string } }) => ({
      ...current,
      pois: [...current.pois, poi(20, b.placeId ?? 200, b.place?.name ?? 'Pinakothek', current.pois.length)],
    })),
    change('/widget/update/5', (b: Partial<WidgetDetail>) => ({ ...current, ...b })),
    // the new-place form: no country list (the fallback countries), no position known
    http.get('/api/country/list2', () => page([])),
    http.get('/api/place/position', () => HttpResponse.json({ key: 'error.place.position.notfound' }, { status: 404 })),
  );
  return calls;
}

const poiNames = () =>
  within(screen.getByRole('list', { name: 'Places in the widget' }))
    .getAllByTestId('widget-poi')
    .map((row) => row.querySelector('strong')?.textContent);

describe('menu and flags', () => {
  it.each([
    [
      { widgetv1activated: true, hasGuest: true },
      [
        'Dashboard',
        'Guest app',
        'My places',
        'Map',
        'My lists',
        'People',
        'Messages',
        'Classic widget',
        'Profile',
        'Settings',
        'Introduction',
        'Help',
        'Log out',
      ],
    ],
    [
      { widgetv2activated: true },
      [
        'Dashboard',
        'My places',
        'Map',
        'My lists',
        'People',
        'Messages',
        'My widgets',
        'Profile',
        'Settings',
        'Introduction',
        'Help',
        'Log out',
      ],
    ],
    [{}, ['Dashboard', 'My places', 'Map', 'My lists', 'People', 'Messages', 'Profile', 'Settings', 'Introduction', 'Help', 'Log out']],
  ])('shows the widget, widget list and guest app entries by the flags %o', async (flags, entries) => {
    loggedIn(flags);
    renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Menu' }, SLOW));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(entries),
    );
  });

  it('shows nothing of the page and asks the API nothing without the flag', async () => {
    loggedIn({ widgetv1activated: false });
    const asked = vi.fn();
    server.use(http.post('/api/widget/mine', () => (asked(), HttpResponse.json(widget()))));
    renderApp('/widget');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('This feature is not activated for your account.');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('the widget (v1)', () => {
  it('shows a POI without a picture with its drawn cover, in the editing language', async () => {
    loggedIn({ widgetv1activated: true });
    v1Widget();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    const rows = within(screen.getByRole('list', { name: 'Places in the widget' })).getAllByTestId('widget-poi');
    const thumbs = rows.map((row) => row.querySelector('img.poi-thumb')?.getAttribute('src'));
    expect(thumbs.every((src) => /^\/api\/place\/\d+\/cover\.svg\?lang=\w+$/.test(src ?? ''))).toBe(true);
  });

  it('removes a POI (POST /api/widgetpoi/remove with its id)', async () => {
    loggedIn({ widgetv1activated: true });
    const calls = v1Widget();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Englischer Garten' }));
    await waitFor(() => expect(poiNames()).toEqual(['Marienplatz', 'Viktualienmarkt']));
    expect(calls.filter(([p]) => p !== 'analytics')).toEqual([['/widgetpoi/remove', { id: 12 }]]);
  });

  it('reorders with the arrow buttons and by dragging (POST /api/widgetpoi/reorder with every id)', async () => {
    loggedIn({ widgetv1activated: true });
    const calls = v1Widget();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move Marienplatz down' }));
    await waitFor(() => expect(poiNames()).toEqual(['Englischer Garten', 'Marienplatz', 'Viktualienmarkt']));
    expect(calls.filter(([p]) => p === '/widgetpoi/reorder').at(-1)).toEqual(['/widgetpoi/reorder', { widgetId: 5, poiIds: [12, 11, 13] }]);

    // ion-reorder-group's drag ends with ionItemReorder {from, to, complete}
    const complete = vi.fn();
    const group = document.querySelector('ion-reorder-group')!;
    fireEvent(group, new CustomEvent('ionItemReorder', { detail: { from: 2, to: 0, complete } }));
    await waitFor(() => expect(poiNames()).toEqual(['Viktualienmarkt', 'Englischer Garten', 'Marienplatz']));
    expect(complete).toHaveBeenCalledWith(false);
    expect(calls.filter(([p]) => p === '/widgetpoi/reorder').at(-1)).toEqual(['/widgetpoi/reorder', { widgetId: 5, poiIds: [13, 12, 11] }]);
  });

  it('adds a place from the catalogue and creates a new place (POST /api/widgetpoi/add)', async () => {
    loggedIn({ widgetv1activated: true });
    const calls = v1Widget();
    server.use(
      http.get('/api/place/list', ({ request }) => {
        expect(new URL(request.url).searchParams.get('f.q')).toBe('Pina');
        return page([catalogue(101, 'Marienplatz'), catalogue(200, 'Pinakothek')]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    await user.type(screen.getByLabelText('Search the places catalogue'), 'Pina');
    const results = await screen.findByRole('list', { name: 'Search results' });
    // a place already in the widget cannot be added twice
    expect(within(results).queryByRole('button', { name: 'Add Marienplatz' })).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'Add Pinakothek' }));
    await waitFor(() => expect(poiNames()).toContain('Pinakothek'));
    expect(calls.filter(([p]) => p === '/widgetpoi/add')).toEqual([['/widgetpoi/add', { widgetId: 5, placeId: 200 }]]);

    // a new place: the name is required; coordinates are optional, a comma is a decimal separator
    await user.click(screen.getByRole('button', { name: 'Create the place and add it' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(calls.filter(([p]) => p === '/widgetpoi/add')).toHaveLength(1);
    await user.type(screen.getByLabelText('Name of the place'), 'Kiosk am See');
    await user.type(screen.getByLabelText('Address'), 'Seeweg 1');
    await user.type(screen.getByLabelText('Latitude'), '48,15');
    await user.type(screen.getByLabelText('Longitude'), '11.6');
    expect(screen.getByText('Position: set on the map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the place and add it' }));
    await waitFor(() => expect(calls.filter(([p]) => p === '/widgetpoi/add')).toHaveLength(2));
    expect(calls.filter(([p]) => p === '/widgetpoi/add')[1]).toEqual([
      '/widgetpoi/add',
      { widgetId: 5, place: { name: 'Kiosk am See', latitude: 48.15, longitude: 11.6, address: 'Seeweg 1' } },
    ]);
  });

  it('creates a new place from its address only: where the address leads, else without coordinates', async () => {
    loggedIn({ widgetv1activated: true, country: { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' } });
    const calls = v1Widget();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/country/list2', () =>
        page([
          { id: 40, key: 'at', name: 'Austria', countrykey: 'AT' },
          { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
        ]),
      ),
      http.get('/api/place/position', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        return q.address === 'Seeweg 1'
          ? HttpResponse.json({ latitude: 47.9981, longitude: 11.3437, source: 'address' })
          : HttpResponse.json({ key: 'error.place.position.notfound' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    // the business's own country is the default
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
    await user.type(screen.getByLabelText('Name of the place'), 'Kiosk am See');
    await user.type(screen.getByLabelText('Address'), 'Seeweg 1');
    await user.type(screen.getByLabelText('City'), 'Starnberg');
    expect(await screen.findByText('Position: from the address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the place and add it' }));
    await waitFor(() => expect(calls.filter(([p]) => p === '/widgetpoi/add')).toHaveLength(1));
    expect(calls.filter(([p]) => p === '/widgetpoi/add')[0]).toEqual([
      '/widgetpoi/add',
      {
        widgetId: 5,
        place: { name: 'Kiosk am See', latitude: 47.9981, longitude: 11.3437, address: 'Seeweg 1', city: 'Starnberg', country: 'DE' },
      },
    ]);
    expect(asked.at(-1)).toEqual({ address: 'Seeweg 1', city: 'Starnberg', country: 'DE' });

    // nothing known for the address: sent without coordinates (the server uses the city centre, or none)
    await user.type(screen.getByLabelText('Name of the place'), 'Bootshaus');
    await user.type(screen.getByLabelText('Address'), 'Unbekannt 7');
    expect(await screen.findByText('Position: not found. The place is saved without one; you can pick it on the map.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the place and add it' }));
    await waitFor(() => expect(calls.filter(([p]) => p === '/widgetpoi/add')).toHaveLength(2));
    expect(calls.filter(([p]) => p === '/widgetpoi/add')[1]).toEqual([
      '/widgetpoi/add',
      { widgetId: 5, place: { name: 'Bootshaus', address: 'Unbekannt 7', country: 'DE' } },
    ]);
  });

  it('saves title and intro per language, colours and allowed domains; refuses a bad domain before sending', async () => {
    loggedIn({ widgetv1activated: true });
    const calls = v1Widget();
    const user = userEvent.setup();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    const settings = screen.getByRole('form', { name: 'Widget settings' });
    await user.click(within(settings).getByRole('button', { name: 'Deutsch' }));
    await user.type(within(settings).getByLabelText('Title (Deutsch)'), 'Unsere Tipps');
    await user.type(within(settings).getByLabelText('Sites that may embed the widget'), 'hotel.example.com\nbad_domain!');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(within(settings).getByText('Not a valid site: bad_domain!')).toBeInTheDocument();
    expect(calls.some(([p]) => p === '/widget/update/5')).toBe(false);

    await user.clear(within(settings).getByLabelText('Sites that may embed the widget'));
    await user.type(within(settings).getByLabelText('Sites that may embed the widget'), 'Hotel.example.com/\n*.example.org');
    await user.click(within(settings).getByLabelText('Show the map first'));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByText('The widget has been saved.')).toBeInTheDocument();
    expect(calls.find(([p]) => p === '/widget/update/5')?.[1]).toEqual({
      name: 'Hotel tips',
      texts: { en: { title: 'Our tips', intro: 'Nice places' }, de: { title: 'Unsere Tipps', intro: '' } },
      languages: ['en', 'de'],
      style: { firstView: 'map' },
      allowedDomains: ['hotel.example.com', '*.example.org'],
    });
  });

  it('asks before leaving changed widget settings from the menu (SPEC §4); No drops the draft', async () => {
    loggedIn({ widgetv1activated: true });
    v1Widget();
    // the settings page the menu leads to reads the user settings
    server.use(http.get('/api/setting/', () => page([])));
    const user = userEvent.setup();
    renderApp('/widget');
    await screen.findByRole('heading', { name: 'Hotel tips', level: 1 }, SLOW);
    const settings = screen.getByRole('form', { name: 'Widget settings' });
    await user.clear(within(settings).getByLabelText('Widget name'));
    await user.type(within(settings).getByLabelText('Widget name'), 'Draft name');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('button', { name: 'Settings' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    await user.click(within(alert).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings'));
    expect(unsavedChanges.at('/widget')).toBe(false);
    // Ionic keeps the widget page under the settings page: its form is back to the saved values
    expect(within(settings).getByRole('textbox', { name: 'Widget name', hidden: true })).toHaveValue('Hotel tips');
  });

  it('shows the analytics of the last 30 days as a chart and per-place totals', async () => {
    loggedIn({ widgetv1activated: true });
    vi.useFakeTimers({ now: new Date('2026-03-31T12:00:00Z'), toFake: ['Date'] });
    charts.length = 0;
    const calls = v1Widget();
    renderApp('/widget');
    const section = await screen.findByTestId('widget-analytics', {}, SLOW);
    await waitFor(() =>
      expect(
        within(section)
          .getByRole('img', { name: /^Chart of views/ })
          .querySelector('canvas'),
      ).not.toBeNull(),
    );
    expect(calls.find(([p]) => p === 'analytics')?.[1]).toEqual({ widgetId: '5', from: '2026-03-02', to: '2026-03-31' });
    const chart = charts.at(-1)!;
    expect(chart.opts.series.map((s) => s.label)).toEqual([undefined, 'Views', 'Place opens', 'Likes', 'Click-throughs']);
    // the legend names the lines only: no untranslated "Time", no "--" values before a hover
    expect(chart.opts.legend).toEqual({ show: true, live: false });
    expect(chart.data).toEqual([
      [Date.UTC(2026, 0, 1) / 1000, Date.UTC(2026, 0, 2) / 1000, Date.UTC(2026, 0, 3) / 1000],
      [4, 7, 1],
      [2, 3, 0],
      [1, 0, 2],
      [0, 1, 0],
    ]);
    const totals = within(section).getByRole('table', { name: 'Totals of the period' });
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '5', '3', '1']);
    const perPlace = within(section).getByRole('table', { name: 'Per place' });
    expect(within(perPlace).getByRole('row', { name: /Marienplatz/ })).toHaveTextContent('Marienplatz531');
  });
});

describe('widgets (v2)', () => {
  it('creates a widget with the saved defaults and opens it; deletes another after Yes', async () => {
    loggedIn({ widgetv2activated: true });
    let list = [view(widget({ id: 8, name: 'Old', version: 2 }))];
    const created = widget({ id: 9, name: 'Summer', version: 2, pois: [] });
    let body: unknown;
    server.use(
      http.get('/api/widget/setting/default', () =>
        HttpResponse.json({
          name: 'default',
          value: { languages: ['de'], style: { firstView: 'map' }, allowedDomains: 'not a list' },
          updatedAt: null,
        }),
      ),
      http.get('/api/widget/v2', () => page(list)),
      http.post('/api/widget/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(created);
      }),
      http.get('/api/widget/9', () => HttpResponse.json(created)),
      http.get('/api/widget/analytics', () => HttpResponse.json({ ...analytics(), widgetId: 9, days: [], pois: [] })),
      http.delete('/api/widget/delete/8', () => {
        list = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/widget-list');
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no widgets yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Widget name'), 'Summer');
    await user.click(screen.getByRole('button', { name: 'Create widget' }));
    expect(await screen.findByRole('heading', { name: 'Summer', level: 1 })).toBeInTheDocument();
    // a value of another shape (allowedDomains) is left out
    expect(body).toEqual({ name: 'Summer', version: 2, languages: ['de'], style: { firstView: 'map' } });
    expect(currentLocation()).toBe('/widget-detail/9');
  });

  it('keeps the languages, style and sites of a widget as the defaults for new widgets (widget setting "default")', async () => {
    loggedIn({ widgetv2activated: true });
    const detail = widget({ id: 9, name: 'Summer', version: 2, style: { primaryColor: '#112233' }, allowedDomains: ['hotel.example.com'] });
    let saved: unknown;
    server.use(
      http.get('/api/widget/9', () => HttpResponse.json(detail)),
      http.get('/api/widget/analytics', () => HttpResponse.json({ ...analytics(), widgetId: 9, days: [], pois: [] })),
      http.post('/api/widget/setting/default', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ name: 'default', ...(saved as object), updatedAt: '2026-01-01T00:00:00Z' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/widget-detail/9');
    await user.click(await screen.findByRole('button', { name: 'Use these settings for new widgets' }, SLOW));
    expect(await screen.findByText('New widgets will start with these languages, colours and sites.')).toBeInTheDocument();
    expect(saved).toEqual({
      value: { languages: ['en', 'de'], style: { primaryColor: '#112233' }, allowedDomains: ['hotel.example.com'] },
    });
  });
});

describe('widget preview', () => {
  it('frames the live widget per language (phone and desktop) and copies the snippet', async () => {
    loggedIn({ widgetv2activated: true });
    server.use(http.get('/api/widget/5', () => HttpResponse.json(widget({ version: 2 }))));
    // user-event puts a clipboard of its own on navigator.clipboard
    const user = userEvent.setup();
    renderApp('/widget-preview?id=5');
    const phone = await screen.findByTestId('preview-phone', {}, SLOW);
    expect(phone).toHaveAttribute('src', 'https://spotlist.example/w/pub_5abcdefgh?lang=en&preview=1');
    expect(screen.getByTestId('preview-desktop')).toHaveAttribute('src', 'https://spotlist.example/w/pub_5abcdefgh?lang=en&preview=1');
    const snippet =
      '<div data-spotlist-widget="pub_5abcdefgh" data-lang="en"></div>\n<script src="https://spotlist.example/embed.js" async></script>';
    // the loader's own format: apps/embed reads what the contracts' embedSnippet writes
    expect(snippet).toBe(embedSnippet('https://spotlist.example', 'pub_5abcdefgh', 'en'));
    expect(screen.getByTestId('embed-snippet')).toHaveValue(snippet);

    await user.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(screen.getByTestId('preview-phone')).toHaveAttribute('src', 'https://spotlist.example/w/pub_5abcdefgh?lang=de&preview=1');
    expect(screen.getByTestId('preview-desktop')).toHaveAttribute('src', 'https://spotlist.example/w/pub_5abcdefgh?lang=de&preview=1');
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Copied')).toHaveAttribute('role', 'status');
    expect(await navigator.clipboard.readText()).toBe(snippet.replace('data-lang="en"', 'data-lang="de"'));
  });
});
