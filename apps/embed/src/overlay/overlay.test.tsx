import type { PublicOverlay } from '@spotlist/contracts';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERLAY_CLOSE_MESSAGE, OVERLAY_LIST_MESSAGE, OVERLAY_SHOW_MESSAGE, OVERLAY_SIZE_MESSAGE } from '../lib/messages.ts';
import { resetFrequencyMemory } from './frequency.ts';
import { OverlayApp } from './overlay-app.tsx';
import { buttonHref, OverlayCard } from './overlay-card.tsx';
import { PageOverlays } from './page-overlays.tsx';

const SITE = 'Site0123456789ab';
const overlay = (extra: Partial<PublicOverlay> = {}): PublicOverlay => ({
  id: 11,
  revision: 2,
  format: 'modal',
  trigger: { kind: 'load', delaySeconds: 0 },
  frequency: { kind: 'once' },
  language: 'de',
  title: 'Frühstück bis 11',
  html: '<p>Im <strong>Garten</strong>, <a href="https://hotel.example/menu" target="_blank" rel="noopener noreferrer">Karte</a></p>',
  imageUrl: '/api/document/4/file?v=abc',
  buttons: [
    { kind: 'url', label: 'Reservieren', href: 'https://hotel.example/book' },
    { kind: 'place', label: 'Zum Ort', href: '/place/42' },
  ],
  ...extra,
});

let root: HTMLElement;
const until = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};
const key = (k: string, shiftKey = false) =>
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }));

