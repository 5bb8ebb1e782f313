import { overlaySnippet, type OverlayFormat, type OverlayTrigger } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEIGHT_MESSAGE,
  OVERLAY_CLOSE_MESSAGE,
  OVERLAY_LIST_MESSAGE,
  OVERLAY_SHOW_MESSAGE,
  OVERLAY_SIZE_MESSAGE,
} from '../lib/messages.ts';
import { attachLoader } from './loader.ts';

const ORIGIN = 'https://spot.example';
const SITE = 'Site0123456789ab';

const frames = () => [...document.querySelectorAll('iframe')];
const overlayFrame = () => frames()[0];

function post(data: unknown, origin = ORIGIN, source: MessageEventSource | null = overlayFrame().contentWindow) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** The host page with the snippet a business copies, and embed.js run on it. */
function start(snippet = overlaySnippet(ORIGIN, SITE, 'de')) {
  document.body.insertAdjacentHTML('beforeend', `<button id="before">Before</button><p>Our page</p>${snippet}`);
  attachLoader(window, document.querySelector('script'));
  return overlayFrame();
}

/** What the overlay frame says it may show, and the frame's postMessage to watch the show messages. */
function announce(list: { id: number; format: OverlayFormat; trigger: OverlayTrigger }[]) {
  const shows = vi.spyOn(overlayFrame().contentWindow!, 'postMessage').mockImplementation(() => {});
  post({ type: OVERLAY_LIST_MESSAGE, overlays: list });
  return shows;
}

