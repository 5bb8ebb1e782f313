import { ACCESSIBILITY_TAGS as CONTRACT_TAGS, PLACE_CATEGORIES, type PlaceView } from '@spotlist/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { setKnownLocation } from '../../lib/geolocation';
import { fakeXhr } from '../../test/fake-xhr';
import { makeListView, makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { ACCESSIBILITY_TAGS, CATEGORIES } from './components/place-labels';

const place = (extra: Partial<PlaceView> = {}): PlaceView => ({
  id: 5,
  name: 'Glyptothek',
  description: 'Greek and Roman sculpture.',
  texts: {},
  pictures: [],
  latitude: 48.146,
  longitude: 11.5656,
  needsLocation: false,
  distance: -1,
  address: 'Königsplatz 3',
  city: 'München',
  country: 'DE',
  category: 'museum',
  website: 'https://www.antike-am-koenigsplatz.mwn.de/',
  phone: '+49 89 286100',
  accessibility: ['step_free', 'elevator'],
  visibility: { id: 255 },
  source: 'manual',
  externalId: null,
  creatorId: 8,
  editable: false,
  liked: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const page = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

function loggedIn() {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(makeUser())),
    http.get('/api/like/default', () => page([])),
    // "Add to a list": no lists unless a test says otherwise
    http.get('/api/list/mine', () => page([])),
    http.get('/api/country/list2', () =>
      page([
        { id: 40, key: 'at', name: 'Austria', countrykey: 'AT' },
        { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
      ]),
    ),
    // the form's position preview: nothing known unless a test says otherwise
    http.get('/api/place/position', () => HttpResponse.json({ key: 'error.place.position.notfound' }, { status: 404 })),
  );
}

/** GET /api/place/:id answers `current()`; the requests' user-location headers are kept. */
function placeApi(current: () => PlaceView) {
  const locations: (string | null)[] = [];
  server.use(
    http.get('/api/place/:id', ({ params, request }) => {
      locations.push(request.headers.get('user-location'));
      return Number(params.id) === current().id
        ? HttpResponse.json(current())
        : HttpResponse.json({ key: 'error.place.notfound' }, { status: 404 });
    }),
  );
  return locations;
}

function geolocation(at: { lat: number; lng: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback) =>
    ok({ coords: { latitude: at.lat, longitude: at.lng } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

afterEach(() => {
  setKnownLocation(null);
  Reflect.deleteProperty(navigator, 'geolocation');
});

const heading = () => screen.findByRole('heading', { level: 1, name: 'Glyptothek' });
const facts = () => document.querySelector('.place-facts') as HTMLElement;

describe('place page (/place/:id)', () => {
  it('shows the place in the user language with address, category, accessibility, links, pictures and its distance', async () => {
    loggedIn();
    geolocation({ lat: 48.1374, lng: 11.5755 });
    const headers = placeApi(() =>
      place({
        // the API sends the distance when it gets the position
        distance: headers.at(-1) ? 1_240 : -1,
        pictures: [
          { id: 31, url: '/api/document/31/file?v=a1', urlThumb240: '/api/document/31/thumb?v=a1' },
          { id: 32, url: '/api/document/32/file?v=b2', urlThumb240: null },
        ],
      }),
    );
    renderApp('/place/5');
    await heading();
    expect(screen.getByText('Greek and Roman sculpture.')).toBeInTheDocument();
    expect(screen.getByText('Museum')).toBeInTheDocument();
    await waitFor(() => expect(within(facts()).getByText('1 km')).toBeInTheDocument());
    expect(headers).toContain('48.1374;11.5755');
    expect(within(facts()).getByText('Königsplatz 3, München, Germany')).toBeInTheDocument();

    const website = within(facts()).getByRole('link', { name: 'www.antike-am-koenigsplatz.mwn.de' });
    expect(website).toHaveAttribute('href', 'https://www.antike-am-koenigsplatz.mwn.de/');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    expect(within(facts()).getByRole('link', { name: '+49 89 286100' })).toHaveAttribute('href', 'tel:+4989286100');

    const tags = screen.getByRole('region', { name: 'Accessibility' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Step-free access', 'Elevator']);

    const pictures = within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('img');
    expect(pictures.map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Picture 1 of Glyptothek', '/api/document/31/thumb?v=a1'],
      // no thumbnail: the file itself
      ['Picture 2 of Glyptothek', '/api/document/32/file?v=b2'],
    ]);
    expect(pictures[0]!.closest('a')).toHaveAttribute('href', '/api/document/31/file?v=a1');
  });

  it('names the place in German when the app speaks German (the server localises; labels are translated)', async () => {
    storeLoggedInUser({ language: { id: 2, key: 'de' } });
    setXsrfCookie();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ language: { id: 2, key: 'de' } }))));
    const languages: (string | null)[] = [];
    server.use(
      http.get('/api/place/:id', ({ request }) => {
        const language = request.headers.get('app-language');
        languages.push(language);
        return HttpResponse.json(
          language === 'de'
            ? place({ name: 'Glyptothek München', description: 'Griechische und römische Skulptur.' })
            : place({ name: 'Glyptothek Munich', description: 'Greek and Roman sculpture.' }),
        );
      }),
    );
    renderApp('/place/5');
    // the session check switches the app to German; a place asked for before that is asked again,
    // and the German answer is the one shown (requests are not counted: a cancelled English one
    // can reach the server after the German one)
    expect(await screen.findByRole('heading', { level: 1, name: 'Glyptothek München' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Griechische und römische Skulptur.')).toBeInTheDocument();
    expect(languages).toContain('de');
    expect(await screen.findByText('Aufzug', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(facts()).getByText('Königsplatz 3, München, Deutschland')).toBeInTheDocument();
  });

  it('asks for the place again in the new language when the app language changes', async () => {
    loggedIn();
    server.use(
      http.get('/api/place/:id', ({ request }) =>
        HttpResponse.json(place({ name: request.headers.get('app-language') === 'fr' ? 'Glyptothèque' : 'Glyptothek' })),
      ),
    );
    renderApp('/place/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Glyptothek' })).toBeInTheDocument();
    await act(async () => {
      await changeLanguage('fr');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Glyptothèque' })).toBeInTheDocument();
  });

  it('likes and unlikes the place (POST /api/like/create, /api/like/remove) and shows the new state', async () => {
    loggedIn();
    let liked = false;
    const calls: unknown[] = [];
    placeApi(() => place({ liked }));
    server.use(
      http.post('/api/like/create', async ({ request }) => {
        calls.push(['create', await request.json()]);
        liked = true;
        return HttpResponse.json({ listId: 1, name: 'default', placeId: 5, itemId: 50, likedAt: '2026-01-03T00:00:00Z' });
      }),
      http.post('/api/like/remove', async ({ request }) => {
        calls.push(['remove', await request.json()]);
        liked = false;
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/place/5');
    await heading();
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    const unlike = await screen.findByRole('button', { name: 'Unlike' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await user.click(unlike);
    expect(await screen.findByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual([
      ['create', { placeId: 5 }],
      ['remove', { placeId: 5 }],
    ]);
  });

  it('reports the place with a reason, thanks, and shows what the API answers to a second report', async () => {
    loggedIn();
    placeApi(() => place());
    const reports: unknown[] = [];
    server.use(
      http.post('/api/place/objectionable/:id', async ({ params, request }) => {
        reports.push([params.id, await request.json()]);
        return reports.length === 1 ? HttpResponse.json({ ok: true }) : HttpResponse.json({ key: 'error.place.notfound' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/place/5');
    await heading();

    // cancelled: nothing is sent
    await user.click(screen.getByRole('button', { name: 'Report as objectionable' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Report this place' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(reports).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Report as objectionable' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Report this place' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Wrong address, closed for years');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Your report has been sent.')).toHaveAttribute('role', 'status');
    expect(reports).toEqual([['5', { reason: 'Wrong address, closed for years' }]]);

    // the second time the API refuses: its key, translated, next to the buttons (no toast)
    await user.click(screen.getByRole('button', { name: 'Report as objectionable' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Report this place' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This place was not found.')).toHaveAttribute('role', 'alert');
    expect(reports[1]).toEqual(['5', {}]);
    expect(screen.queryByText('Thank you. Your report has been sent.')).not.toBeInTheDocument();
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('offers no Edit or Delete for a place the user may not change', async () => {
    loggedIn();
    placeApi(() => place({ editable: false }));
    renderApp('/place/5');
    await heading();
    expect(screen.getByRole('button', { name: 'Report as objectionable' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets the creator edit and delete it: Delete asks, then goes back to My places; a refusal is shown', async () => {
    loggedIn();
    placeApi(() => place({ editable: true }));
    let deletes = 0;
    server.use(
      http.delete('/api/place/delete/:id', () => {
        deletes += 1;
        return deletes === 1 ? HttpResponse.json({ key: 'error.place.inuse' }, { status: 409 }) : HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/place/5');
    await heading();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/place-edit/5');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this place?' });
    expect(dialog).toHaveTextContent('Glyptothek and its pictures will be deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);

    // in someone else's list: the API says no, the page says why
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this place?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This place is in use in other lists and cannot be deleted.')).toHaveAttribute('role', 'alert');
    expect(currentLocation()).toBe('/place/5');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this place?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/widget-marked-mylike'));
    expect(deletes).toBe(2);
  });

  it('shows the place on a map, adds it to one of my lists and shares its link', async () => {
    loggedIn();
    placeApi(() => place());
    const added: unknown[] = [];
    server.use(
      http.get('/api/list/mine', () => page([makeListView({ id: 3, name: 'Rainy day' }), makeListView({ id: 4, name: 'Museums' })])),
      http.post('/api/list/:id/items/add', async ({ params, request }) => {
        added.push([Number(params.id), await request.json()]);
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderApp('/place/5');
    await heading();
    expect(await screen.findByRole('group', { name: 'Glyptothek on the map' })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Choose a list' }), 'Museums');
    await user.click(add);
    expect(await screen.findByText('Added to Museums.')).toBeInTheDocument();
    expect(added).toEqual([[4, { placeId: 5 }]]);
    // no share sheet in this browser: the link is copied
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/place/5`);
  });

  it('offers to make a list when there is none', async () => {
    loggedIn();
    placeApi(() => place());
    server.use(http.get('/api/list/mine', () => page([])));
    renderApp('/place/5');
    expect(await screen.findByText('You have no lists yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New list' })).toHaveAttribute('href', '/lists');
  });

  it('says so when the place does not exist', async () => {
    loggedIn();
    placeApi(() => place({ id: 6 }));
    renderApp('/place/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('This place was not found.');
  });

  it('labels every category and accessibility tag of the contracts', () => {
    expect(CATEGORIES).toEqual([...PLACE_CATEGORIES]);
    expect(ACCESSIBILITY_TAGS).toEqual([...CONTRACT_TAGS]);
  });
});

describe('entry points', () => {
  it('My places links each liked place to its page and offers "Add a place"', async () => {
    loggedIn();
    server.use(
      http.get('/api/like/default', () => page([{ ...place({ liked: true }), itemId: 50, note: '', likedAt: '2026-01-02T00:00:00Z' }])),
    );
    placeApi(() => place({ liked: true }));
    const user = userEvent.setup();
    renderApp('/widget-marked-mylike');
    expect(await screen.findByRole('link', { name: 'Add a place' })).toHaveAttribute('href', '/place-edit/new');
    await user.click(await screen.findByRole('link', { name: 'Glyptothek' }));
    await waitFor(() => expect(currentLocation()).toBe('/place/5'));
    expect(await screen.findByRole('button', { name: 'Unlike' })).toBeInTheDocument();
  });
});

describe('list items', () => {
  const listView = makeListView({ id: 4, name: 'Museums', itemCount: 1 });
  const items = {
    list: [{ id: 1, position: 0, note: '', addedAt: '2026-01-01T00:00:00Z', place: place() }],
    total: 1,
    pageIndex: 0,
    pageSize: 100,
  };

  it('link their place to its page for a logged-in reader', async () => {
    loggedIn();
    server.use(
      http.get('/api/list/4', () => HttpResponse.json({ ...listView, items })),
      http.get('/api/list/4/shares', () => page([])),
    );
    renderApp('/lists/4');
    expect(await screen.findByRole('link', { name: 'Glyptothek' })).toHaveAttribute('href', '/place/5');
  });

  it('keep the name as text on the public shared-list page (the place page needs a login)', async () => {
    server.use(http.get('/api/share/good', () => HttpResponse.json({ ...listView, editable: false, items })));
    renderApp('/s/good');
    expect(await screen.findByText('Glyptothek')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Glyptothek' })).not.toBeInTheDocument();
  });
});

describe('place form (/place-edit/new, /place-edit/:id)', () => {
  const field = (label: string) => screen.getByLabelText(label);

  it('shows the contracts’ error keys, translated, and sends nothing while they stand', async () => {
    loggedIn();
    const added = vi.fn();
    server.use(http.post('/api/place/add', () => added()));
    const user = userEvent.setup();
    renderApp('/place-edit/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a place' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add place' }));
    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('This field is required.'));
    // coordinates are optional: the server finds the position from the address
    expect(field('Latitude')).not.toHaveAccessibleDescription('This field is required.');
    expect(field('Longitude')).not.toHaveAccessibleDescription('This field is required.');
    expect(screen.getByTestId('place-position')).toHaveTextContent('Position: enter the address or the city, or pick it on the map.');

    await user.type(field('Name'), 'Café Blau');
    await user.type(field('Latitude'), 'north');
    await user.type(field('Longitude'), '190');
    await user.type(field('Website'), 'not a website');
    await user.type(field('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Add place' }));
    await waitFor(() => expect(field('Latitude')).toHaveAccessibleDescription('Please enter a number.'));
    expect(field('Name')).not.toHaveAccessibleDescription('This field is required.');
    expect(field('Longitude')).toHaveAccessibleDescription('This value is outside the allowed range.');
    expect(field('Website')).toHaveAccessibleDescription('Please check the format of this entry.');
    expect(field('Phone')).toHaveAccessibleDescription('Please check the format of this entry.');
    expect(added).not.toHaveBeenCalled();
  });

  it('adds a place with every field (POST /api/place/add), then its pictures, then opens its page', async () => {
    loggedIn();
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('no decoder')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let body: unknown;
    let created: PlaceView | null = null;
    server.use(
      http.post('/api/place/add', async ({ request }) => {
        body = await request.json();
        created = place({ id: 99, name: 'Café Blau', editable: true, description: 'Good coffee.' });
        return HttpResponse.json(created);
      }),
      http.get('/api/place/position', () => HttpResponse.json({ key: 'error.place.position.notfound' }, { status: 404 })),
      http.get('/api/place/:id', () =>
        created ? HttpResponse.json(created) : HttpResponse.json({ key: 'error.place.notfound' }, { status: 404 }),
      ),
      http.get('/api/userrelation/counts', () =>
        HttpResponse.json({ friends: 12, followers: 3, following: 0, pending: 0, blocked: 0, noMatch: 0, groups: 1 }),
      ),
      http.get('/api/usergroup/list', () =>
        HttpResponse.json({
          list: [{ id: 1, name: 'Family', members: [], createdAt: '2026-01-01T00:00:00Z' }],
          total: 1,
          pageIndex: 0,
          pageSize: 50,
        }),
      ),
    );
    const xhr = fakeXhr({ status: 200, body: JSON.stringify({ id: 77 }) });
    const user = userEvent.setup();
    renderApp('/place-edit/new');
    await user.type(await screen.findByLabelText('Name'), 'Café Blau');
    await user.type(field('Description'), 'Good coffee.');
    await user.selectOptions(field('Category'), 'Café');
    await user.click(screen.getByRole('checkbox', { name: 'Step-free access' }));
    await user.click(screen.getByRole('checkbox', { name: 'Quiet space' }));
    await user.type(field('Street and number'), 'Türkenstraße 1');
    await user.type(field('City'), 'München');
    await waitFor(() => expect(within(field('Country') as HTMLElement).getByRole('option', { name: 'Germany' })).toBeInTheDocument());
    await user.selectOptions(field('Country'), 'Germany');
    await user.type(field('Website'), 'cafe-blau.example');
    await user.type(field('Phone'), '+49 89 123');
    await user.type(field('Latitude'), '48,1502');
    await user.type(field('Longitude'), '11.5778');
    expect(screen.getByTestId('place-position')).toHaveTextContent('Position: set on the map');
    // who sees it: the chosen level says who that is for this user
    const visible = field('Who can see this place');
    expect(visible).toHaveValue('255');
    expect(visible).toHaveAccessibleDescription(/^Everyone with an account\./);
    await user.selectOptions(visible, 'Groups');
    expect(await screen.findByText('The members of your groups: Family (0).')).toBeInTheDocument();
    await user.selectOptions(visible, 'Friends');
    expect(await screen.findByText('Your friends (12).')).toBeInTheDocument();

    // a picture picked before the place exists waits for the save
    const pictures = screen.getByRole('region', { name: 'Pictures' });
    fireEvent.change(within(pictures).getByLabelText('Photo library'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'front.jpg', { type: 'image/jpeg' })] },
    });
    expect(await within(pictures).findByText('front.jpg – uploaded when the place is saved')).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add place' }));
    await waitFor(() => expect(currentLocation()).toBe('/place/99'));
    expect(body).toEqual({
      name: 'Café Blau',
      description: 'Good coffee.',
      latitude: 48.1502,
      longitude: 11.5778,
      address: 'Türkenstraße 1',
      city: 'München',
      country: 'DE',
      category: 'cafe',
      accessibility: ['step_free', 'quiet_space'],
      website: 'cafe-blau.example',
      phone: '+49 89 123',
      visibility: { id: 4 },
    });
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.url).toMatch(/\/api\/place\/99\/picture$/);
    expect(((xhr.sent[0]!.body as FormData).get('file') as File).name).toBe('front.jpg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Café Blau' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('edits a place: a translated name stays a translation, the rest is the place’s own (POST /api/place/update/{id})', async () => {
    loggedIn();
    let current = place({
      editable: true,
      // the API answered the English translation as the name; the description is the place's own
      name: 'Glyptothek (English)',
      texts: { en: { name: 'Glyptothek (English)' }, de: { name: 'Glyptothek', description: 'Skulpturen.' } },
    });
    placeApi(() => current);
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/place/update/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        current = { ...current, name: 'Glyptothek Museum', description: 'Sculpture.' };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    renderApp('/place-edit/5');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Glyptothek (English)');
    expect(field('Latitude')).toHaveValue('48.146');
    expect(screen.getByRole('checkbox', { name: 'Elevator' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Glyptothek Museum');
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Sculpture.');
    await user.click(screen.getByRole('checkbox', { name: 'Elevator' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentLocation()).toBe('/place/5'));
    expect(body).toMatchObject({
      description: 'Sculpture.',
      texts: { en: { name: 'Glyptothek Museum' }, de: { name: 'Glyptothek', description: 'Skulpturen.' } },
      accessibility: ['step_free'],
      country: 'DE',
      category: 'museum',
    });
    expect(body).not.toHaveProperty('name');
    // unchanged coordinates are not sent: the server keeps them (or finds them again for a new address)
    expect(body).not.toHaveProperty('latitude');
    expect(body).not.toHaveProperty('longitude');
  });

  it('adds a place from its address only: shows where it will be, sends no coordinates', async () => {
    loggedIn();
    const asked: Record<string, string>[] = [];
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/place/position', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        if (q.address === 'Türkenstraße 1') return HttpResponse.json({ latitude: 48.1502, longitude: 11.5778, source: 'address' });
        if (q.city === 'München' && q.country === 'DE')
          return HttpResponse.json({ latitude: 48.13743, longitude: 11.57549, source: 'city', city: 'München' });
        return HttpResponse.json({ key: 'error.place.position.notfound' }, { status: 404 });
      }),
      http.post('/api/place/add', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(place({ id: 98, name: 'Café Blau', editable: true, latitude: 48.1502, longitude: 11.5778 }));
      }),
      http.get('/api/place/98', () => HttpResponse.json(place({ id: 98, name: 'Café Blau', latitude: 48.1502, longitude: 11.5778 }))),
    );
    const user = userEvent.setup();
    renderApp('/place-edit/new');
    await user.type(await screen.findByLabelText('Name'), 'Café Blau');
    const status = screen.getByTestId('place-position');
    await user.type(field('City'), 'München');
    expect(status).toHaveTextContent('Position: choose the country to place it in the city.');
    await waitFor(() => expect(within(field('Country') as HTMLElement).getByRole('option', { name: 'Germany' })).toBeInTheDocument());
    await user.selectOptions(field('Country'), 'Germany');
    await waitFor(() => expect(status).toHaveTextContent('Position: from the city München'));
    await user.type(field('Street and number'), 'Türkenstraße 1');
    await waitFor(() => expect(status).toHaveTextContent('Position: from the address'));
    // looked up once the typing settled, not per keystroke
    expect(asked).toEqual([
      { city: 'München', country: 'DE' },
      { address: 'Türkenstraße 1', city: 'München', country: 'DE' },
    ]);
    expect(screen.getByRole('button', { name: 'Refine on the map' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add place' }));
    await waitFor(() => expect(currentLocation()).toBe('/place/98'));
    expect(body).toEqual({
      name: 'Café Blau',
      description: null,
      address: 'Türkenstraße 1',
      city: 'München',
      country: 'DE',
      category: 'other',
      accessibility: [],
      website: null,
      phone: null,
      // the public catalogue unless another level is chosen
      visibility: { id: 255 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Café Blau' })).toBeInTheDocument();
  });

  it('says when neither the address nor the city is known: the place is saved without a position', async () => {
    loggedIn();
    const user = userEvent.setup();
    renderApp('/place-edit/new');
    await user.type(await screen.findByLabelText('Street and number'), 'Irgendwo 1');
    await waitFor(() =>
      expect(screen.getByTestId('place-position')).toHaveTextContent(
        'Position: not found. The place is saved without one; you can pick it on the map.',
      ),
    );
  });

  it('edit: a new address moves a position that came from the old one; emptied coordinates are found again', async () => {
    loggedIn();
    // the saved position is the centre of München: it came from the city, not from a hand on the map
    let current = place({ editable: true, address: null, latitude: 48.13743, longitude: 11.57549 });
    placeApi(() => current);
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/place/position', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        if (q.address === 'Königsplatz 3') return HttpResponse.json({ latitude: 48.146, longitude: 11.5656, source: 'address' });
        return HttpResponse.json({ latitude: 48.13743, longitude: 11.57549, source: 'city', city: 'München' });
      }),
      http.post('/api/place/update/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        current = { ...current, address: 'Königsplatz 3', latitude: 48.146, longitude: 11.5656 };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    renderApp('/place-edit/5');
    const status = await screen.findByTestId('place-position');
    await waitFor(() => expect(status).toHaveTextContent('Position: from the city München'));
    await user.type(field('Street and number'), 'Königsplatz 3');
    await waitFor(() => expect(status).toHaveTextContent('Position: from the address'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentLocation()).toBe('/place/5'));
    expect(body).toMatchObject({ address: 'Königsplatz 3' });
    expect(body).not.toHaveProperty('latitude');
  });

  it('shows the server’s refusals: field keys on their fields, other keys above the buttons', async () => {
    loggedIn();
    placeApi(() => place({ editable: true }));
    let answer = 0;
    server.use(
      http.post('/api/place/update/:id', () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json({ key: 'error.validation', fields: [{ path: 'body.website', key: 'FORM.ERROR.PATTERN' }] }, { status: 400 })
          : HttpResponse.json({ key: 'error.place.forbidden' }, { status: 403 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/place-edit/5');
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(field('Website')).toHaveAccessibleDescription('Please check the format of this entry.'));
    expect(currentLocation()).toBe('/place-edit/5');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Only the creator of this place can change it.')).toHaveAttribute('role', 'alert');
    expect(currentLocation()).toBe('/place-edit/5');
  });

  it('offers no form for a place the user may not change', async () => {
    loggedIn();
    placeApi(() => place({ editable: false }));
    renderApp('/place-edit/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the creator of this place can change it.');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('uploads a picture of an existing place at once and removes one (DELETE /api/document/delete/{id})', async () => {
    loggedIn();
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('no decoder')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let pictures = [{ id: 31, url: '/api/document/31/file', urlThumb240: '/api/document/31/thumb' }];
    placeApi(() => place({ editable: true, pictures }));
    const deleted: string[] = [];
    server.use(
      http.delete('/api/document/delete/:id', ({ params }) => {
        deleted.push(String(params.id));
        pictures = pictures.filter((p) => String(p.id) !== params.id);
        return HttpResponse.json({ ok: true });
      }),
    );
    const xhr = fakeXhr({ status: 200, body: JSON.stringify({ id: 32 }) });
    const user = userEvent.setup();
    renderApp('/place-edit/5');
    const region = await screen.findByRole('region', { name: 'Pictures' });
    expect(await within(region).findByRole('img', { name: 'Picture 1 of Glyptothek' })).toHaveAttribute('src', '/api/document/31/thumb');

    pictures = [...pictures, { id: 32, url: '/api/document/32/file', urlThumb240: '/api/document/32/thumb' }];
    fireEvent.change(within(region).getByLabelText('Photo library'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'hall.jpg', { type: 'image/jpeg' })] },
    });
    // sent at once, and shown as the place's picture once the place is read again
    expect(await within(region).findByRole('img', { name: 'Picture 2 of Glyptothek' })).toHaveAttribute('src', '/api/document/32/thumb');
    expect(xhr.sent[0]!.url).toMatch(/\/api\/place\/5\/picture$/);

    await user.click(within(region).getByRole('button', { name: 'Remove Picture 1 of Glyptothek' }));
    await waitFor(() => expect(within(region).getAllByRole('img')).toHaveLength(1));
    expect(deleted).toEqual(['31']);
    vi.unstubAllGlobals();
  });
});