/** The public answer and the beacons sent, as the server takes them. */
function serve(overlays: PublicOverlay[]) {
  const asked: string[] = [];
  const beacons: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith(`/api/public/overlay/${SITE}?`)) return new Response(JSON.stringify({ overlays }));
      return new Response(JSON.stringify({ key: 'error.overlay.notfound' }), { status: 404 });
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      const beacon: Record<string, unknown> = { url, type: body.type };
      beacons.push(beacon);
      void body.text().then((t) => Object.assign(beacon, JSON.parse(t)));
      return true;
    },
  });
  return { asked, beacons };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetFrequencyMemory();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  root.remove();
  document.body.innerHTML = '';
  await new Promise((r) => setTimeout(r, 50));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the overlay card', () => {
  it('a modal is a labelled modal dialog with a close button in the visitor’s language, and takes the focus', async () => {
    render(<OverlayCard overlay={overlay()} onClose={() => {}} onButton={() => {}} origin="https://spot.example" />, root);
    const dialog = root.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Frühstück bis 11');
    expect(root.querySelector('.slo')!.getAttribute('lang')).toBe('de');
    expect(root.querySelector('button.slo-close')!.getAttribute('aria-label')).toBe('Schließen');
    expect(root.querySelector('.slo-text strong')!.textContent).toBe('Garten');
    expect(root.querySelector<HTMLImageElement>('.slo-img')!.getAttribute('src')).toBe('/api/document/4/file?v=abc');
    await until(() => expect(document.activeElement).toBe(dialog));
  });

  it('buttons open in a new tab; pages of this server get its origin; other schemes are dropped', () => {
    render(
      <OverlayCard
        overlay={overlay({
          buttons: [
            { kind: 'url', label: 'Book', href: 'https://hotel.example/book' },
            { kind: 'list', label: 'Our list', href: '/lists/7' },
            { kind: 'url', label: 'Evil', href: 'javascript:alert(1)' },
            { kind: 'url', label: 'Evil too', href: '//evil.example/x' },
          ],
        })}
        onClose={() => {}}
        onButton={() => {}}
        origin="https://spot.example"
      />,
      root,
    );
    const links = [...root.querySelectorAll<HTMLAnchorElement>('a.slo-btn')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['Book', 'https://hotel.example/book', '_blank', 'noopener noreferrer'],
      ['Our list', 'https://spot.example/lists/7', '_blank', 'noopener noreferrer'],
    ]);
    expect(buttonHref('tel:+4989123', 'https://spot.example')).toBe('tel:+4989123');
    expect(buttonHref('/\\evil.example', 'https://spot.example')).toBeNull();
  });

  it('closes with its button and with Escape; counts a button as a click', async () => {
    const onClose = vi.fn();
    const onButton = vi.fn();
    render(<OverlayCard overlay={overlay()} onClose={onClose} onButton={onButton} />, root);
    root.querySelector<HTMLButtonElement>('.slo-close')!.click();
    expect(onClose).toHaveBeenCalledTimes(1);
    await until(() => expect(document.activeElement).toBe(root.querySelector('[role="dialog"]')));
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(2);
    root.querySelector<HTMLAnchorElement>('a.slo-btn')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(onButton).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside a modal or full-screen overlay', async () => {
    render(<OverlayCard overlay={overlay({ format: 'fullScreen' })} onClose={() => {}} onButton={() => {}} />, root);
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    await until(() => expect(document.activeElement).toBe(dialog));
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, a[href]')];
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    expect(first.className).toBe('slo-close');
    expect(last.textContent).toBe('Zum Ort');
    key('Tab', true); // from the dialog itself backwards: the last
    expect(document.activeElement).toBe(last);
    key('Tab'); // past the last: the first
    expect(document.activeElement).toBe(first);
    key('Tab', true); // before the first: the last
    expect(document.activeElement).toBe(last);
    // from somewhere in between, Tab is the browser's own
    focusable[1].focus();
    expect(key('Tab')).toBe(true);
  });

  it('a bar is a labelled region, not modal, and in a page does not take the focus', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const onClose = vi.fn();
    render(<OverlayCard overlay={overlay({ format: 'topBar', title: '' })} inPage onClose={onClose} onButton={() => {}} />, root);
    const region = root.querySelector('[role="region"]')!;
    expect(region.getAttribute('aria-modal')).toBeNull();
    expect(region.getAttribute('aria-label')).toBe('Hinweis'); // no title: named anyway
    expect(root.querySelector('.slo')!.className).toBe('slo slo-topBar slo-in-page');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(outside);
    // Escape elsewhere on the page is not for it; Tab is not kept
    key('Escape');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the overlay frame (/o/{site})', () => {
  /** The page embed.js runs in: a window whose postMessage the test reads. */
  function hostPage() {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const host = frame.contentWindow!;
    const told = vi.spyOn(host, 'postMessage').mockImplementation(() => {});
    const messages = () => told.mock.calls.map(([m]) => m as { type: string; [k: string]: unknown });
    const say = (data: unknown, source: Window = host) => window.dispatchEvent(new MessageEvent('message', { data, source }));
    return { host, messages, say };
  }

  it('asks for the page’s overlays, tells the page those the frequency rules allow, shows one when told, counts view and close', async () => {
    const seen = overlay({ id: 12, frequency: { kind: 'once' } });
    localStorage.setItem('spotlist.overlay.12', JSON.stringify({ r: 1, t: Date.now() }));
    const api = serve([overlay({ format: 'bottomBar', frequency: { kind: 'session' } }), seen]);
    const page = hostPage();
    render(<OverlayApp path={`/o/${SITE}`} search="?lang=de&url=hotel.example%2Frooms%2F1" host={page.host} />, root);
    await until(() => expect(page.messages()).toHaveLength(1));
    expect(api.asked).toEqual([`/api/public/overlay/${SITE}?lang=de&url=hotel.example%2Frooms%2F1`]);
    expect(page.messages()[0]).toEqual({
      type: OVERLAY_LIST_MESSAGE,
      overlays: [{ id: 11, format: 'bottomBar', trigger: { kind: 'load', delaySeconds: 0 } }],
    });
    expect(root.innerHTML).toBe('');

    // only the parent window may say what to show
    page.say({ type: OVERLAY_SHOW_MESSAGE, id: 11 }, window);
    await new Promise((r) => setTimeout(r, 20));
    expect(root.querySelector('.slo')).toBeNull();
    page.say({ type: OVERLAY_SHOW_MESSAGE, id: 12 }); // not allowed: not shown
    page.say({ type: OVERLAY_SHOW_MESSAGE, id: 11 });
    await until(() => expect(root.querySelector('.slo-bottomBar [role="region"]')).not.toBeNull());
    // a bar tells its height
    await until(() => expect(page.messages().some((m) => m.type === OVERLAY_SIZE_MESSAGE && typeof m.height === 'number')).toBe(true));
    await until(() =>
      expect(api.beacons).toEqual([
        { url: `/api/public/overlay/${SITE}/event`, type: 'text/plain', overlayId: 11, language: 'de', event: 'view' },
      ]),
    );
    expect(sessionStorage.getItem('spotlist.overlay.11')).not.toBeNull();

    root.querySelector<HTMLButtonElement>('.slo-close')!.click();
    await until(() => expect(root.querySelector('.slo')).toBeNull());
    expect(page.messages().at(-1)).toEqual({ type: OVERLAY_CLOSE_MESSAGE });
    await until(() => expect(api.beacons.map((b) => b.event)).toEqual(['view', 'close']));
  });

  it('counts a button as a click', async () => {
    const api = serve([overlay()]);
    const page = hostPage();
    render(<OverlayApp path={`/o/${SITE}`} search="?lang=de&url=x" host={page.host} />, root);
    await until(() => expect(page.messages()).toHaveLength(1));
    page.say({ type: OVERLAY_SHOW_MESSAGE, id: 11 });
    await until(() => expect(root.querySelector('a.slo-btn')).not.toBeNull());
    root.querySelector<HTMLAnchorElement>('a.slo-btn')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await until(() => expect(api.beacons.map((b) => b.event)).toEqual(['view', 'click']));
  });
});