const isHidden = (f: HTMLIFrameElement) =>
  f.style.visibility === 'hidden' && f.style.pointerEvents === 'none' && f.style.width === '0px' && f.style.height === '0px';

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  delete window.SpotlistEmbed;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('embed.js: data-spotlist-overlay', () => {
  it('adds one hidden, fixed, sandboxed frame of the site for the page, from the snippet a business copies', () => {
    expect(overlaySnippet(`${ORIGIN}/`, SITE)).toBe(`<script src="${ORIGIN}/embed.js" data-spotlist-overlay="${SITE}" async></script>`);
    expect(overlaySnippet(ORIGIN, SITE, 'de')).toBe(
      `<script src="${ORIGIN}/embed.js" data-spotlist-overlay="${SITE}" data-lang="de" async></script>`,
    );
    const f = start();
    expect(frames()).toHaveLength(1);
    expect(f.src).toBe(`${ORIGIN}/o/${SITE}?lang=de&url=${encodeURIComponent(location.host + location.pathname)}`);
    expect(f.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    expect(f.title).toBe('Spotlist');
    // never in the page's flow, invisible and not clickable until an overlay shows
    expect(f.parentElement).toBe(document.body);
    expect(f.style.position).toBe('fixed');
    expect(f.style.zIndex).toBe('2147483647');
    expect(f.style.border).toMatch(/^0/);
    expect(isHidden(f)).toBe(true);
  });

  it("takes the browser's language without data-lang; one overlay host per page; ids that are no public id get nothing", () => {
    document.body.innerHTML = `<div data-spotlist-overlay="x/../admin"></div>`;
    start(`<script src="${ORIGIN}/embed.js" async></script>`);
    expect(frames()).toHaveLength(0);
    delete window.SpotlistEmbed;

    document.body.innerHTML = `<div data-spotlist-overlay="${SITE}"></div><div data-spotlist-overlay="Other0123456789"></div>`;
    start(`<script src="${ORIGIN}/embed.js" async></script>`);
    expect(frames()).toHaveLength(1);
    expect(overlayFrame().src).toContain(`/o/${SITE}?lang=${navigator.language.slice(0, 2)}&`);
    // a second copy of the script, and a later scan, add none
    attachLoader(window, document.querySelector('script'));
    document.body.insertAdjacentHTML('beforeend', overlaySnippet(ORIGIN, 'Late0123456789'));
    window.SpotlistEmbed!.scan();
    expect(frames()).toHaveLength(1);
  });

  it('lives next to widget frames: height messages still reach only widget frames', () => {
    document.body.innerHTML = `<div id="w" data-spotlist-widget="Widget0123"></div>`;
    start();
    const [widget, overlay] = [document.querySelector<HTMLIFrameElement>('#w iframe')!, frames().find((f) => f.src.includes('/o/'))!];
    post({ type: HEIGHT_MESSAGE, height: 700 }, ORIGIN, overlay.contentWindow);
    expect(isHidden(overlay)).toBe(true);
    post({ type: HEIGHT_MESSAGE, height: 700 }, ORIGIN, widget.contentWindow);
    expect(widget.style.height).toBe('700px');
  });

  it('ignores overlay messages from another origin or another window', () => {
    vi.useFakeTimers();
    const f = start();
    const shows = vi.spyOn(f.contentWindow!, 'postMessage').mockImplementation(() => {});
    const list = { type: OVERLAY_LIST_MESSAGE, overlays: [{ id: 1, format: 'modal', trigger: { kind: 'load', delaySeconds: 0 } }] };
    post(list, 'https://evil.example');
    post(list, ORIGIN, window);
    vi.runAllTimers();
    expect(shows).not.toHaveBeenCalled();
    expect(isHidden(f)).toBe(true);

    post(list);
    vi.runAllTimers();
    expect(shows).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 1 }, ORIGIN);
    // a close from elsewhere does not hide it
    post({ type: OVERLAY_CLOSE_MESSAGE }, 'https://evil.example');
    post({ type: OVERLAY_CLOSE_MESSAGE }, ORIGIN, window);
    expect(isHidden(f)).toBe(false);
  });

  it('load: shows after the delay, placed by its format, focused; closing hides it and gives the focus back', () => {
    vi.useFakeTimers();
    const f = start();
    const before = document.getElementById('before')!;
    before.focus();
    const shows = announce([{ id: 7, format: 'modal', trigger: { kind: 'load', delaySeconds: 3 } }]);
    vi.advanceTimersByTime(2900);
    expect(shows).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(shows).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 7 }, ORIGIN);
    // a modal covers the viewport (the frame draws its backdrop)
    expect(f.style).toMatchObject({
      position: 'fixed',
      visibility: '',
      pointerEvents: '',
      top: '0px',
      left: '0px',
      width: '100%',
      height: '100%',
    });
    expect(document.activeElement).toBe(f);

    post({ type: OVERLAY_CLOSE_MESSAGE });
    expect(isHidden(f)).toBe(true);
    expect(document.activeElement).toBe(before);
  });

  it('bars are full width at the top or bottom with the height the frame reports; a slide-in is a box at the bottom right', () => {
    vi.useFakeTimers();
    const f = start();
    announce([
      { id: 1, format: 'topBar', trigger: { kind: 'load', delaySeconds: 0 } },
      { id: 2, format: 'bottomBar', trigger: { kind: 'load', delaySeconds: 5 } },
      { id: 3, format: 'slideIn', trigger: { kind: 'load', delaySeconds: 10 } },
    ]);
    vi.advanceTimersByTime(0);
    expect(f.style).toMatchObject({ top: '0px', left: '0px', width: '100%' });
    post({ type: OVERLAY_SIZE_MESSAGE, height: 57.4 });
    expect(f.style.height).toBe('58px');
    post({ type: OVERLAY_SIZE_MESSAGE, height: 'tall' }, ORIGIN);
    expect(f.style.height).toBe('58px');
    post({ type: OVERLAY_CLOSE_MESSAGE });

    vi.advanceTimersByTime(5000);
    expect(f.style).toMatchObject({ bottom: '0px', left: '0px', width: '100%', top: '' });
    post({ type: OVERLAY_SIZE_MESSAGE, height: 80 });
    expect(f.style.height).toBe('80px');
    post({ type: OVERLAY_CLOSE_MESSAGE });

    vi.advanceTimersByTime(5000);
    expect(f.style).toMatchObject({ right: '16px', bottom: '16px', width: '380px', maxWidth: 'calc(100% - 32px)' });
    post({ type: OVERLAY_SIZE_MESSAGE, height: 300 });
    expect(f.style.height).toBe('300px');
  });

  it('shows one at a time and each once per page view', () => {
    vi.useFakeTimers();
    start();
    const shows = announce([
      { id: 1, format: 'modal', trigger: { kind: 'load', delaySeconds: 1 } },
      { id: 2, format: 'slideIn', trigger: { kind: 'load', delaySeconds: 2 } },
      { id: 3, format: 'slideIn', trigger: { kind: 'click', elementId: 'more' } },
    ]);
    document.body.insertAdjacentHTML('beforeend', '<button id="more">More</button>');
    vi.advanceTimersByTime(2000);
    // the second fired while the first was open: not shown over it
    expect(shows.mock.calls.map(([m]) => (m as { id: number }).id)).toEqual([1]);
    post({ type: OVERLAY_CLOSE_MESSAGE });
    document.getElementById('more')!.click();
    post({ type: OVERLAY_CLOSE_MESSAGE });
    document.getElementById('more')!.click();
    expect(shows.mock.calls.map(([m]) => (m as { id: number }).id)).toEqual([1, 3]);
    // a second list (a late or forged message) arms nothing more
    post({ type: OVERLAY_LIST_MESSAGE, overlays: [{ id: 9, format: 'modal', trigger: { kind: 'load', delaySeconds: 0 } }] });
    vi.runAllTimers();
    expect(shows).toHaveBeenCalledTimes(2);
  });

  it('scroll: shows when the bottom of the viewport passes the percentage of the page', () => {
    start();
    const shows = announce([{ id: 4, format: 'bottomBar', trigger: { kind: 'scroll', percent: 50 } }]);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    };
    scrollTo(500); // (500 + 768) / 4000 = 32 %
    expect(shows).not.toHaveBeenCalled();
    scrollTo(1300); // 51 %
    expect(shows).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 4 }, ORIGIN);
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('exit intent: on a desktop the pointer leaving through the top; on a phone its fallback timer', () => {
    vi.useFakeTimers();
    window.matchMedia = ((q: string) => ({ matches: false, media: q })) as unknown as typeof window.matchMedia;
    start();
    const shows = announce([{ id: 5, format: 'modal', trigger: { kind: 'exit', fallbackSeconds: 4 } }]);
    vi.advanceTimersByTime(10_000);
    expect(shows).not.toHaveBeenCalled();
    // moving within the page, or out at the side, is no exit
    document.body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: 300, relatedTarget: null }));
    document.body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: 0, relatedTarget: document.body }));
    expect(shows).not.toHaveBeenCalled();
    document.body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: -2, relatedTarget: null }));
    expect(shows).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 5 }, ORIGIN);

    delete window.SpotlistEmbed;
    document.body.innerHTML = '';
    window.matchMedia = ((q: string) => ({ matches: q.includes('coarse'), media: q })) as unknown as typeof window.matchMedia;
    start();
    const phone = announce([{ id: 6, format: 'modal', trigger: { kind: 'exit', fallbackSeconds: 4 } }]);
    vi.advanceTimersByTime(3999);
    expect(phone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(phone).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 6 }, ORIGIN);
  });

  it('click: a click on the element with the id, or inside it, also one added later', () => {
    start();
    const shows = announce([{ id: 8, format: 'modal', trigger: { kind: 'click', elementId: 'offer' } }]);
    document.getElementById('before')!.click();
    expect(shows).not.toHaveBeenCalled();
    document.body.insertAdjacentHTML('beforeend', '<a id="offer" href="#x"><span id="inner">See the offer</span></a>');
    document.getElementById('inner')!.click();
    expect(shows).toHaveBeenCalledWith({ type: OVERLAY_SHOW_MESSAGE, id: 8 }, ORIGIN);
  });
});
