/**
 * The overlay frame, `/o/{sitePublicId}?lang=xx&url=host/path`, which embed.js puts on a
 * business's website (hidden until an overlay shows). It asks which overlays apply to the page,
 * keeps those the visitor's frequency records allow, and tells embed.js (the parent window) their
 * triggers; embed.js arms them on its page and, when one fires, places the frame and says which to
 * show. Closing tells embed.js to hide the frame again. Messages: lib/messages.ts.
 */
import type { OverlayEvent, PublicOverlay } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { OVERLAY_CLOSE_MESSAGE, OVERLAY_LIST_MESSAGE, OVERLAY_SHOW_MESSAGE, OVERLAY_SIZE_MESSAGE } from '../lib/messages.ts';
import { markShown, mayShow } from './frequency.ts';
import { getOverlays, sendOverlayEvent, sitePublicIdFromPath } from './overlay-api.ts';
import { OverlayCard } from './overlay-card.tsx';

/** The visitor's language: `?lang=` (embed.js sends `data-lang` or the browser's), else the browser's. */
const visitorLanguage = (search: string): string => {
  const lang = new URLSearchParams(search).get('lang')?.trim().toLowerCase().slice(0, 2);
  return lang && /^[a-z]{2}$/.test(lang) ? lang : (navigator.language || 'en').slice(0, 2).toLowerCase();
};

export function OverlayApp({
  path = location.pathname,
  search = location.search,
  host = parent,
}: {
  path?: string;
  search?: string;
  /** The page embed.js runs in (the parent window). */
  host?: Window;
}) {
  const site = sitePublicIdFromPath(path);
  const [shown, setShown] = useState<PublicOverlay | null>(null);
  // Read by the message listener: a show may arrive right after the list went out, before a render.
  const allowedRef = useRef<PublicOverlay[]>([]);
  const shownRef = useRef<PublicOverlay | null>(null);
  // The target origin of the frame's messages is `*`: the host page may be any site, and what they
  // carry is the public answer. The page's messages count only from the parent window.
  const tell = (message: object) => host.postMessage(message, '*');
  const count = (o: PublicOverlay, event: OverlayEvent) => site && sendOverlayEvent(site, o, event);

  useEffect(() => {
    if (!site || host === window) return;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== host || e.data?.type !== OVERLAY_SHOW_MESSAGE || shownRef.current) return;
      const o = allowedRef.current.find((x) => x.id === e.data.id);
      if (!o) return;
      shownRef.current = o;
      markShown(o);
      count(o, 'view');
      setShown(o);
    };
    addEventListener('message', onMessage);
    getOverlays(site, { lang: visitorLanguage(search), url: new URLSearchParams(search).get('url') ?? '' }).then(
      ({ overlays }) => {
        allowedRef.current = overlays.filter((o) => mayShow(o));
        tell({ type: OVERLAY_LIST_MESSAGE, overlays: allowedRef.current.map(({ id, format, trigger }) => ({ id, format, trigger })) });
      },
      () => {},
    );
    return () => removeEventListener('message', onMessage);
    // once per load of the frame
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!shown) return null;
  const close = () => {
    if (!shownRef.current) return; // a second Escape before the render
    count(shown, 'close');
    shownRef.current = null;
    setShown(null);
    tell({ type: OVERLAY_CLOSE_MESSAGE });
  };
  const sized = shown.format !== 'modal' && shown.format !== 'fullScreen';
  return (
    <OverlayCard
      key={shown.id}
      overlay={shown}
      onClose={close}
      onButton={() => count(shown, 'click')}
      onSize={sized ? (height) => tell({ type: OVERLAY_SIZE_MESSAGE, height }) : undefined}
    />
  );
}
