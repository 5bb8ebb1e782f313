import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { i18next } from '../../lib/i18n';
import { local, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { exportFileName } from './api/export-profile';

const settingsList = (list: { id: number; key: string; value: unknown }[]) =>
  HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

function loggedIn(settings: { id: number; key: string; value: unknown }[] = []) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(makeUser())),
    http.get('/api/setting/', () => settingsList(settings)),
  );
}

const toastMessage = () => document.querySelector('ion-toast')?.message;

describe('settings: user language (SPEC §7, §8)', () => {
  it('switches to German and saves it as { id, language: { id } }', async () => {
    loggedIn();
    let body: unknown;
    server.use(
      http.post('/api/myprofile/language', async ({ request }) => {
        body = await request.json();
        const id = (body as { language: { id: number } }).language.id;
        return HttpResponse.json(makeUser({ language: { id, key: id === 2 ? 'de' : 'en' } }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Your language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeInTheDocument();
    expect(body).toEqual({ id: 7, language: { id: 2 } });
    expect(authStore.getState().user?.language).toEqual({ id: 2, key: 'de' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Deine Sprache' }), 'English');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('keeps the language locally when saving it fails', async () => {
    loggedIn();
    server.use(http.post('/api/myprofile/language', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Your language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeInTheDocument();
    expect(i18next.language).toBe('de');
    expect(local.get(STORAGE_KEYS.userLanguage)).toBe('2');
    expect(authStore.getState().stored?.language).toEqual({ id: 2, key: 'de' });
    expect(screen.getByRole('combobox', { name: 'Deine Sprache' })).toHaveValue('2');
    await waitFor(() => expect(toastMessage()).toBe('Der Dienst ist nicht erreichbar. Bitte prüfe deine Verbindung.'));
  });
});

describe('settings: user settings (SPEC §3, §7)', () => {
  it('shows the cached settings at once, refreshes them and saves a change', async () => {
    local.setJson(STORAGE_KEYS.userSettings, [{ id: 1, key: 'pushEnabled', value: true }]);
    loggedIn([{ id: 1, key: 'pushEnabled', value: false }]);
    let saved: unknown;
    server.use(
      http.post('/api/setting/save', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ id: 1, key: 'pushEnabled', value: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const push = await screen.findByRole('checkbox', { name: 'Allow push notifications' });
    // the server says false: the cache follows
    await waitFor(() => expect(push).not.toBeChecked());
    expect(local.getJson(STORAGE_KEYS.userSettings)).toEqual([{ id: 1, key: 'pushEnabled', value: false }]);

    await user.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(saved).toEqual({ key: 'pushEnabled', value: true });
    expect(local.getJson(STORAGE_KEYS.userSettings)).toEqual([{ id: 1, key: 'pushEnabled', value: true }]);
  });

  it('keeps showing the cached settings when they cannot be loaded, and clears them on logout', async () => {
    local.setJson(STORAGE_KEYS.userSettings, [{ id: 1, key: 'pushEnabled', value: true }]);
    loggedIn();
    server.use(http.get('/api/setting/', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    renderApp('/settings');
    expect(await screen.findByRole('checkbox', { name: 'Allow push notifications' })).toBeChecked();
    expect(document.querySelector('ion-toast')).toBeNull();
    authStore.clear('logout');
    expect(local.get(STORAGE_KEYS.userSettings)).toBeNull();
  });
});

describe('settings: password, export, delete', () => {
  it('changes the password: the new one twice (validateEqual)', async () => {
    loggedIn();
    let body: unknown;
    server.use(
      http.post('/api/password/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.type(await screen.findByLabelText('Current password'), 'old secret 1');
    await user.type(screen.getByLabelText('New password'), 'new secret 1');
    await user.type(screen.getByLabelText('Confirm password'), 'new secret 2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The entries do not match.'));
    expect(body).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new secret 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(body).toEqual({ oldPassword: 'old secret 1', newPassword: 'new secret 1' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('downloads the export as a JSON file', async () => {
    loggedIn();
    const data = { format: 'spotlist-export', version: 1, exportedAt: '2026-11-21T10:00:00.000Z', user: makeUser() };
    server.use(http.get('/api/myprofile/export', () => HttpResponse.json(data)));
    const created: Blob[] = [];
    const clicked: HTMLAnchorElement[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('The download has started.')).toBeInTheDocument();
    expect(clicked[0]?.download).toBe('spotlist-export-7-2026-11-21.json');
    expect(JSON.parse(await created[0]!.text())).toEqual(data);
    expect(exportFileName({ exportedAt: data.exportedAt, user: data.user })).toBe(clicked[0]?.download);
  });

  it('deletes the account after asking for the password, then goes to login', async () => {
    loggedIn();
    let body: unknown;
    server.use(
      http.delete('/api/myprofile/delete', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
      http.post('/api/logout', () => HttpResponse.json({ ok: true })),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    // an empty password keeps the dialog open with a message
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Please enter your password.')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Password'), 'my secret');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(body).toEqual({ password: 'my secret' });
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', stored: null });
  });

  it('keeps the account when the dialog is cancelled', async () => {
    loggedIn();
    const deleted = vi.fn();
    server.use(http.delete('/api/myprofile/delete', () => deleted()));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/settings');
  });
});
