import type { ListView, Share } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { makeListView, makeUser, setXsrfCookie, storeLoggedInUser, makePlaceView } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const list = (id: number, name: string, extra: Partial<ListView> = {}): ListView => makeListView({ id, name, ...extra });
const page = <T,>(items: T[]) => ({ list: items, total: items.length, pageIndex: 0, pageSize: 100 });
const item = (id: number, name: string, position: number, note = '') => ({
  id,
  position,
  note,
  addedAt: '2026-01-01T00:00:00Z',
  place: makePlaceView({ id: id * 10, name }),
});

function loggedIn() {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
}

describe('my lists', () => {
  it('creates a list (POST /api/list/add) and shows it', async () => {
    loggedIn();
    let lists: ListView[] = [];
    let body: unknown;
    server.use(
      http.get('/api/list/mine', ({ request }) => {
        expect(new URL(request.url).searchParams.get('f.kind')).toBe('list');
        return HttpResponse.json(page(lists));
      }),
      http.post('/api/list/add', async ({ request }) => {
        body = await request.json();
        lists = [list(3, 'Sunday walk')];
        return HttpResponse.json(lists[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists');
    expect(await screen.findByText('You have no lists yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('List name'), 'Sunday walk');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('link', { name: 'Sunday walk' })).toHaveAttribute('href', '/lists/3');
    expect(body).toEqual({ name: 'Sunday walk' });
  });

  it("lists others' lists I may read under Shared with me, with their owner's profile", async () => {
    loggedIn();
    server.use(
      http.get('/api/list/mine', () => HttpResponse.json(page([]))),
      http.get('/api/list/shared', () =>
        HttpResponse.json(page([list(8, 'Friends only', { editable: false, visibility: { id: 4 }, owner: { id: 42, nickname: 'Ana' } })])),
      ),
    );
    renderApp('/lists');
    const shared = await screen.findByRole('region', { name: 'Shared with me' });
    expect(within(shared).getByRole('link', { name: 'Friends only' })).toHaveAttribute('href', '/lists/8');
    expect(within(shared).getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/u/42');
  });

  it('shows the import error from the API next to the form (no toast)', async () => {
    loggedIn();
    let received: string | null = null;
    server.use(
      http.get('/api/list/mine', () => HttpResponse.json(page([]))),
      http.post('/api/list/import', ({ request }) => {
        // (jsdom's multipart body cannot be read back here: the server tests cover the parsing)
        received = request.headers.get('content-type');
        return HttpResponse.json({ key: 'error.import.format' }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists');
    await user.upload(await screen.findByLabelText('File to import'), new File(['not a place file'], 'places.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file format is not supported or the file is damaged.');
    expect(received).toMatch(/^multipart\/form-data; boundary=/);
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('imports a file into a new list and opens it', async () => {
    loggedIn();
    server.use(
      http.get('/api/list/mine', () => HttpResponse.json(page([]))),
      http.post('/api/list/import', () =>
        HttpResponse.json({ list: list(9, 'Saved places'), format: 'google-takeout', imported: 1, needsLocation: 0 }),
      ),
      http.get('/api/list/9', () => HttpResponse.json({ ...list(9, 'Saved places'), items: page([item(1, 'Viktualienmarkt', 0)]) })),
      http.get('/api/list/9/shares', () => HttpResponse.json(page([]))),
    );
    const user = userEvent.setup();
    renderApp('/lists');
    await user.upload(await screen.findByLabelText('File to import'), new File(['{}'], 'Saved Places.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Saved places', level: 1 })).toBeInTheDocument();
    expect(currentLocation()).toBe('/lists/9');
  });
});

describe('a list', () => {
  it('its owner picks who sees it from the five levels, each saying who that is (POST /api/list/update/{id})', async () => {
    loggedIn();
    let detail = { ...list(6, 'Tapas', { itemCount: 1 }), items: page([item(1, 'Bar Centro', 0)]) };
    let body: unknown;
    server.use(
      http.get('/api/list/6', () => HttpResponse.json(detail)),
      http.get('/api/list/6/shares', () => HttpResponse.json([])),
      http.get('/api/userrelation/counts', () =>
        HttpResponse.json({ friends: 12, followers: 3, following: 1, pending: 0, blocked: 0, noMatch: 0, groups: 0 }),
      ),
      http.get('/api/usergroup/list', () => HttpResponse.json(page([]))),
      http.post('/api/list/update/6', async ({ request }) => {
        body = await request.json();
        detail = { ...detail, visibility: (body as { visibility: { id: number } }).visibility };
        return HttpResponse.json(detail);
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists/6');
    const picker = await screen.findByRole('combobox', { name: 'Visible to' });
    expect(picker).toHaveValue('1');
    expect(picker).toHaveAccessibleDescription(/^Only you\./);
    await user.selectOptions(picker, 'Followers');
    await waitFor(() => expect(body).toEqual({ visibility: { id: 64 } }));
    expect(await screen.findByText('Your followers (3) and your friends (12).')).toBeInTheDocument();
    await user.selectOptions(picker, 'Groups');
    expect(await screen.findByText('The members of your groups — you have none yet.')).toBeInTheDocument();
    await user.selectOptions(picker, 'Friends');
    await waitFor(() => expect(body).toEqual({ visibility: { id: 4 } }));
    expect(await screen.findByText('Your friends (12).')).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue('4'));
  });

  it('moves an item down, saves a note, and shares the list by link (copy, revoke)', async () => {
    loggedIn();
    let detail = { ...list(4, 'Museums', { itemCount: 2 }), items: page([item(1, 'Pinakothek', 0), item(2, 'Glyptothek', 1)]) };
    const calls: unknown[] = [];
    server.use(
      http.get('/api/list/4', () => HttpResponse.json(detail)),
      http.post('/api/list/4/items/reorder', async ({ request }) => {
        const body = (await request.json()) as { itemIds: number[] };
        calls.push(['reorder', body]);
        detail = { ...detail, items: page([item(2, 'Glyptothek', 0), item(1, 'Pinakothek', 1)]) };
        return HttpResponse.json(detail);
      }),
      http.post('/api/list/4/items/update/1', async ({ request }) => {
        calls.push(['note', await request.json()]);
        detail = { ...detail, items: page([item(2, 'Glyptothek', 0), item(1, 'Pinakothek', 1, 'Sunday 1 €')]) };
        return HttpResponse.json(detail);
      }),
      http.post('/api/share', async ({ request }) => {
        calls.push(['share', await request.json()]);
        return HttpResponse.json({
          id: 1,
          listId: 4,
          public: true,
          token: 'tok123',
          url: '/s/tok123',
          recipients: [],
          expiresAt: null,
          revokedAt: null,
          createdAt: '2026-01-01T00:00:00Z',
        });
      }),
      http.get('/api/list/4/shares', () => HttpResponse.json(page([]))),
      http.post('/api/share/revoke', async ({ request }) => {
        calls.push(['revoke', await request.json()]);
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists/4');
    // the list opens to be read: notes shown, no edit controls until "Edit list"
    await screen.findByRole('list', { name: 'Places in the list' });
    expect(screen.queryByRole('button', { name: 'Move Pinakothek down' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Pinakothek' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit list' }));
    await user.click(await screen.findByRole('button', { name: 'Move Pinakothek down' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Places in the list' })).getAllByRole('listitem')[0]).toHaveTextContent('Glyptothek'),
    );
    const note = screen.getByLabelText('Note for Pinakothek');
    await user.type(note, 'Sunday 1 €');
    await user.click(screen.getByRole('button', { name: 'Save the note for Pinakothek' }));
    await waitFor(() => expect(screen.getByLabelText('Note for Pinakothek')).toHaveValue('Sunday 1 €'));
    // done editing: the note is read as text
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Sunday 1 €')).toBeInTheDocument();
    expect(screen.queryByLabelText('Note for Pinakothek')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create public link' }));
    const link = await screen.findByRole('link', { name: 'Public link' });
    expect(link).toHaveAttribute('href', `${location.origin}/s/tok123`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    // user-event puts its own clipboard in place
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/s/tok123`);
    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('The link has been revoked.')).toBeInTheDocument();
    expect(calls).toEqual([
      ['reorder', { itemIds: [2, 1] }],
      ['note', { note: 'Sunday 1 €' }],
      ['share', { listId: 4, public: true }],
      ['revoke', { id: 1 }],
    ]);
  });

  it('lists the links made before a reload and revokes one by its id', async () => {
    loggedIn();
    const detail = { ...list(4, 'Museums'), items: page([]) };
    const share = (id: number, extra: Partial<Share> = {}): Share => ({
      id,
      listId: 4,
      public: true,
      token: null,
      url: null,
      recipients: [],
      expiresAt: null,
      revokedAt: null,
      createdAt: '2026-01-0' + id + 'T10:00:00Z',
      ...extra,
    });
    let shares = [share(1), share(2, { revokedAt: '2026-01-03T00:00:00Z' }), share(3, { expiresAt: '2020-01-01T00:00:00Z' }), share(5)];
    const revoked: unknown[] = [];
    server.use(
      http.get('/api/list/4', () => HttpResponse.json(detail)),
      http.get('/api/list/4/shares', () => HttpResponse.json(page(shares))),
      http.post('/api/share/revoke', async ({ request }) => {
        const body = (await request.json()) as { id: number };
        revoked.push(body);
        shares = shares.map((s) => (s.id === body.id ? { ...s, revokedAt: '2026-02-01T00:00:00Z' } : s));
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists/4');
    const links = await screen.findByRole('list', { name: 'Active links' });
    // revoked and expired links are not offered
    expect(within(links).getAllByRole('listitem')).toHaveLength(2);
    const fifth = new Date('2026-01-05T10:00:00Z').toLocaleString('en');
    await user.click(screen.getByRole('button', { name: `Revoke the link created ${fifth}` }));
    expect(await screen.findByText('The link has been revoked.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Active links' })).getAllByRole('listitem')).toHaveLength(1));
    expect(revoked).toEqual([{ id: 5 }]);
  });

  it('adds a place from the catalogue search (POST /api/list/{id}/items/add)', async () => {
    loggedIn();
    let detail = { ...list(4, 'Museums', { itemCount: 1 }), items: page([item(1, 'Pinakothek', 0)]) };
    const added: unknown[] = [];
    server.use(
      http.get('/api/list/4', () => HttpResponse.json(detail)),
      http.get('/api/list/4/shares', () => HttpResponse.json(page([]))),
      http.get('/api/place/list', ({ request }) => {
        expect(new URL(request.url).searchParams.get('f.q')).toBe('thek');
        return HttpResponse.json(page([item(1, 'Pinakothek', 0).place, item(2, 'Glyptothek', 1).place]));
      }),
      http.post('/api/list/4/items/add', async ({ request }) => {
        added.push(await request.json());
        detail = { ...detail, items: page([item(1, 'Pinakothek', 0), item(2, 'Glyptothek', 1)]) };
        return HttpResponse.json(detail);
      }),
    );
    const user = userEvent.setup();
    renderApp('/lists/4');
    await user.click(await screen.findByRole('button', { name: 'Edit list' }));
    await user.type(await screen.findByLabelText('Search the places catalogue'), 'thek');
    const results = await screen.findByRole('list', { name: 'Places found' });
    // a place already in the list has no Add button
    expect(within(results).queryByRole('button', { name: 'Add Pinakothek to the list' })).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'Add Glyptothek to the list' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Places in the list' })).getAllByRole('listitem')).toHaveLength(2));
    expect(added).toEqual([{ placeId: 20 }]);
    expect(within(results).getAllByText('In the list')).toHaveLength(2);
  });
});

describe('a list that is not there', () => {
  it.each([
    [404, 'error.list.notfound'],
    [403, 'error.auth.forbidden'],
  ])('says so on the page (%i), without a toast, with a way back', async (status, key) => {
    loggedIn();
    server.use(http.get('/api/list/99', () => HttpResponse.json({ key }, { status })));
    renderApp('/lists/99');
    expect(await screen.findByText('This list does not exist, or it is not shared with you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('the likes list opens as My places, not as a list page', async () => {
    loggedIn();
    server.use(
      http.get('/api/list/3', () => HttpResponse.json({ ...list(3, 'default', { kind: 'likes' }), items: page([]) })),
      http.get('/api/like/default', () => HttpResponse.json(page([]))),
    );
    renderApp('/lists/3');
    await waitFor(() => expect(currentLocation()).toBe('/widget-marked-mylike'));
  });

  it('an address the app has no page for shows a not-found page instead of redirecting', async () => {
    loggedIn();
    renderApp('/no-such-page');
    expect(await screen.findByText('There is no page at this address. The link may be mistyped or out of date.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/no-such-page');
  });
});

describe('shared list by public link (/s/:token)', () => {
  it('shows the list read-only without a login', async () => {
    expect(authStore.getState().stored).toBeNull();
    server.use(
      http.get('/api/share/good', () =>
        HttpResponse.json({
          ...list(4, 'Museums', { editable: false }),
          items: page([item(1, 'Pinakothek', 0, 'Sundays 1 €')]),
          share: { expiresAt: null },
        }),
      ),
    );
    renderApp('/s/good');
    expect(await screen.findByRole('heading', { name: 'Museums', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Shared by Anna')).toBeInTheDocument();
    expect(screen.getByText('Sundays 1 €')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Move/ })).toBeNull();
    expect(currentLocation()).toBe('/s/good');
  });

  it.each([
    ['error.share.revoked', 410, "This link has been revoked by the list's owner."],
    ['error.share.expired', 410, 'This link has expired.'],
    ['error.share.notfound', 404, 'This shared list was not found.'],
  ])('%s → its own message', async (key, status, text) => {
    server.use(http.get('/api/share/bad', () => HttpResponse.json({ key }, { status })));
    renderApp('/s/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(document.querySelector('ion-toast')).toBeNull();
  });
});
