/**
 * The business's overlays in one of our own pages — the guest app (`where=guest`) and the widget
 * frame (`where=widget:<publicId>`) — drawn in the page by the same card as the overlay frame.
 * Triggers are armed on the page itself (exit intent by its fallback timer: a page in a frame
 * cannot see the pointer leave the window); frequency records are the same as the overlay
 * frame's (same origin, same storage). A separate chunk (page-overlays.tsx loads it).
 */
import type { OverlayEvent, PublicOverlay } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { armTrigger } from '../lib/overlay-triggers.ts';
import { markShown, mayShow } from './frequency.ts';
import { getOverlays, sendOverlayEvent } from './overlay-api.ts';
import { OverlayCard } from './overlay-card.tsx';

export interface InPageOverlaysProps {
  /** The business's overlay site (the public answers' `overlaySite`). */
  site: string;
  /** `guest` or `widget:<publicId>`. */
  where: string;
  /** The language the page shows. */
  lang: string;
}

export function InPageOverlays({ site, where, lang }: InPageOverlaysProps) {
  const [overlays, setOverlays] = useState<PublicOverlay[]>([]);
  const [shown, setShown] = useState<PublicOverlay | null>(null);
  /** The one shown, for the triggers' callbacks (set with `shown`). */
  const shownRef = useRef<PublicOverlay | null>(null);
  /** Shown in this page view: each overlay at most once per view. */
  const fired = useRef(new Set<number>());
  const focusBackRef = useRef<Element | null>(null);
  const count = (o: PublicOverlay, event: OverlayEvent) => sendOverlayEvent(site, o, event);

  useEffect(() => {
    let live = true;
    getOverlays(site, { lang, where }).then(
      (answer) => {
        if (!live) return;
        setOverlays(answer.overlays);
        // another language: the one shown follows
        setShown((now) => (now && answer.overlays.find((o) => o.id === now.id)) || now);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [site, where, lang]);

  useEffect(() => {
    const disarms = overlays
      .filter((o) => !fired.current.has(o.id) && mayShow(o))
      .map((o) =>
        armTrigger(
          window,
          o.trigger,
          () => {
            // one at a time
            if (fired.current.has(o.id) || shownRef.current) return;
            fired.current.add(o.id);
            markShown(o);
            count(o, 'view');
            focusBackRef.current = document.activeElement;
            shownRef.current = o;
            setShown(o);
          },
          false,
        ),
      );
    return () => disarms.forEach((disarm) => disarm());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overlays]);

  // Closed: the focus returns to where it was when the overlay took it (or got lost with it).
  useEffect(() => {
    if (shown) return;
    const back = focusBackRef.current as HTMLElement | null;
    focusBackRef.current = null;
    if (back?.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus();
  }, [shown]);

  if (!shown) return null;
  const hide = () => {
    shownRef.current = null;
    setShown(null);
  };
  return (
    <OverlayCard
      key={shown.id}
      overlay={shown}
      inPage
      path={location.pathname}
      onClose={() => {
        if (!shownRef.current) return; // a second Escape before the render
        count(shown, 'close');
        hide();
      }}
      onButton={(leave) => {
        count(shown, 'click');
        if (leave) hide();
      }}
    />
  );
}
