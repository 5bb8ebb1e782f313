import { createRequire } from 'node:module';
import net from 'node:net';
import type { Server } from 'node:http';
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { login, menu, PASSWORD, shot, SHOWN_PAGE, signupAndOnboard, uniqueEmail } from './support';

/**
 * Issue 18, push notifications in Chromium. There is no network here, so the browser cannot reach
 * its own push service: an init script answers `PushManager.subscribe` with a subscription of a
 * local push service (web-push-testing, started by this file), so the app stores a real,
 * decryptable subscription. The server delivers a new message to that service, which decrypts it;
 * the same payload is then handed to the app's service worker with the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), the notification it shows is read back with
 * `registration.getNotifications()`, and its click opens the conversation.
 */
const require = createRequire(import.meta.url);
const base = () => process.env.E2E_BASE_URL!;

interface PushService {
  url: string;
  /** The decrypted payloads the service received for a subscription's endpoint. */
  received(endpoint: string): string[];
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** web-push-testing in this process (its CLI would daemonize): subscribe, receive, decrypt. */
async function startPushService(): Promise<PushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushModel };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: PushModel,
    port: number,
  ) => { startServer(): void; _server: Server };
  const port = await freePort();
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, port);
  server.startServer();
  await new Promise<void>((resolve) => (server._server.listening ? resolve() : server._server.once('listening', () => resolve())));
  const url = `http://localhost:${port}`;
  return {
    url,
    received: (endpoint) => model.messages[endpoint.split('/notify/')[1]!] ?? [],
    async subscribe(applicationServerKey) {
      const res = await fetch(`${url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey }),
      });
      if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string } } };
      return { endpoint: data.endpoint, keys: data.keys };
    },
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}
interface PushModel {
  messages: Record<string, string[]>;
}

/**
 * The page's PushManager, answered from the local push service: `subscribe` asks it (through the
 * test process: the page may not call another origin), `getSubscription` returns what it gave.
 * Everything else (the permission, the service worker, its registration) is Chromium's own.
 */
async function answerPushManager(context: BrowserContext, push: PushService) {
  await context.exposeFunction('__e2ePushSubscribe', (key: string) => push.subscribe(key));
  await context.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const STORE = 'e2e.pushSubscription';
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const make = (stored: { json: Json; key: string }) => ({
      endpoint: stored.json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromB64url(stored.key).buffer },
      getKey: (name: 'p256dh' | 'auth') => fromB64url(stored.json.keys[name]).buffer,
      toJSON: () => ({ endpoint: stored.json.endpoint, expirationTime: null, keys: stored.json.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const read = () => {
      const raw = localStorage.getItem(STORE);
      return raw ? (JSON.parse(raw) as { json: Json; key: string }) : null;
    };
    if (typeof PushManager === 'undefined') return;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = b64url(new Uint8Array(options!.applicationServerKey as ArrayBuffer | Uint8Array as ArrayBuffer));
      const subscribe = (window as unknown as { __e2ePushSubscribe(key: string): Promise<Json> }).__e2ePushSubscribe;
      const stored = { json: await subscribe(key), key };
      localStorage.setItem(STORE, JSON.stringify(stored));
      return make(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = read();
      return (stored ? make(stored) : null) as unknown as PushSubscription;
    };
  });
}

/** A JSON call with a token, as a native client makes it. */
async function api<T>(path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(opts.token ? { 'x-auth-token': opts.token } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
async function loginByApi(email: string): Promise<{ token: string; id: number }> {
  const user = await api<{ authtoken: string; id: number }>('/api/login', { body: { email, password: PASSWORD, tokenTransport: 'body' } });
  return { token: user.authtoken, id: user.id };
}

/** The app's service worker, once it controls the page. */
async function appServiceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

interface Payload {
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  silent: boolean;
  count: number;
}

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

test('push: turned on in the settings, a new message is delivered, shown by the service worker, and its click opens the conversation', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications']);
  await answerPushManager(context, push);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));

  // Ana signs up in the browser; Ben, her friend, writes from elsewhere (the API)
  const anaEmail = uniqueEmail('ana-push');
  await signupAndOnboard(page, { type: 'Private', email: anaEmail, nickname: 'Ana' });
  const ana = await loginByApi(anaEmail);
  const benEmail = uniqueEmail('ben-push');
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await benPage.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await signupAndOnboard(benPage, { type: 'Private', email: benEmail, nickname: 'Ben' });
  await benContext.close();
  const ben = await loginByApi(benEmail);
  await api(`/api/userrelation/match/private/${ben.id}`, { body: {}, token: ana.token });
  await api(`/api/userrelation/match/private/${ana.id}`, { body: {}, token: ben.token });
  const conversation = await api<{ id: number }>('/api/conversation/add', { body: { memberIds: [ana.id] }, token: ben.token });

  // the settings: push is off here until turned on
  await menu(page, 'Settings');
  const here = page.locator(SHOWN_PAGE).getByRole('switch', { name: 'Push notifications on this device' });
  await expect(here).not.toBeChecked();
  await expect(here).toBeEnabled({ timeout: 30_000 });
  // (a click, not check(): the switch follows once the subscription and the device are made)
  await here.click();
  await expect(here).toBeChecked({ timeout: 30_000 });
  await expect(page.locator(SHOWN_PAGE).getByText('This device receives notifications.')).toBeVisible();
  const devices = page.locator(SHOWN_PAGE).getByRole('list', { name: 'Your devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  const [device] = (await api<{ list: { token: string; platform: string }[] }>('/api/pushdevice/list', { token: ana.token })).list;
  expect(device?.platform).toBe('web');
  const endpoint = (JSON.parse(device!.token) as { endpoint: string }).endpoint;
  expect(endpoint.startsWith(`${push.url}/notify/`)).toBe(true);

  // quiet hours on, to show the whole section
  await page.locator(SHOWN_PAGE).getByRole('switch', { name: 'Use quiet hours' }).check();
  await expect(page.locator(SHOWN_PAGE).getByRole('region', { name: 'Notifications' }).getByLabel('From')).toHaveValue('22:00');
  await shot(page, 'push-settings-phone', { fullContent: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'push-settings-desktop', { fullContent: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator(SHOWN_PAGE).getByRole('switch', { name: 'Use quiet hours' }).uncheck();

  // "Send a test notification": delivered to the local push service and decrypted there
  await page.locator(SHOWN_PAGE).getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.locator(SHOWN_PAGE).getByText('A test notification is on its way to your devices.')).toBeVisible();
  await expect.poll(() => push.received(endpoint).length, { timeout: 30_000 }).toBe(1);
  expect((JSON.parse(push.received(endpoint)[0]!) as Payload).kind).toBe('test');

  // Ben writes; Ana is on the settings page, not in the conversation: the server pushes it
  await api(`/api/conversation/${conversation.id}/messages`, { body: { text: 'Dinner at Viktualienmarkt at 8?' }, token: ben.token });
  await expect.poll(() => push.received(endpoint).length, { timeout: 30_000 }).toBe(2);
  const raw = push.received(endpoint)[1]!;
  const payload = JSON.parse(raw) as Payload;
  expect(payload).toMatchObject({ kind: 'message', url: `/messages/${conversation.id}`, silent: false, count: 1 });
  expect(payload.title).toContain('Ben');
  expect(payload.body).toContain('Dinner at Viktualienmarkt at 8?');

  // the same payload to the app's service worker, as the browser's push service would hand it over
  const worker = await appServiceWorker(context, page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${base()}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: base(), registrationId: await registrationId, data: raw });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url, kind: 'message' } }]);

  // its click: the open app window shows the conversation
  await worker.evaluate(async () => {
    // the worker's global scope (the e2e types know the window's only)
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/messages/${conversation.id}$`));
  await expect(
    page.locator(SHOWN_PAGE).getByRole('list', { name: 'Messages of this conversation' }).getByText('Dinner at Viktualienmarkt at 8?'),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);

  // SPEC §4: logout sends this device and the server deletes it; the next login creates it again
  // (push is still on here and the subscription is still there)
  const myDevices = async () => (await api<{ list: { token: string }[] }>('/api/pushdevice/list', { token: ana.token })).list;
  await menu(page, 'Log out');
  await expect(page).toHaveURL(/\/login$/);
  expect(await myDevices()).toEqual([]);
  await login(page, anaEmail);
  await expect.poll(async () => (await myDevices()).map((d) => d.token)).toEqual([device!.token]);

  await context.close();
});
