/**
 * Registers guest-sw.js for the guest pages only (scope /g/; the web app's own service worker
 * keeps the rest of the site). The first visit loads before the worker runs: once it takes
 * control, the page asks again for what it showed, so the worker has it for offline visits.
 */
export const GUEST_SW_URL = '/guest-sw.js';
export const GUEST_SW_SCOPE = '/g/';
const WARM_EVENT = 'spotlist:guest-warm';

/** URLs of the API answers the page shows (set by the page as it loads them). */
const shown = new Set<string>();
export function rememberShown(url: string): void {
  shown.add(url);
}

export function registerGuestWorker(nav: Navigator = navigator): void {
  if (!('serviceWorker' in nav)) return;
  const hadController = !!nav.serviceWorker.controller;
  nav.serviceWorker.register(GUEST_SW_URL, { scope: GUEST_SW_SCOPE }).catch(() => {});
  if (hadController) return;
  nav.serviceWorker.addEventListener('controllerchange', () => {
    const pictures = [...document.images].map((i) => i.src).filter((src) => src.startsWith(`${location.origin}/api/document/`));
    for (const url of [...shown, ...pictures]) fetch(url, { credentials: 'omit' }).catch(() => {});
    dispatchEvent(new Event(WARM_EVENT));
  });
}

/** Called back when the worker took control (the likes hook refetches through it). */
export const onWarm = (fn: () => void): (() => void) => {
  addEventListener(WARM_EVENT, fn);
  return () => removeEventListener(WARM_EVENT, fn);
};
