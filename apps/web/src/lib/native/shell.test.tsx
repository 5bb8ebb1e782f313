import type { AppPlugin, BackButtonListenerEvent, URLOpenListenerEvent } from '@capacitor/app';
import type { BackButtonEventDetail } from '@ionic/core';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderApp } from '../../test/render-app';
import { appEvents } from '../events';
import { deepLinkPath } from './deep-links';
import {
  BACK_BUTTON_PRIORITY,
  revealFocusedField,
  startBackButton,
  startDeepLinks,
  startKeyboard,
  startNativeShell,
  startStatusBar,
} from './shell';

const plugins = vi.hoisted(() => ({
  StatusBar: { setStyle: vi.fn(async () => undefined), setBackgroundColor: vi.fn(async () => undefined) },
  Keyboard: { getResizeMode: vi.fn(), setResizeMode: vi.fn(async () => undefined), addListener: vi.fn() },
  PushNotifications: { addListener: vi.fn(async () => ({ remove: async () => undefined })) },
}));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugins.PushNotifications }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: plugins.StatusBar, Style: { Dark: 'DARK', Light: 'LIGHT', Default: 'DEFAULT' } }));
vi.mock('@capacitor/keyboard', () => ({
  Keyboard: plugins.Keyboard,
  KeyboardResize: { Body: 'body', Ionic: 'ionic', Native: 'native', None: 'none' },
}));
vi.mock('@capacitor/app', () => ({ App: fakeApp().App }));

const PUBLIC_URL = 'https://app.spotlist.example';

/** The App plugin as the shell drives it: a launch URL, and listeners the test calls. */
function fakeApp(launchUrl?: string) {
  const listeners: { appUrlOpen?: (e: URLOpenListenerEvent) => void; backButton?: (e: BackButtonListenerEvent) => void } = {};
  const App = {
    getLaunchUrl: vi.fn(async () => (launchUrl ? { url: launchUrl } : undefined)),
    minimizeApp: vi.fn(async () => undefined),
    addListener: vi.fn(async (name: 'appUrlOpen' | 'backButton', listener: never) => {
      listeners[name] = listener;
      return { remove: async () => undefined };
    }),
  };
  return { App: App as unknown as AppPlugin & typeof App, listeners };
}

beforeEach(() => {
  Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  window.history.replaceState(null, '', '/');
  vi.clearAllMocks();
});

describe('deep links', () => {
  it("open the app's pages for https links of its own public address only", () => {
    expect(deepLinkPath('https://app.spotlist.example/place/5?tab=map#top', PUBLIC_URL)).toBe('/place/5?tab=map#top');
    expect(deepLinkPath('https://APP.spotlist.example/', PUBLIC_URL)).toBe('/');
    expect(deepLinkPath('https://evil.example/place/5', PUBLIC_URL)).toBeNull();
    expect(deepLinkPath('https://app.spotlist.example.evil.example/place/5', PUBLIC_URL)).toBeNull();
    expect(deepLinkPath('http://app.spotlist.example/place/5', PUBLIC_URL)).toBeNull();
    expect(deepLinkPath('spotlist://place/5', PUBLIC_URL)).toBeNull();
    expect(deepLinkPath('not a url', PUBLIC_URL)).toBeNull();
    // no public address given at build time: no link is ours
    expect(deepLinkPath('https://app.spotlist.example/place/5', '')).toBeNull();
  });

  it("leave the server's own pages (API, widget frame, guest app, embed, meeting) to the browser", () => {
    for (const path of ['/api/user', '/api', '/w/abc', '/g/abc', '/embed.js', '/embed-assets/x.js', '/meeting/3']) {
      expect(deepLinkPath(`${PUBLIC_URL}${path}`, PUBLIC_URL), path).toBeNull();
    }
    expect(deepLinkPath(`${PUBLIC_URL}/widgets`, PUBLIC_URL)).toBe('/widgets');
  });

  it('strip the path of a public address that has one', () => {
    expect(deepLinkPath('https://example.org/spotlist/lists/4', 'https://example.org/spotlist')).toBe('/lists/4');
    expect(deepLinkPath('https://example.org/spotlist', 'https://example.org/spotlist/')).toBe('/');
    expect(deepLinkPath('https://example.org/other/lists/4', 'https://example.org/spotlist')).toBeNull();
  });

  it('make the link that started the app the first page, before the router reads the address', async () => {
    const { App } = fakeApp('https://app.spotlist.example/s/tok123?x=1');
    await startDeepLinks(App, PUBLIC_URL);
    expect(`${location.pathname}${location.search}`).toBe('/s/tok123?x=1');
  });

  it("leave the first page alone when the app was started by another host's link, or by none", async () => {
    await startDeepLinks(fakeApp('https://evil.example/s/tok123').App, PUBLIC_URL);
    await startDeepLinks(fakeApp().App, PUBLIC_URL);
    expect(location.pathname).toBe('/');
  });

  it('show the page of a link opened while the app runs, through the router', async () => {
    const { App, listeners } = fakeApp();
    await startDeepLinks(App, PUBLIC_URL);
    // the app itself renders as in a browser (Ionic would ask a real bridge for its keyboard plugin)
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    act(() => listeners.appUrlOpen!({ url: 'https://app.spotlist.example/signup?guest=g-1' }));
    await waitFor(() => expect(currentLocation()).toBe('/signup?guest=g-1'));
  });

  it("ignore a running app's links of other hosts, and the starting link iOS hands over again", async () => {
    const seen: string[] = [];
    const off = appEvents.on('deep-link', ({ path }) => seen.push(path));
    const { App, listeners } = fakeApp('https://app.spotlist.example/lists/4');
    await startDeepLinks(App, PUBLIC_URL);
    listeners.appUrlOpen!({ url: 'https://app.spotlist.example/lists/4' });
    listeners.appUrlOpen!({ url: 'https://evil.example/lists/5' });
    listeners.appUrlOpen!({ url: 'https://app.spotlist.example/lists/6' });
    off();
    expect(seen).toEqual(['/lists/6']);
  });
});

