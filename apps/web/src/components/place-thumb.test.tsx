import type { LikedPlace, ListDetail, PlaceView } from '@spotlist/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { makeListView, makeUser, setXsrfCookie, storeLoggedInUser, makePlaceView } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { server } from '../test/server';
import { coverUrl, PlaceThumb, thumbSources } from './place-thumb';

const place = (id: number, name: string, extra: Partial<PlaceView> = {}): PlaceView =>
  makePlaceView({ id, name, category: 'museum', ...extra });
const picture = (id: number) => ({ id, url: `/api/document/${id}/file?v=abc`, urlThumb240: `/api/document/${id}/thumb?v=abc` });
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="#7e22ce"/></svg>';

/** Logged in; the access token the api client sends. */
function loggedIn(): string | undefined {
  const stored = storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
  return stored.authtoken;
}

/** The thumb, decorative: an image with alt="" (role presentation), or the empty box. */
const thumbIn = (el: HTMLElement = document.body) => el.querySelector<HTMLElement>('.place-thumb');

const renderThumb = (p: PlaceView) =>
  render(
    <QueryClientProvider client={queryClient}>
      <PlaceThumb place={p} />
    </QueryClientProvider>,
  );

describe('PlaceThumb', () => {
  it('shows the first picture’s 240 px thumbnail, lazily, 56 × 56, decorative', () => {
    renderThumb(place(1, 'Pinakothek', { pictures: [picture(5), picture(6)] }));
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('src', '/api/document/5/thumb?v=abc');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '56');
    expect(img).toHaveAttribute('height', '56');
  });

  it('shows the generated cover in the app language when the place has no picture', async () => {
    renderThumb(place(7, 'Glyptothek'));
    expect(screen.getByRole('presentation')).toHaveAttribute('src', '/api/place/7/cover.svg?lang=en');
    await changeLanguage('de');
    await waitFor(() => expect(screen.getByRole('presentation')).toHaveAttribute('src', '/api/place/7/cover.svg?lang=de'));
  });

  it('falls back to the cover when the picture does not load', () => {
    renderThumb(place(2, 'Lenbachhaus', { pictures: [{ id: 9, url: '/api/document/9/file?v=x', urlThumb240: null }] }));
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('src', '/api/document/9/file?v=x');
    fireEvent.error(img);
    expect(screen.getByRole('presentation')).toHaveAttribute('src', '/api/place/2/cover.svg?lang=en');
  });

  it('reads a private place’s cover with the login (an <img> sends no token) and shows it', async () => {
    const token = loggedIn();
    expect(token).toBeTruthy();
    const tokens: (string | null)[] = [];
    server.use(
      http.get('/api/place/3/cover.svg', ({ request }) => {
        tokens.push(request.headers.get('x-auth-token'));
        return new HttpResponse(SVG, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
      }),
    );
    renderThumb(place(3, 'My secret garden', { visibility: { id: 1 } }));
    // nothing is asked without the token: an empty box until the image is read
    expect(thumbIn()).toHaveClass('place-thumb-empty');
    await waitFor(() => expect(screen.getByRole('presentation').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    const src = screen.getByRole('presentation').getAttribute('src')!;
    expect(atob(src.slice(src.indexOf(',') + 1))).toBe(SVG);
    expect(tokens).toEqual([token]);
  });

  it('for a private place, takes the cover when its picture cannot be read, and stays an empty box when nothing can', async () => {
    loggedIn();
    server.use(
      http.get('/api/document/4/thumb', () => HttpResponse.json({ key: 'error.document.notfound' }, { status: 404 })),
      http.get('/api/place/4/cover.svg', () => new HttpResponse(SVG, { headers: { 'content-type': 'image/svg+xml' } })),
      http.get('/api/place/8/cover.svg', () => HttpResponse.json({ key: 'error.place.notfound' }, { status: 404 })),
    );
    renderThumb(place(4, 'Hidden', { visibility: { id: 1 }, pictures: [picture(4)] }));
    await waitFor(() => expect(screen.getByRole('presentation').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    const gone = renderThumb(place(8, 'Gone', { visibility: { id: 1 } }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(thumbIn(gone.container)).toHaveClass('place-thumb-empty');
    expect(gone.container.querySelector('img')).toBeNull();
  });

  it('lists its sources best first', () => {
    expect(thumbSources(place(1, 'A', { pictures: [picture(5)] }), 'fr')).toEqual(['/api/document/5/thumb?v=abc', coverUrl(1, 'fr')]);
    expect(thumbSources(place(1, 'A', { pictures: [] }), 'fr')).toEqual(['/api/place/1/cover.svg?lang=fr']);
  });
});

describe('thumbs in the rows', () => {
  it('liked places: the picture where there is one, else the cover', async () => {
    loggedIn();
    const liked = (p: PlaceView): LikedPlace => ({ ...p, liked: true, itemId: p.id * 10, note: '', likedAt: '2026-01-02T00:00:00Z' });
    server.use(
      http.get('/api/like/default', () =>
        HttpResponse.json({
          list: [liked(place(1, 'Pinakothek', { pictures: [picture(5)] })), liked(place(2, 'Glyptothek'))],
          total: 2,
          pageIndex: 0,
          pageSize: 100,
        }),
      ),
    );
    renderApp('/widget-marked-mylike');
    const rows = within(await screen.findByRole('list', { name: 'Liked places' })).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('presentation')).toHaveAttribute('src', '/api/document/5/thumb?v=abc');
    expect(within(rows[1]).getByRole('presentation')).toHaveAttribute('src', '/api/place/2/cover.svg?lang=en');
    // the row still reads as the place's name (the thumb says nothing)
    expect(rows[1]).toHaveTextContent(/^Glyptothek/);
  });

  it('a list’s items: the picture where there is one, else the cover', async () => {
    loggedIn();
    const item = (id: number, p: PlaceView) => ({ id, position: id, note: '', addedAt: '2026-01-01T00:00:00Z', place: p });
    const detail: ListDetail = {
      ...makeListView({ id: 4, name: 'Museums', itemCount: 2 }),
      items: {
        list: [item(0, place(10, 'Lenbachhaus', { pictures: [picture(6)] })), item(1, place(11, 'Brandhorst', { category: 'sight' }))],
        total: 2,
        pageIndex: 0,
        pageSize: 100,
      },
    };
    server.use(
      http.get('/api/list/4', () => HttpResponse.json(detail)),
      http.get('/api/list/4/shares', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
    );
    renderApp('/lists/4');
    const rows = within(await screen.findByRole('list', { name: 'Places in the list' })).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('presentation')).toHaveAttribute('src', '/api/document/6/thumb?v=abc');
    expect(within(rows[1]).getByRole('presentation')).toHaveAttribute('src', '/api/place/11/cover.svg?lang=en');
  });
});
