/** The loader's logic, apart from its entry so that tests can run it against any window. */
import { HEIGHT_MESSAGE } from '../lib/messages.ts';

const ATTR = 'data-spotlist-widget';
const DONE = 'data-spotlist-ready';
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 20000;

export interface SpotlistEmbed {
  /** Inserts a frame into every `[data-spotlist-widget]` element that has none yet. */
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

  win.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== origin || !e.data || e.data.type !== HEIGHT_MESSAGE) return;
    const h = Number(e.data.height);
    const frame = frames.find((f) => f.contentWindow === e.source);
    if (frame && Number.isFinite(h)) frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(h)))}px`;
  });

  const api: SpotlistEmbed = { scan };
  win.SpotlistEmbed = api;
  scan();
  // Elements after the script (a script in <head>, or one without async): scan again once parsed.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
  return api;
}
