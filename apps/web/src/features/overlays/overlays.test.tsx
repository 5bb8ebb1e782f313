import type { OverlayAnalytics, OverlayLanguageView, OverlayView, User } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { unsavedChanges } from '../../lib/unsaved-changes';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { overlaySnippetOf } from './components/site-snippet';
import { cellState, gridLanguages, missingLanguages } from './overlay-paths';

/** uPlot draws on a canvas jsdom does not have: the chart's series and data are checked instead. */
const charts = vi.hoisted(() => [] as { opts: { series: { label?: string }[] }; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: { label?: string }[] }, data: number[][], el: HTMLElement) {
      charts.push({ opts, data });
      el.append(Object.assign(document.createElement('canvas'), { className: 'u-canvas' }));
    }
    setSize() {}
    destroy() {}
  },
}));

const SLOW = { timeout: 5000 };

const overlay = (extra: Partial<OverlayView> = {}): OverlayView => ({
  id: 7,
  name: 'Terrace breakfast',
  format: 'slideIn',
  where: { guestApp: true, widgetIds: [], urlPatterns: ['/*'] },
  trigger: { kind: 'load', delaySeconds: 2 },
  frequency: { kind: 'session' },
  schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
  fallback: ['en'],
  languages: [
    { language: 'de', state: 'published', draftUpdatedAt: '2026-11-01T10:00:00Z', publishedAt: '2026-11-01T10:00:00Z' },
    { language: 'en', state: 'changed', draftUpdatedAt: '2026-11-02T10:00:00Z', publishedAt: '2026-11-01T10:00:00Z' },
  ],
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  ...extra,
});

const content = (title: string, html = '<p>Hello</p>') => ({ title, html, imageDocumentId: null, buttons: [] });
const language = (lang: string, title: string, state: OverlayLanguageView['state'] = 'published'): OverlayLanguageView => ({
  id: 7,
  language: lang,
  state,
  draft: content(title),
  published: state === 'draft' ? null : content(title),
  draftUpdatedAt: '2026-11-01T10:00:00Z',
  publishedAt: state === 'draft' ? null : '2026-11-01T10:00:00Z',
});

function loggedIn(flags: Partial<User> = { overlayactivated: true }) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: 2 }, ...flags }))));
}

/** The overlay routes of one business (German, English and French offered), recording what is sent. */
function overlayApi(list: OverlayView[] = [overlay()]) {
  const calls: { path: string; query: Record<string, string>; body: unknown }[] = [];
  const texts: Record<string, OverlayLanguageView> = { de: language('de', 'Frühstück'), en: language('en', 'Breakfast', 'changed') };
  const record = async (path: string, request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const text = await request.text();
    calls.push({ path, query, body: text ? JSON.parse(text) : undefined });
    return query;
  };
  server.use(
    http.get('/api/overlays', () => HttpResponse.json({ list, publicId: 'SiteId_123456789' })),
    http.get('/api/overlay/allenabledlanguages', () => HttpResponse.json({ languages: ['de', 'en', 'fr'] })),
    http.get('/api/overlay', ({ request }) => {
      const lang = new URL(request.url).searchParams.get('lang')!;
      return texts[lang] ? HttpResponse.json(texts[lang]) : HttpResponse.json({ key: 'error.overlay.notfound' }, { status: 404 });
    }),
    http.post('/api/overlay', async ({ request }) => {
      await record('create', request);
      return HttpResponse.json(overlay({ id: 8, name: 'Spa', languages: [] }));
    }),
    ...(['savedraft', 'publish'] as const).map((kind) =>
      http.post(`/api/overlay/${kind}`, async ({ request }) => {
        const q = await record(kind, request);
        const body = calls.at(-1)!.body as ReturnType<typeof content>;
        const state = kind === 'publish' ? 'published' : 'changed';
        texts[q.lang] = { ...language(q.lang, body.title, state), draft: body };
        // the overview's state follows (the page reads it again)
        for (const o of list) o.languages = o.languages.map((l) => (l.language === q.lang ? { ...l, state } : l));
        return HttpResponse.json(texts[q.lang]);
      }),
    ),
    http.post('/api/overlay/update/all', async ({ request }) => {
      await record('update', request);
      return HttpResponse.json(overlay());
    }),
    http.get('/api/widget/all', () => HttpResponse.json({ list: [{ id: 3, name: 'Rainy day' }] })),
    http.get('/api/list/mine', () => HttpResponse.json({ list: [] })),
    http.get('/api/overlay/analytics', ({ request }) => {
      void record('analytics', request);
      const data: OverlayAnalytics = {
        id: 7,
        from: '2026-11-01',
        to: '2026-11-02',
        days: [
          { day: '2026-11-01', view: 4, click: 1, close: 2 },
          { day: '2026-11-02', view: 6, click: 2, close: 1 },
        ],
        totals: { view: 10, click: 3, close: 3 },
        languages: [
          { language: 'de', view: 7, click: 2, close: 2 },
          { language: 'en', view: 3, click: 1, close: 1 },
        ],
      };
      return HttpResponse.json(data);
    }),
  );
  return calls;
}