/**
 * What Ionic does with the hardware back button (@ionic/core hardware-back-button.ts): dispatch
 * ionBackButton, collect the registered handlers, run the one of highest priority (the later one
 * of equal priority); a handler may call processNextHandler to let the next one run.
 */
function pressBackButton(): void {
  const handlers: { priority: number; handler: (next: () => void) => unknown; id: number }[] = [];
  let id = 0;
  const detail: BackButtonEventDetail = { register: (priority, handler) => void handlers.push({ priority, handler, id: id++ }) };
  document.dispatchEvent(new CustomEvent('ionBackButton', { detail }));
  const next = () => {
    if (handlers.length === 0) return;
    const best = handlers.reduce((a, b) => (b.priority >= a.priority ? b : a));
    handlers.splice(handlers.indexOf(best), 1);
    void best.handler(next);
  };
  next();
}

describe('the Android back button', () => {
  let stop: () => void = () => undefined;
  const router = vi.fn();
  const menu = vi.fn();
  const overlay = vi.fn();
  // Ionic React's router (priority 0): goes back, then lets the next handler run
  const routerHandler = (e: Event) => (e as CustomEvent<BackButtonEventDetail>).detail.register(0, (next) => (router(), next()));
  let menuOpen = false;
  let overlayOpen = false;
  const openThings = (e: Event) => {
    const { register } = (e as CustomEvent<BackButtonEventDetail>).detail;
    if (menuOpen) register(99, () => menu()); // MENU_BACK_BUTTON_PRIORITY
    if (overlayOpen) register(100, () => overlay()); // OVERLAY_BACK_BUTTON_PRIORITY
  };

  beforeEach(() => {
    menuOpen = false;
    overlayOpen = false;
    document.addEventListener('ionBackButton', routerHandler);
    document.addEventListener('ionBackButton', openThings);
  });
  afterEach(() => {
    stop();
    document.removeEventListener('ionBackButton', routerHandler);
    document.removeEventListener('ionBackButton', openThings);
  });

  it("takes the button from the plugin (else it would go back in the WebView itself) and sits between Ionic's router and menu", async () => {
    const { App, listeners } = fakeApp();
    stop = await startBackButton(App);
    expect(listeners.backButton).toBeTypeOf('function');
    expect(BACK_BUTTON_PRIORITY).toBeGreaterThan(0);
    expect(BACK_BUTTON_PRIORITY).toBeLessThan(99);
  });

  it('goes back in the router history when there is a page to go back to', async () => {
    const { App } = fakeApp();
    stop = await startBackButton(App);
    window.history.replaceState({ idx: 2 }, '', '/lists/4');
    pressBackButton();
    expect(router).toHaveBeenCalledTimes(1);
    expect(App.minimizeApp).not.toHaveBeenCalled();
  });

  it('puts the app in the background on the first page instead of leaving it blank', async () => {
    const { App } = fakeApp();
    stop = await startBackButton(App);
    window.history.replaceState({ idx: 0 }, '', '/dashboard');
    pressBackButton();
    expect(App.minimizeApp).toHaveBeenCalledTimes(1);
    expect(router).not.toHaveBeenCalled();
  });

  it('closes an open menu first, and an open overlay before that, going nowhere', async () => {
    const { App } = fakeApp();
    stop = await startBackButton(App);
    window.history.replaceState({ idx: 0 }, '', '/dashboard');
    menuOpen = true;
    overlayOpen = true;
    pressBackButton();
    expect(overlay).toHaveBeenCalledTimes(1);
    expect(menu).not.toHaveBeenCalled();
    overlayOpen = false;
    pressBackButton();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(router).not.toHaveBeenCalled();
    expect(App.minimizeApp).not.toHaveBeenCalled();
  });

  it("goes by the WebView's own history where the router left no number", async () => {
    const { App, listeners } = fakeApp();
    stop = await startBackButton(App);
    window.history.replaceState(null, '', '/lists');
    listeners.backButton!({ canGoBack: true });
    pressBackButton();
    expect(router).toHaveBeenCalledTimes(1);
    listeners.backButton!({ canGoBack: false });
    pressBackButton();
    expect(App.minimizeApp).toHaveBeenCalledTimes(1);
  });
});

