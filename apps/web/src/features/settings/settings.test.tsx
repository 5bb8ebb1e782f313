import type { PushDeviceView, PushSettings } from '@spotlist/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { i18next } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { local, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import {
  deviceList,
  installFakeWebPush,
  makePushDevice,
  makeSubscription,
  tokenOf,
  VAPID_KEY,
  type FakeWebPush,
} from '../../test/fake-push';
import { pushDeviceId } from '../../lib/push';
import { exportFileName } from './api/export-profile';
import { browserTimeZone } from './api/push-settings';

// the app's plugin (lib/native/push.ts): asked for the permission only
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: { checkPermissions: async () => ({ receive: 'prompt' }) },
}));

const settingsList = (list: { id: number; key: string; value: unknown }[]) =>
  HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

const allOn: PushSettings = {
  kinds: { message: true, match: true, followRequest: true, meeting: true, guestReply: true },
  hideMessageText: false,
  quietHours: null,
  timeZone: 'Europe/Berlin',
};

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

describe('settings: notifications (issue 18)', () => {
  /** The push routes; returns what the server got. */
  function pushServer({ settings = allOn, devices = [] as PushDeviceView[] } = {}) {
    const seen = { saved: [] as PushSettings[], deleted: [] as string[], created: [] as unknown[], tests: 0 };
    let list = devices;
    let stored = settings;
    server.use(
      http.get('/api/pushsettings', () => HttpResponse.json(stored)),
      http.post('/api/pushsettings/update', async ({ request }) => {
        stored = (await request.json()) as PushSettings;
        seen.saved.push(stored);
        return HttpResponse.json(stored);
      }),
      http.get('/api/pushconfig', () => HttpResponse.json({ webPushPublicKey: VAPID_KEY, nativeDelivery: { android: false, ios: false } })),
      http.get('/api/pushdevice/list', ({ request }) => {
        const token = new URL(request.url).searchParams.get('f.pushdevicetoken');
        return HttpResponse.json(deviceList(token === null ? list : list.filter((d) => d.token === token)));
      }),
      http.post('/api/pushdevice/', async ({ request }) => {
        const body = (await request.json()) as { token: string; deviceId: string; label: string };
        seen.created.push(body);
        const device = makePushDevice({ id: 50, ...body });
        list = [...list, device];
        return HttpResponse.json(device, { status: 201 });
      }),
      http.delete('/api/pushdevice/delete/:id', ({ params }) => {
        seen.deleted.push(String(params.id));
        list = list.filter((d) => String(d.id) !== params.id);
        return HttpResponse.json({ ok: true });
      }),
    );
    return seen;
  }

  let push: FakeWebPush | undefined;
  afterEach(() => {
    push?.uninstall();
    push = undefined;
  });

  it('saves a kind and "hide message text" at once, with the browser’s time zone', async () => {
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const matches = await screen.findByRole('switch', { name: 'New matches' });
    expect(matches).toBeChecked();
    await user.click(matches);
    await waitFor(() => expect(seen.saved).toHaveLength(1));
    expect(seen.saved[0]).toEqual({ ...allOn, kinds: { ...allOn.kinds, match: false }, timeZone: browserTimeZone() });
    expect(matches).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Hide message text' }));
    await waitFor(() => expect(seen.saved).toHaveLength(2));
    expect(seen.saved[1]).toMatchObject({ hideMessageText: true, kinds: { match: false } });
    expect(screen.getByRole('switch', { name: 'Hide message text' })).toHaveAccessibleDescription('Notifications say who wrote, not what.');
  });

  it('offers a switch for each kind the server sends, and none for replies to guest requests (guests have no device)', async () => {
    loggedIn();
    pushServer();
    renderApp('/settings');
    await screen.findByRole('switch', { name: 'New messages' });
    const kinds = screen.getByRole('group', { name: 'Notify me about' });
    expect(
      within(kinds)
        .getAllByRole('switch')
        .map((s) => s.closest('div')?.textContent),
    ).toEqual(['New messages', 'New matches', 'Follow requests', 'Meetings starting']);
  });

  it('a kind whose save fails shows the stored value again', async () => {
    loggedIn();
    pushServer();
    server.use(http.post('/api/pushsettings/update', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    const user = userEvent.setup();
    renderApp('/settings');
    const messages = await screen.findByRole('switch', { name: 'New messages' });
    await user.click(messages);
    await waitFor(() => expect(toastMessage()).toBe('The service cannot be reached. Please check your connection.'));
    expect(messages).toBeChecked();
  });

  it('quiet hours: refuses the same start and end, then saves from–to with the chosen mode', async () => {
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('switch', { name: 'Use quiet hours' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('22:00');
    expect(to).toHaveValue('07:00');
    expect(
      screen.getByText(`Times in your time zone (${browserTimeZone()}). An end before the start runs past midnight.`),
    ).toBeInTheDocument();

    fireEvent.change(to, { target: { value: '22:00' } });
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Start and end must be different times.')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(from, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(from).toHaveAccessibleDescription('This field is required.');
    expect(seen.saved).toEqual([]);

    fireEvent.change(from, { target: { value: '23:30' } });
    fireEvent.change(to, { target: { value: '06:15' } });
    await user.click(screen.getByRole('radio', { name: 'Hold notifications until quiet hours end' }));
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Quiet hours saved.')).toBeInTheDocument();
    expect(seen.saved).toEqual([{ ...allOn, quietHours: { start: '23:30', end: '06:15', mode: 'hold' }, timeZone: browserTimeZone() }]);

    // off again: saved as none
    await user.click(screen.getByRole('switch', { name: 'Use quiet hours' }));
    expect(screen.queryByLabelText('From')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(seen.saved).toHaveLength(2));
    expect(seen.saved[1]!.quietHours).toBeNull();
  });

  it('sends a test notification, and says so when no device could get one', async () => {
    loggedIn();
    pushServer();
    let answer: Response = HttpResponse.json({ queued: 2 });
    server.use(http.post('/api/pushdevice/test', () => answer));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('A test notification is on its way to your devices.')).toBeInTheDocument();

    answer = HttpResponse.json({ key: 'error.push.nodevices' }, { status: 409 });
    await user.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'None of your devices receives notifications yet. Turn them on above first.',
    );
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('lists the devices with platform and last use, and removes one', async () => {
    loggedIn();
    const seen = pushServer({
      devices: [
        makePushDevice({ id: 5, label: 'Firefox · Windows', lastUsedAt: '2026-11-26T18:30:00.000Z' }),
        makePushDevice({ id: 6, label: null, platform: 'ios', token: 'apns-1', deviceId: 'phone' }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Your devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Firefox · Windows');
    expect(rows[0]).toHaveTextContent(/Browser · last used Nov 26, 2026/);
    expect(rows[1]).toHaveTextContent('iPhone or iPad');
    expect(rows[1]).toHaveTextContent(/added Nov 20, 2026/);

    await user.click(screen.getByRole('button', { name: 'Remove Firefox · Windows' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(seen.deleted).toEqual(['5']);
  });

  it('without a Push API the switch is disabled and says why', async () => {
    loggedIn();
    pushServer();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    expect(here).toBeDisabled();
    expect(here).toHaveAccessibleDescription(/This browser cannot receive push notifications/);
  });

  it('a build without service worker says so', async () => {
    push = installFakeWebPush({ serviceWorkerBuilt: false });
    loggedIn();
    pushServer();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    expect(here).toBeDisabled();
    expect(here).toHaveAccessibleDescription(/runs without its service worker/);
  });

  it('turns push on here (asking only then), shows this device in the list, and off again', async () => {
    push = installFakeWebPush();
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(here).toHaveAccessibleDescription(/Turn this on to receive notifications here/));
    expect(push.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(here);
    await waitFor(() => expect(here).toBeChecked());
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    expect(here).toHaveAccessibleDescription('This device receives notifications.');
    expect(seen.created).toEqual([expect.objectContaining({ platform: 'web', deviceId: pushDeviceId() })]);
    const list = await screen.findByRole('list', { name: 'Your devices' });
    expect(within(list).getByText('This device')).toBeInTheDocument();

    await user.click(here);
    await waitFor(() => expect(here).not.toBeChecked());
    expect(seen.deleted).toEqual(['50']);
    expect(push.current()).toBeNull();
    expect(await screen.findByText('No device receives notifications yet.')).toBeInTheDocument();
  });

  it('blocked notifications: the switch stays off and says how to allow them', async () => {
    push = installFakeWebPush({ answer: 'denied' });
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await user.click(here);
    await waitFor(() => expect(here).toHaveAccessibleDescription(/Notifications are blocked for Spotlist/));
    expect(here).not.toBeChecked();
    expect(here).toBeDisabled();
    expect(seen.created).toEqual([]);
  });

  it('on here but removed from the list elsewhere: shows off, and turning it on adds it again', async () => {
    push = installFakeWebPush({ permission: 'granted', subscription: makeSubscription() });
    local.set(STORAGE_KEYS.pushEnabled, 'true');
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(here).toHaveAccessibleDescription(/Turn this on to receive notifications here/));
    expect(here).not.toBeChecked();
    await user.click(here);
    await waitFor(() => expect(here).toBeChecked());
    expect(seen.created).toEqual([expect.objectContaining({ token: tokenOf(push.current()!) })]);
  });

  it('in the app: the switch says so when the server cannot send to this platform (Android: no FCM)', async () => {
    // Ionic's ion-app asks the global for its plugins too
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android', isPluginAvailable: () => false });
    try {
      loggedIn();
      pushServer();
      // APNs alone does not reach an Android phone
      let nativeDelivery = { android: false, ios: true };
      server.use(http.get('/api/pushconfig', () => HttpResponse.json({ webPushPublicKey: VAPID_KEY, nativeDelivery })));
      renderApp('/settings');
      const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
      await waitFor(() => expect(here).toHaveAccessibleDescription('Notifications to the app are not set up on this server yet.'));
      expect(here).toBeDisabled();
      cleanup();
      queryClient.clear();

      nativeDelivery = { android: true, ios: false };
      renderApp('/settings');
      const again = await screen.findByRole('switch', { name: 'Push notifications on this device' });
      await waitFor(() => expect(again).toHaveAccessibleDescription(/Turn this on to receive notifications here/));
      expect(again).toBeEnabled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('removing this device from the list turns push off here', async () => {
    push = installFakeWebPush({ permission: 'granted' });
    loggedIn();
    const seen = pushServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const here = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await user.click(here);
    await waitFor(() => expect(here).toBeChecked());
    await user.click(await screen.findByRole('button', { name: /^Remove / }));
    await waitFor(() => expect(here).not.toBeChecked());
    expect(seen.deleted).toEqual(['50']);
    expect(push.current()).toBeNull();
  });
});
