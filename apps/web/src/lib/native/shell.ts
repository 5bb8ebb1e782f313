import type { BackButtonEvent } from '@ionic/core';
import type { AppPlugin } from '@capacitor/app';
import { config } from '../config';
import { appEvents } from '../events';
import { nativePlatform } from '../platform';
import { deepLinkPath } from './deep-links';
import { startPushTaps } from './push';

/**
 * What the app does only inside the native shells, started once by main.tsx before the first
 * render: links of the app's address open their page (and so do tapped notifications, ./push.ts),
 * the Android back button, the status bar following the light/dark theme, and forms kept above the keyboard. (Safe areas are CSS:
 * theme/layout.css.) Each part that fails is logged and the app starts anyway.
 */
export async function startNativeShell(publicUrl: string = config.publicUrl): Promise<void> {
  const platform = nativePlatform();
  const app = import('@capacitor/app').then((plugin) => plugin.App);
  await Promise.all([
    report(
      'deep links',
      app.then((App) => startDeepLinks(App, publicUrl)),
    ),
    platform === 'android' ? report('back button', app.then(startBackButton)) : undefined,
    report('status bar', startStatusBar()),
    report('keyboard', startKeyboard(platform === 'ios')),
    report('push taps', startPushTaps()),
  ]);
}

const report = (part: string, started: Promise<unknown>) =>
  started.then(
    () => undefined,
    (error: unknown) => console.warn(`native ${part} not started`, error),
  );

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * A link that started the app becomes the first page (the router is not mounted yet: the address
 * is simply replaced); one that comes while the app runs is shown through the router (the
 * `deep-link` event, lib/navigation.tsx). iOS hands the starting link to the listener as well:
 * a link to the page already shown changes nothing.
 */
export async function startDeepLinks(App: AppPlugin, publicUrl: string): Promise<void> {
  const launch = await App.getLaunchUrl();
  const first = launch?.url ? deepLinkPath(launch.url, publicUrl) : null;
  if (first && first !== currentPath()) window.history.replaceState(window.history.state, '', first);
  await App.addListener('appUrlOpen', ({ url }) => {
    const path = deepLinkPath(url, publicUrl);
    if (path && path !== currentPath()) appEvents.emit('deep-link', { path });
  });
}

/**
 * Ionic's priorities for the hardware back button: an open overlay (100) closes first, then an
 * open menu (99); the router's handler (0) goes back in its history. Ours sits between: it lets
 * the router go back when there is a page to go back to, and otherwise puts the app in the
 * background as Android apps do (leaving the router's handler out: nothing to go back to).
 */
export const BACK_BUTTON_PRIORITY = 1;

/** react-router numbers its history entries (`idx`); without one, what the WebView says. */
export function routerCanGoBack(webViewCanGoBack: boolean): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : webViewCanGoBack;
}

/** Returns what stops it (tests). */
export async function startBackButton(App: AppPlugin): Promise<() => void> {
  let webViewCanGoBack = false;
  const onBackButton = (event: Event) => {
    (event as BackButtonEvent).detail.register(BACK_BUTTON_PRIORITY, (processNextHandler) => {
      if (routerCanGoBack(webViewCanGoBack)) processNextHandler();
      else return App.minimizeApp();
    });
  };
  document.addEventListener('ionBackButton', onBackButton);
  // With a listener the plugin leaves the button to the page (it tells Ionic, which dispatches
  // ionBackButton); without one it would go back in the WebView by itself, menus open or not.
  const listener = await App.addListener('backButton', ({ canGoBack }) => {
    webViewCanGoBack = canGoBack;
  });
  return () => {
    document.removeEventListener('ionBackButton', onBackButton);
    void listener.remove();
  };
}

/** #RRGGBB of the toolbars (Ionic's variables: its dark palette sets them; light is white). */
function toolbarColor(): string {
  const style = getComputedStyle(document.documentElement);
  const color = [style.getPropertyValue('--ion-toolbar-background'), style.getPropertyValue('--ion-background-color')]
    .map((v) => v.trim())
    .find((v) => v !== '');
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#ffffff';
}

/** The status bar's text dark on the light theme and light on the dark one, over the toolbar's colour. */
export async function startStatusBar(): Promise<void> {
  const { StatusBar, Style } = await import('@capacitor/status-bar');
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = async () => {
    await StatusBar.setStyle({ style: dark.matches ? Style.Dark : Style.Light });
    // Android 15 and later draw the app under the status bar and have no colour to set
    await StatusBar.setBackgroundColor({ color: toolbarColor() }).catch(() => undefined);
  };
  dark.addEventListener('change', () => {
    apply().catch((error: unknown) => console.warn('status bar not updated', error));
  });
  await apply();
}

/** A field the user is typing in is scrolled into the part of the page the keyboard leaves. */
export function revealFocusedField(): void {
  const field = document.activeElement;
  if (field instanceof HTMLElement && field.matches('input, textarea, select, [contenteditable="true"]')) {
    field.scrollIntoView({ block: 'center' });
  }
}

/**
 * The keyboard shrinks the page rather than covering it: capacitor.config.ts sets the iOS resize
 * mode (`body`; Android resizes by its window settings). Only when it is `none` (nothing resized,
 * forms hidden) is it set here. Ionic scrolls its own inputs into view; the native fields are
 * scrolled here once the keyboard is up.
 */
export async function startKeyboard(ios: boolean): Promise<void> {
  const { Keyboard, KeyboardResize } = await import('@capacitor/keyboard');
  if (ios && (await Keyboard.getResizeMode()).mode === KeyboardResize.None) {
    await Keyboard.setResizeMode({ mode: KeyboardResize.Body });
  }
  await Keyboard.addListener('keyboardDidShow', revealFocusedField);
}