describe('the status bar', () => {
  /** matchMedia('(prefers-color-scheme: dark)') whose answer the test changes. */
  function colorScheme(dark: boolean) {
    const listeners: (() => void)[] = [];
    const query = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.push(l) };
    vi.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
    return (next: boolean) => {
      query.matches = next;
      listeners.forEach((l) => l());
    };
  }
  afterEach(() => document.documentElement.style.removeProperty('--ion-toolbar-background'));

  it('has light text over the dark toolbar in the dark theme, and dark text over white in the light one', async () => {
    const switchTo = colorScheme(true);
    document.documentElement.style.setProperty('--ion-toolbar-background', '#1f1f1f');
    await startStatusBar();
    expect(plugins.StatusBar.setStyle).toHaveBeenLastCalledWith({ style: 'DARK' });
    expect(plugins.StatusBar.setBackgroundColor).toHaveBeenLastCalledWith({ color: '#1f1f1f' });

    document.documentElement.style.removeProperty('--ion-toolbar-background');
    switchTo(false);
    await waitFor(() => expect(plugins.StatusBar.setStyle).toHaveBeenLastCalledWith({ style: 'LIGHT' }));
    await waitFor(() => expect(plugins.StatusBar.setBackgroundColor).toHaveBeenLastCalledWith({ color: '#ffffff' }));
  });

  it('sets the text style where the system has no status bar colour to set (Android 15)', async () => {
    colorScheme(false);
    plugins.StatusBar.setBackgroundColor.mockRejectedValueOnce(new Error('not available'));
    await expect(startStatusBar()).resolves.toBeUndefined();
    expect(plugins.StatusBar.setStyle).toHaveBeenCalledWith({ style: 'LIGHT' });
  });
});

describe('the keyboard', () => {
  it('makes iOS resize the page when nothing would (mode none), and leaves a configured mode alone', async () => {
    plugins.Keyboard.getResizeMode.mockResolvedValueOnce({ mode: 'none' });
    await startKeyboard(true);
    expect(plugins.Keyboard.setResizeMode).toHaveBeenCalledWith({ mode: 'body' });
    plugins.Keyboard.setResizeMode.mockClear();
    plugins.Keyboard.getResizeMode.mockResolvedValueOnce({ mode: 'body' });
    await startKeyboard(true);
    expect(plugins.Keyboard.setResizeMode).not.toHaveBeenCalled();
    // Android resizes by its window settings: nothing to ask
    plugins.Keyboard.getResizeMode.mockClear();
    await startKeyboard(false);
    expect(plugins.Keyboard.getResizeMode).not.toHaveBeenCalled();
  });

  it('scrolls the field being typed in into view once the keyboard is up, and nothing else', async () => {
    await startKeyboard(false);
    const [event, onShow] = plugins.Keyboard.addListener.mock.calls[0] as [string, () => void];
    expect(event).toBe('keyboardDidShow');
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push(`${this.id} ${JSON.stringify(options)}`);
    });
    document.body.innerHTML = '<input id="note"><button id="save">Save</button>';
    document.getElementById('note')!.focus();
    onShow();
    document.getElementById('save')!.focus();
    onShow();
    expect(scrolled).toEqual(['note {"block":"center"}']);
    expect(revealFocusedField).toBe(onShow);
  });
});

describe('startNativeShell', () => {
  it('starts the rest when a part fails, and says which', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: false, addEventListener: () => undefined } as unknown as MediaQueryList);
    plugins.StatusBar.setStyle.mockRejectedValueOnce(new Error('no status bar'));
    plugins.Keyboard.getResizeMode.mockResolvedValue({ mode: 'native' });
    await expect(startNativeShell(PUBLIC_URL)).resolves.toBeUndefined();
    expect(console.warn).toHaveBeenCalledWith('native status bar not started', expect.any(Error));
    expect(plugins.Keyboard.addListener).toHaveBeenCalledWith('keyboardDidShow', revealFocusedField);
    // tapped notifications open their page (lib/native/push.test.ts)
    expect(plugins.PushNotifications.addListener).toHaveBeenCalledWith('pushNotificationActionPerformed', expect.any(Function));
  });
});