describe('the grid helpers', () => {
  it('name each language state and the missing ones', () => {
    const o = overlay();
    expect(cellState(o, 'de')).toBe('published');
    expect(cellState(o, 'en')).toBe('changed');
    expect(cellState(o, 'fr')).toBe('missing');
    expect(missingLanguages(o, ['de', 'en', 'fr'])).toEqual(['fr']);
    // a language the overlay still has but the business no longer offers keeps its column
    expect(gridLanguages(['de'], [o])).toEqual(['de', 'en']);
  });

  it('write the snippet as the contracts do', async () => {
    const { overlaySnippet } = await import('@spotlist/contracts');
    expect(overlaySnippetOf('SiteId_123456789', 'https://spot.example')).toBe(overlaySnippet('https://spot.example', 'SiteId_123456789'));
  });
});

describe('OverlayManagerPage', () => {
  it('shows each overlay by language and state, the missing translations and the snippet', async () => {
    loggedIn();
    overlayApi();
    renderApp('/overlay-manager');
    const grid = await screen.findByRole('table', {}, SLOW);
    const row = within(grid).getByTestId('overlay-row');
    expect(within(row).getByRole('link', { name: 'Terrace breakfast, Deutsch: Published' })).toHaveAttribute(
      'href',
      '/overlay-manager/7?lang=de',
    );
    expect(within(row).getByRole('link', { name: 'Terrace breakfast, English: Changed' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Terrace breakfast, Français: Missing' })).toBeInTheDocument();
    expect(within(row).getByTestId('missing-badge')).toHaveTextContent('Missing translations: 1');
    expect(screen.getByTestId('overlay-snippet')).toHaveValue(overlaySnippetOf('SiteId_123456789'));
  });

  it('creates an overlay as a draft in the chosen language and opens it', async () => {
    loggedIn();
    const calls = overlayApi([]);
    const user = userEvent.setup();
    renderApp('/overlay-manager');
    expect(await screen.findByText('No overlays yet. Create your first one below.', {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Spa');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'topBar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'First language' }), 'en');
    await user.click(screen.getByRole('button', { name: 'Create overlay' }));
    await waitFor(() => expect(currentLocation()).toBe('/overlay-manager/8?lang=en'));
    expect(calls[0]).toMatchObject({
      path: 'create',
      body: { name: 'Spa', format: 'topBar', language: 'en', content: { title: 'Spa', html: '' }, where: { urlPatterns: ['/*'] } },
    });
  });

  it('tells a business without the flag, and asks nothing', async () => {
    loggedIn({ overlayactivated: false });
    const calls = overlayApi();
    renderApp('/overlay-manager');
    expect(await screen.findByText('This feature is not activated for your account.', {}, SLOW)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the overlay editor', () => {
  it('saves a draft and publishes one language with what is shown', async () => {
    loggedIn();
    const calls = overlayApi();
    const user = userEvent.setup();
    renderApp('/overlay-manager/7?lang=de');
    const title = await screen.findByRole('textbox', { name: 'Title (Deutsch)' }, SLOW);
    expect(title).toHaveValue('Frühstück');
    expect(await screen.findByRole('textbox', { name: 'Text (Deutsch)' }, SLOW)).toHaveTextContent('Hello');
    await user.clear(title);
    await user.type(title, 'Frühstück im Garten');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(within(screen.getByTestId('overlay-preview')).getByText('Frühstück im Garten')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'savedraft')).toBeDefined());
    expect(calls.find((c) => c.path === 'savedraft')).toMatchObject({
      query: { id: '7', lang: 'de' },
      body: { title: 'Frühstück im Garten', html: '<p>Hello</p>', imageDocumentId: null, buttons: [] },
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Publish Deutsch' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'publish')).toMatchObject({
        query: { id: '7', lang: 'de' },
        body: { title: 'Frühstück im Garten' },
      }),
    );
  });

  it('starts a missing language from a copy of another', async () => {
    loggedIn();
    const calls = overlayApi();
    const user = userEvent.setup();
    renderApp('/overlay-manager/7?lang=fr');
    expect(await screen.findByText(/No text in Français yet/, {}, SLOW)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Copy from language' }), 'en');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title (Français)' })).toHaveValue('Breakfast'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'savedraft')).toMatchObject({ query: { lang: 'fr' }, body: { title: 'Breakfast' } }),
    );
  });

  it('asks before a menu entry leaves unsaved text: Yes stays, No drops it and leaves (SPEC §4)', async () => {
    loggedIn();
    overlayApi();
    const user = userEvent.setup();
    renderApp('/overlay-manager/7?lang=de');
    const title = await screen.findByRole('textbox', { name: 'Title (Deutsch)' }, SLOW);
    await user.type(title, ' draft');
    const choose = async (entry: string) => {
      await user.click(await screen.findByRole('button', { name: 'Menu' }));
      await user.click(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: entry }));
      return screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    };
    await user.click(within(await choose('Overlay manager')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/overlay-manager/7?lang=de');
    expect(title).toHaveValue('Frühstück draft');
    expect(unsavedChanges.at('/overlay-manager/7')).toBe(true);

    await user.click(within(await choose('Overlay manager')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(currentLocation()).toBe('/overlay-manager'));
    expect(unsavedChanges.at('/overlay-manager/7')).toBe(false);
  });

  it('saves the shared settings: pages one per line, the trigger and its number', async () => {
    loggedIn({ overlayactivated: true, widgetv2activated: true });
    const calls = overlayApi();
    const user = userEvent.setup();
    renderApp('/overlay-manager/7?tab=settings');
    const pages = await screen.findByRole('textbox', { name: 'Pages of your website' }, SLOW);
    await user.clear(pages);
    await user.type(pages, '/rooms/*{Enter}{Enter}hotel.example/spa');
    await user.click(screen.getByRole('checkbox', { name: 'Over the widget “Rainy day”' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show it' }), 'scroll');
    const percent = screen.getByRole('spinbutton', { name: 'Scrolled down (%)' });
    await user.clear(percent);
    await user.type(percent, '70');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'update')).toBeDefined());
    expect(calls.find((c) => c.path === 'update')!.body).toMatchObject({
      id: 7,
      where: { guestApp: true, widgetIds: [3], urlPatterns: ['/rooms/*', 'hotel.example/spa'] },
      trigger: { kind: 'scroll', percent: 70 },
      frequency: { kind: 'session' },
      fallback: ['en'],
    });
  });

  it('asks for widgets only when the business has a widget flag (the API refuses the others)', async () => {
    loggedIn();
    overlayApi();
    let asked = 0;
    server.use(http.get('/api/widget/all', () => (asked++, HttpResponse.json({ key: 'error.flag.missing' }, { status: 403 }))));
    renderApp('/overlay-manager/7?tab=settings');
    expect(await screen.findByRole('checkbox', { name: 'In the guest app' }, SLOW)).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Over the widget/ })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('charts views, clicks and closes per day and counts them per language', async () => {
    loggedIn();
    overlayApi();
    charts.length = 0;
    renderApp('/overlay-manager/7?tab=analytics');
    const table = await screen.findByTestId('overlay-analytics-table', {}, SLOW);
    expect(within(table).getByRole('row', { name: 'Deutsch 7 2 2' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Totals of the period 10 3 3' })).toBeInTheDocument();
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0].opts.series.map((s) => s.label)).toEqual([undefined, 'Views', 'Button clicks', 'Closes']);
    expect(charts[0].data.slice(1)).toEqual([
      [4, 6],
      [1, 2],
      [2, 1],
    ]);
  });
});
