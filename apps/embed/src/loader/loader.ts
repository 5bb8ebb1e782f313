/** The loader's logic, apart from its entry so that tests can run it against any window. */
import type { OverlayFormat, OverlayTrigger } from '@spotlist/contracts';
import {
  HEIGHT_MESSAGE,
  OVERLAY_CLOSE_MESSAGE,
  OVERLAY_LIST_MESSAGE,
  OVERLAY_SHOW_MESSAGE,
  OVERLAY_SIZE_MESSAGE,
} from '../lib/messages.ts';
import { armTrigger } from '../lib/overlay-triggers.ts';

const ATTR = 'data-spotlist-widget';
const OVERLAY_ATTR = 'data-spotlist-overlay';
const PUBLIC_ID = /^[\w-]{8,32}$/;
const DONE = 'data-spotlist-ready';
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 20000;

/**
 * The overlay frame above everything, and never in the page's flow: fixed, and until an overlay
 * shows invisible, not clickable and 0 × 0. `color-scheme: normal` as in the frame's page, or a
 * browser paints the frame opaque over a dark page.
 */
const OVERLAY_BASE = 'position:fixed;border:0;margin:0;padding:0;z-index:2147483647;color-scheme:normal;max-height:100%;';
const OVERLAY_HIDDEN = `${OVERLAY_BASE}visibility:hidden;pointer-events:none;top:0;left:0;width:0;height:0`;
const SLIDE_IN = 'right:16px;bottom:16px;width:380px;max-width:calc(100% - 32px);max-height:calc(100% - 32px);height:';

/** An overlay as the frame announces it (what its frequency rules let show now). */
interface AnnouncedOverlay {
  id: number;
  format: OverlayFormat;
  trigger: OverlayTrigger;
}

export interface SpotlistEmbed {
  /** Inserts a frame into every `[data-spotlist-widget]` element that has none yet, and the overlay frame once. */
  scan(): void;
}

declare global {
  interface Window {
    SpotlistEmbed?: SpotlistEmbed;
  }
}

/** Sets up the loader once per window; a second copy of the script only scans again. */
export function attachLoader(win: Window, script: HTMLScriptElement | null): SpotlistEmbed | undefined {
  if (win.SpotlistEmbed) {
    win.SpotlistEmbed.scan();
    return win.SpotlistEmbed;
  }
  const doc = win.document;
  // The frame's origin is the script's own: the host page may be anywhere.
  const src = script?.src || doc.querySelector<HTMLScriptElement>('script[src*="/embed.js"]')?.src;
  if (!src) return undefined;
  const origin = new URL(src, doc.baseURI).origin;
  const frames: HTMLIFrameElement[] = [];

  const scan = () => {
    for (const el of doc.querySelectorAll<HTMLElement>(`[${ATTR}]`)) {
      const id = el.getAttribute(ATTR)!.trim();
      if (el.hasAttribute(DONE) || !/^[\w-]{8,32}$/.test(id)) continue;
      el.setAttribute(DONE, '');
      const lang = (el.getAttribute('data-lang') || '').trim().toLowerCase();
      const frame = doc.createElement('iframe');
      frame.src = `${origin}/w/${encodeURIComponent(id)}${/^[a-z]{2}$/.test(lang) ? `?lang=${lang}` : ''}`;
      frame.title = el.getAttribute('data-title') || 'Spotlist';
      frame.setAttribute('loading', 'lazy');
      frame.style.cssText = `display:block;width:100%;max-width:100%;border:0;height:${el.getAttribute('data-height') || 480}px`;
      el.appendChild(frame);
      frames.push(frame);
    }
  };

  // Overlays: one frame per page (the first `[data-spotlist-overlay]`, usually the script itself).
  let overlay: HTMLIFrameElement | undefined;
  let armed = false;
  let shown: AnnouncedOverlay | undefined;
  let shownHeight = 0;
  let focusBack: Element | null = null;
  const fired = new Set<number>();
  const scanOverlay = () => {
    const el = doc.querySelector(`[${OVERLAY_ATTR}]`);
    const id = el?.getAttribute(OVERLAY_ATTR)!.trim() ?? '';
    // (a script in <head> runs before <body> exists: the scan once parsed places the frame)
    if (overlay || !PUBLIC_ID.test(id) || !doc.body) return;
    let lang = (el!.getAttribute('data-lang') || win.navigator.language || '').slice(0, 2).toLowerCase();
    if (!/^[a-z]{2}$/.test(lang)) lang = 'en';
    overlay = doc.createElement('iframe');
    overlay.src = `${origin}/o/${id}?lang=${lang}&url=${encodeURIComponent(win.location.host + win.location.pathname)}`;
    overlay.title = el!.getAttribute('data-title') || 'Spotlist';
    overlay.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    overlay.style.cssText = OVERLAY_HIDDEN;
    doc.body.appendChild(overlay);
  };
  /** Places the shown overlay's frame by its format; the frame draws a modal's backdrop itself. */
  const place = () => {
    const format = shown!.format;
    const bar = format === 'topBar' || format === 'bottomBar';
    // until the frame reports its height: something visible, so the browser lays the frame out
    const h = `${shownHeight || (bar ? 64 : 240)}px`;
    overlay!.style.cssText =
      OVERLAY_BASE +
      (bar
        ? `left:0;width:100%;height:${h};${format === 'topBar' ? 'top' : 'bottom'}:0`
        : format === 'slideIn'
          ? SLIDE_IN + h
          : 'top:0;left:0;width:100%;height:100%');
  };
  const show = (o: AnnouncedOverlay) => {
    // one at a time, each once per page view
    if (shown || fired.has(o.id)) return;
    fired.add(o.id);
    shown = o;
    shownHeight = 0;
    focusBack = doc.activeElement;
    place();
    overlay!.contentWindow?.postMessage({ type: OVERLAY_SHOW_MESSAGE, id: o.id }, origin);
    overlay!.focus();
  };

  win.addEventListener('message', (e: MessageEvent) => {
    const data = e.data;
    if (e.origin !== origin || !data) return;
    if (data.type === HEIGHT_MESSAGE) {
      const h = Number(data.height);
      const frame = frames.find((f) => f.contentWindow === e.source);
      if (frame && Number.isFinite(h)) frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(h)))}px`;
      return;
    }
    if (!overlay || e.source !== overlay.contentWindow) return;
    if (data.type === OVERLAY_LIST_MESSAGE && !armed && Array.isArray(data.overlays)) {
      armed = true;
      const exitIntent = !win.matchMedia?.('(pointer:coarse)').matches;
      for (const o of data.overlays as AnnouncedOverlay[]) if (o?.trigger) armTrigger(win, o.trigger, () => show(o), exitIntent);
    } else if (data.type === OVERLAY_SIZE_MESSAGE && shown) {
      const h = Number(data.height);
      if (Number.isFinite(h)) shownHeight = Math.min(MAX_HEIGHT, Math.max(1, Math.ceil(h)));
      place();
    } else if (data.type === OVERLAY_CLOSE_MESSAGE && shown) {
      shown = undefined;
      overlay.style.cssText = OVERLAY_HIDDEN;
      (focusBack as HTMLElement | null)?.focus?.();
    }
  });

  const scanAll = () => {
    scan();
    scanOverlay();
  };
  const api: SpotlistEmbed = { scan: scanAll };
  win.SpotlistEmbed = api;
  scanAll();
  // Elements after the script (a script in <head>, or one without async): scan again once parsed.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scanAll);
  return api;
}