describe('overlays in the guest app and the widget frame', () => {
  it('load only when the business has an overlay site, and show in the page when their trigger fires', async () => {
    const api = serve([overlay({ trigger: { kind: 'click', elementId: 'offer' }, frequency: { kind: 'once' } })]);
    render(<PageOverlays site={null} where="guest" lang="de" />, root);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.asked).toEqual([]);

    const before = document.createElement('button');
    before.id = 'offer';
    document.body.append(before);
    before.focus();
    render(<PageOverlays site={SITE} where="widget:Widget0123" lang="de" />, root);
    await until(() => expect(api.asked).toEqual([`/api/public/overlay/${SITE}?lang=de&where=widget%3AWidget0123`]));
    await new Promise((r) => setTimeout(r, 20));
    expect(root.querySelector('.slo')).toBeNull();
    before.click();
    await until(() => expect(root.querySelector('.slo-modal.slo-in-page [role="dialog"]')).not.toBeNull());
    await until(() => expect(document.activeElement).toBe(root.querySelector('[role="dialog"]')));
    key('Escape');
    await until(() => expect(root.querySelector('.slo')).toBeNull());
    // the focus is back where it was; once: never again, also not in this page view
    await until(() => expect(document.activeElement).toBe(before));
    before.click();
    await new Promise((r) => setTimeout(r, 20));
    expect(root.querySelector('.slo')).toBeNull();
    await until(() => expect(api.beacons.map((b) => b.event)).toEqual(['view', 'close']));
  });

  it("a guest app's “message us” button opens its chat in place", async () => {
    history.replaceState(null, '', `/g/GuestApp01`);
    serve([
      overlay({
        format: 'slideIn',
        frequency: { kind: 'always' },
        buttons: [{ kind: 'message', label: 'Schreib uns', href: '/g/GuestApp01#chat' }],
      }),
    ]);
    render(<PageOverlays site={SITE} where="guest" lang="de" />, root);
    await until(() => expect(root.querySelector('a.slo-btn')).not.toBeNull());
    const link = root.querySelector<HTMLAnchorElement>('a.slo-btn')!;
    expect(link.getAttribute('href')).toBe('/g/GuestApp01#chat');
    expect(link.target).toBe('');
    link.click();
    await until(() => expect(root.querySelector('.slo')).toBeNull());
    expect(location.hash).toBe('#chat');
    history.replaceState(null, '', '/');
  });
});
