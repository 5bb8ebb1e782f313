import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appEvents } from './events';
import { listenForNotificationClicks } from './notification-clicks';

/**
 * public/push-sw.js (imported by the generated service worker) run against a fake worker scope:
 * what it shows for a push and what a click opens.
 */
type Handler = (event: unknown) => void;

function loadWorker({ windows = [] as { url: string }[] } = {}) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: NotificationOptions & { renotify?: boolean } }[] = [];
  const clientsFound = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    postMessage: vi.fn(),
  }));
  const scope = {
    location: new URL('https://app.spotlist.example/sw.js'),
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ title, options })),
      pushManager: { subscribe: vi.fn(async () => ({})) },
    },
    clients: {
      matchAll: vi.fn(async () => clientsFound),
      openWindow: vi.fn(async () => null),
    },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
  };
  const source = readFileSync(join(import.meta.dirname, '../../public/push-sw.js'), 'utf8');
  new Function('self', source)(scope);
  const waits: Promise<unknown>[] = [];
  const dispatch = (type: string, event: object) => handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
  return { scope, shown, clientsFound, dispatch, settled: () => Promise.all(waits) };
}

const pushEvent = (payload: unknown) => ({
  data: {
    json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
  },
});

const payload = {
  kind: 'message',
  title: 'Ben',
  body: 'See you at 8?',
  url: '/messages/12',
  tag: 'conversation-12',
  silent: false,
  count: 1,
};

afterEach(() => vi.restoreAllMocks());

describe('service worker: push', () => {
  it('shows the payload: title, body, tag, icon, badge and the url to open', async () => {
    const sw = loadWorker();
    sw.dispatch('push', pushEvent(payload));
    await sw.settled();
    expect(sw.shown).toEqual([
      {
        title: 'Ben',
        options: expect.objectContaining({
          body: 'See you at 8?',
          tag: 'conversation-12',
          renotify: true,
          silent: false,
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: { url: '/messages/12', kind: 'message' },
        }),
      },
    ]);
  });

  it('a quiet-hours notice is silent and does not alert again', async () => {
    const sw = loadWorker();
    sw.dispatch('push', pushEvent({ ...payload, silent: true }));
    await sw.settled();
    expect(sw.shown[0]!.options).toMatchObject({ silent: true, renotify: false, tag: 'conversation-12' });
  });

  it('a damaged payload still shows a notice (the browser would show its own) that opens the start page', async () => {
    const sw = loadWorker();
    sw.dispatch('push', pushEvent('{not json'));
    sw.dispatch('push', pushEvent({ ...payload, url: 'https://evil.example/' }));
    await sw.settled();
    expect(sw.shown.map((s) => [s.title, (s.options.data as { url: string }).url])).toEqual([
      ['Spotlist', '/'],
      ['Ben', '/'],
    ]);
  });
});

describe('service worker: notification click', () => {
  const click = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

  it('focuses an open app window and tells it the page to show', async () => {
    const sw = loadWorker({ windows: [{ url: 'https://other.example/' }, { url: 'https://app.spotlist.example/places' }] });
    const event = click('/messages/12');
    sw.dispatch('notificationclick', event);
    await sw.settled();
    expect(event.notification.close).toHaveBeenCalled();
    const app = sw.clientsFound[1]!;
    expect(app.focus).toHaveBeenCalled();
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'spotlist:open', path: '/messages/12' });
    expect(sw.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still shows the page when focusing is refused (no user activation left)', async () => {
    const sw = loadWorker({ windows: [{ url: 'https://app.spotlist.example/' }] });
    const app = sw.clientsFound[0]!;
    app.focus.mockRejectedValueOnce(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    sw.dispatch('notificationclick', click('/messages/12'));
    await sw.settled();
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'spotlist:open', path: '/messages/12' });
  });

  it('opens a window on the page when none is open', async () => {
    const sw = loadWorker();
    sw.dispatch('notificationclick', click('/people/connections'));
    await sw.settled();
    expect(sw.scope.clients.openWindow).toHaveBeenCalledWith('https://app.spotlist.example/people/connections');
  });

  it('the page shows the posted path through the router (deep-link), nothing else', () => {
    const listeners: ((e: MessageEvent) => void)[] = [];
    listenForNotificationClicks({ addEventListener: (_type: string, l: (e: MessageEvent) => void) => listeners.push(l) } as never);
    const shown = vi.fn();
    const off = appEvents.on('deep-link', shown);
    for (const data of [
      { type: 'spotlist:open', path: '/messages/12' },
      { type: 'spotlist:open', path: '//evil.example' },
      { type: 'other' },
    ]) {
      listeners[0]!(new MessageEvent('message', { data }));
    }
    off();
    expect(shown.mock.calls).toEqual([[{ path: '/messages/12' }]]);
  });
});

describe('service worker: a subscription the browser renewed', () => {
  it('subscribes again with the same server key and tells the open app windows', async () => {
    const sw = loadWorker({ windows: [{ url: 'https://app.spotlist.example/settings' }] });
    const key = new Uint8Array([4, 1, 2]).buffer;
    sw.dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: key } }, newSubscription: null });
    await sw.settled();
    expect(sw.scope.registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(sw.clientsFound[0]!.postMessage).toHaveBeenCalledWith({ type: 'spotlist:pushsubscriptionchange' });
  });

  it('keeps a new subscription the browser already made, and the page refreshes its record', async () => {
    const sw = loadWorker({ windows: [{ url: 'https://app.spotlist.example/' }] });
    sw.dispatch('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: new ArrayBuffer(3) } },
      newSubscription: {},
    });
    await sw.settled();
    expect(sw.scope.registration.pushManager.subscribe).not.toHaveBeenCalled();
    const listeners: ((e: MessageEvent) => void)[] = [];
    const changed = vi.fn();
    listenForNotificationClicks({ addEventListener: (_type: string, l: (e: MessageEvent) => void) => listeners.push(l) } as never, changed);
    listeners[0]!(new MessageEvent('message', { data: sw.clientsFound[0]!.postMessage.mock.calls[0]![0] }));
    expect(changed).toHaveBeenCalledOnce();
  });
});
