import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { appEvents } from '../../lib/events';
import { i18next } from '../../lib/i18n';
import { local, session, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { isChunkLoadError, loadPage } from '../lazy-page';
import { ChunkErrorPage } from './chunk-error-page';
import { errorToastKey } from './error-toast';

function loggedInAs(overrides: Parameters<typeof makeUser>[0] = {}) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser(overrides))));
}

/** Opens the side menu with the header's toggle (the viewport is narrow: no split pane). */
async function openMenu() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Menu' }));
  return screen.findByRole('navigation', { name: 'Main menu' });
}

describe('header, menu and footer (SPEC §2)', () => {
  it('logged out: language menu and footer, no menu toggle, menu disabled', async () => {
    renderApp('/login');
    expect(await screen.findByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Legal and company links' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Imprint', 'Privacy policy', 'Terms of use']);
    expect(within(footer).getByRole('link', { name: 'Imprint' })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('ion-menu')).toHaveProperty('disabled', true);
  });

  it('logged in: menu toggle, e-mail and the built pages in the menu, no footer or language menu', async () => {
    loggedInAs({ widgetv1activated: true, hasGuest: true });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Legal and company links' })).not.toBeInTheDocument();
    const menu = await openMenu();
    expect(screen.getByText('anna@example.com')).toBeVisible();
    // the widget and guest app pages show by their flags (widgetv2activated is not set: no widget list)
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
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
    ]);
    expect(within(menu).getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(document.querySelector('ion-menu')).toHaveProperty('disabled', false);
  });

  it('while a stored session is checked the menu pane is there but empty, its entries come with the user', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    server.use(
      http.get('/api/session/user', async () => {
        await held;
        return HttpResponse.json(makeUser());
      }),
    );
    renderApp('/dashboard');
    // enabled from the start: from 1250 px the pages are laid out beside it at once (no shift when the check answers)
    await waitFor(() => expect(document.querySelector('ion-menu')).toHaveProperty('disabled', false));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByText('anna@example.com')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeInTheDocument();
    const menu = await openMenu();
    expect(within(menu).getByRole('button', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
  });

  it('onboarding: no menu toggle, no page list, menu disabled, footer shown', async () => {
    loggedInAs({ profileFilled: false });
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: /^(Almost done|Welcome, .+)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal and company links' })).toBeInTheDocument();
    expect(document.querySelector('ion-menu')).toHaveProperty('disabled', true);
  });

  it('shows the user picture, else the logo, else a dummy image', async () => {
    loggedInAs({
      picturedocument: { id: 1, urlThumb240: '/api/document/1/thumb' },
      logodocument: { id: 2, urlThumb240: '/api/document/2/thumb' },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hello, Anna!' });
    expect(document.querySelector('.side-menu-picture')).toHaveAttribute('src', '/api/document/1/thumb');
    await act(async () =>
      authStore.setUser(
        makeUser({ authtoken: 't', picturedocument: { id: 1, urlThumb240: 'null' }, logodocument: { id: 2, urlThumb240: '/api/logo' } }),
      ),
    );
    expect(document.querySelector('.side-menu-picture')).toHaveAttribute('src', '/api/logo');
    await act(async () => authStore.setUser(makeUser({ authtoken: 't' })));
    expect(document.querySelector('.side-menu-picture')).toHaveAttribute('src', '/assets/dummy-user.svg');
  });

  it('opens the FAQ in a new tab, with the German path for German', async () => {
    loggedInAs({ language: { id: 2, key: 'de' } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hallo, Anna!' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Menü' }));
    const menu = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    await userEvent.setup().click(within(menu).getByRole('button', { name: 'Hilfe' }));
    expect(open).toHaveBeenCalledWith('https://spotlist.example/de/faq/', '_blank', 'noopener,noreferrer');
  });

  it('shows a lazy page opened from the menu (its first visit is not left invisible)', async () => {
    loggedInAs();
    server.use(http.get('/api/setting/', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hello, Anna!' });
    const menu = await openMenu();
    await userEvent.setup().click(within(menu).getByRole('button', { name: 'Settings' }));
    const heading = await screen.findByRole('heading', { name: 'Settings', level: 1 });
    const page = heading.closest('.ion-page')!;
    await waitFor(() => expect(page).not.toHaveClass('ion-page-invisible'));
    expect(page).not.toHaveClass('ion-page-hidden');
  });

  it('choosing the active page does nothing', async () => {
    loggedInAs();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hello, Anna!' });
    const before = currentLocation();
    const menu = await openMenu();
    await userEvent.setup().click(within(menu).getByRole('button', { name: 'Dashboard' }));
    expect(currentLocation()).toBe(before);
  });

  it('logs out: clears the user, goes to login, even when the call fails', async () => {
    loggedInAs();
    let calls = 0;
    server.use(
      http.post('/api/logout', () => {
        calls += 1;
        return HttpResponse.json({ key: 'error.unavailable' }, { status: 503 });
      }),
    );
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hello, Anna!' });
    const menu = await openMenu();
    await userEvent.setup().click(within(menu).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls).toBe(1);
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', stored: null, clearedBy: 'logout' });
    expect(local.get(STORAGE_KEYS.user)).toBeNull();
    // an explicit logout does not bring the user back to the page afterwards
    await new Promise((r) => setTimeout(r, 600));
    expect(session.get(STORAGE_KEYS.guardedPage)).toBeNull();
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('switches the language from the language menu and remembers the choice', async () => {
    renderApp('/login');
    await userEvent.setup().selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(i18next.language).toBe('de');
    expect(local.get(STORAGE_KEYS.userLanguage)).toBe('2');
  });
});

describe('cookie notice (SPEC §2)', () => {
  it('lets other errors through', async () => {
    await expect(loadPage(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('shows until dismissed and stays dismissed', async () => {
    const first = renderApp('/login');
    const notice = await screen.findByRole('region', { name: 'Cookie notice' });
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to Spotlist' });
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });
});

describe('errors (SPEC §8)', () => {
  it('maps API error keys to toast messages', () => {
    const exists = (k: string) => k !== 'ERROR.error.made.up';
    expect(errorToastKey('error.login.failed', exists)).toBe('ERROR.error.login.failed');
    expect(errorToastKey('USER_UNVERIFIED', exists)).toBe('ERROR.MESSAGE.USERUNVERIFIED');
    expect(errorToastKey('error.made.up', exists)).toBe('ERROR.error.unknown');
    expect(errorToastKey('error.existing.password.required', exists)).toBeNull();
    // the callback page prompts for these (the password again, the terms of a new account)
    expect(errorToastKey('error.existing.password.wrong', exists)).toBeNull();
    expect(errorToastKey('error.external.terms.required', exists)).toBeNull();
    expect(errorToastKey('error.external.linkedelsewhere', exists)).toBe('ERROR.error.external.linkedelsewhere');
  });

  it('replaces an earlier error toast with the new one', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to Spotlist' });
    act(() => appEvents.emit('api-error', { key: 'error.notfound', status: 404, path: '/x' }));
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe('The requested item was not found.'));
    const first = document.querySelector('ion-toast')!;
    const firstDismissed = vi.fn();
    first.addEventListener('ionToastWillDismiss', firstDismissed);

    act(() => appEvents.emit('api-error', { key: 'error.ratelimit', status: 429, path: '/x' }));
    await waitFor(() => expect(firstDismissed).toHaveBeenCalled());
    const toasts = [...document.querySelectorAll('ion-toast')];
    const latest = toasts[toasts.length - 1]!;
    expect(latest).not.toBe(first);
    expect(latest.message).toBe('Too many requests. Please wait a moment.');
    expect(latest.duration).toBe(5000);
    expect(latest.position).toBe('bottom');
    expect(latest.buttons).toEqual([{ text: 'Close', role: 'cancel' }]);
  });

  it('offers a reload when a chunk cannot be loaded', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to Spotlist' });
    const seen = vi.fn();
    const off = appEvents.on('chunk-loading-error', seen);
    let loaded: unknown;
    await act(async () => {
      loaded = await loadPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    });
    off();
    expect(loaded).toEqual({ default: ChunkErrorPage });
    expect(seen).toHaveBeenCalledTimes(1);
    const banner = await screen.findByRole('alert', { name: 'Update available' });
    expect(within(banner).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('recognises chunk-loading failures', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
