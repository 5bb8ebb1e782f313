import type { GuestAppView, User, WidgetView } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeListView, makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const SLOW = { timeout: 8000 };
const page = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

const guestApp = (extra: Partial<GuestAppView> = {}): GuestAppView => ({
  id: 1,
  publicId: 'guestPUB123',
  welcome: { en: { title: 'Welcome!', text: 'Enjoy your stay.' } },
  widgetIds: [],
  listIds: [],
  contact: { phone: '+49 89 123' },
  units: ['Room 1'],
  enabled: true,
  revision: 1,
  links: [
    { unit: null, url: 'https://spotlist.example/g/guestPUB123' },
    { unit: 'Room 1', url: 'https://spotlist.example/g/guestPUB123?u=Room%201' },
  ],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const widgetView = (id: number, name: string) =>
  ({
    id,
    name,
    publicId: `pub${id}abcdefgh`,
    version: 2,
    texts: {},
    languages: [],
    style: {},
    allowedDomains: [],
    revision: 1,
    poiCount: 0,
    frameUrl: `https://spotlist.example/w/pub${id}abcdefgh`,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  }) satisfies WidgetView;
const listView = (id: number, name: string) => makeListView({ id, name });

function loggedIn(flags: Partial<User>) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: 2 }, ...flags }))));
}

beforeEach(() => {
  // jsdom has no object URLs: the QR images and downloads are Blob URLs
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:qr'), revokeObjectURL: vi.fn() });
});

describe('guest-mode app (hasGuest)', () => {
  it('is not there without hasGuest', async () => {
    loggedIn({ hasGuest: false });
    renderApp('/guest-mode-app');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('This feature is not activated for your account.');
  });

  it('shows the guest links with QR codes, and saves welcome, widgets, lists, contact and rooms', async () => {
    loggedIn({ hasGuest: true, widgetv2activated: true });
    const qr: string[] = [];
    let body: unknown;
    server.use(
      http.get('/api/guestapp', () => HttpResponse.json(guestApp())),
      http.get('/api/guestapp/qr', ({ request }) => {
        const q = new URL(request.url).searchParams;
        qr.push(`${q.get('unit') ?? '-'}:${q.get('format')}`);
        return new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/svg+xml' } });
      }),
      http.get('/api/widget/all', () => page([widgetView(3, 'Lobby tips'), widgetView(4, 'Spa')])),
      http.get('/api/list/mine', () => page([listView(9, 'Rainy days')])),
      http.post('/api/guestapp', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(guestApp({ units: ['Room 1', 'Room 2'] }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/guest-mode-app');
    const links = await screen.findAllByTestId('guest-link', {}, SLOW);
    expect(links.map((l) => within(l).getByRole('link').getAttribute('href'))).toEqual([
      'https://spotlist.example/g/guestPUB123',
      'https://spotlist.example/g/guestPUB123?u=Room%201',
    ]);
    await waitFor(() => expect(within(links[1]!).getByRole('img', { name: 'QR code: Room 1' })).toHaveAttribute('src', 'blob:qr'));
    expect(qr.sort()).toEqual(['-:svg', 'Room 1:svg']);

    await user.click(within(links[1]!).getByRole('button', { name: 'Download PNG – Room 1' }));
    await waitFor(() => expect(qr).toContain('Room 1:png'));

    await user.selectOptions(screen.getByLabelText('Language of the welcome'), 'de');
    await user.type(screen.getByLabelText('Welcome title'), 'Willkommen!');
    await user.click(await screen.findByRole('checkbox', { name: 'Spa' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Rainy days' }));
    await user.type(screen.getByLabelText('Opening hours'), '8–22');
    await user.type(screen.getByLabelText('Rooms or tables'), '\nRoom 2\n\nRoom 1');
    await user.click(screen.getByRole('button', { name: 'Save guest app' }));
    expect(await screen.findByText('The guest app has been saved.')).toBeInTheDocument();
    expect(body).toEqual({
      welcome: { en: { title: 'Welcome!', text: 'Enjoy your stay.' }, de: { title: 'Willkommen!', text: '' } },
      widgetIds: [4],
      listIds: [9],
      contact: { phone: '+49 89 123', email: '', website: '', address: '', hours: '8–22' },
      units: ['Room 1', 'Room 2'],
      enabled: true,
    });
  });

  it('does not ask for widgets without a widget flag', async () => {
    loggedIn({ hasGuest: true });
    const widgets = vi.fn();
    server.use(
      http.get('/api/guestapp', () =>
        HttpResponse.json(guestApp({ links: [{ unit: null, url: 'https://spotlist.example/g/guestPUB123' }] })),
      ),
      http.get('/api/guestapp/qr', () => new HttpResponse('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })),
      http.get('/api/widget/all', () => (widgets(), page([]))),
      http.get('/api/list/mine', () => page([])),
    );
    renderApp('/guest-mode-app');
    expect(await screen.findByText('You have no widgets to show.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('You have no lists to show.')).toBeInTheDocument();
    expect(widgets).not.toHaveBeenCalled();
  });
});
