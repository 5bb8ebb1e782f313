import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translator';

/**
 * Where a map is about to be while its code loads (Leaflet is a chunk of its own): a muted box of
 * the map's own size (the surrounding class sets it, as for the map), so nothing below moves when
 * the map arrives. One status says "Loading…" to assistive technology.
 */
export function MapLoading({ picker = false }: { picker?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={picker ? 'map-picker' : 'places-map'} role="status" aria-label={t('COMMON.LOADING')}>
      <div className={`${picker ? 'map-picker-map' : 'places-map-map'} loading-box`} />
    </div>
  );
}

/** How far outside the screen a map starts to load: it is there when scrolled to. */
const NEAR_PX = 400;

/**
 * A map below the fold (a list's map under its rows on a phone) loads when it comes near the
 * screen: until then its box (`MapLoading`) holds the place, and neither Leaflet's code nor its
 * markers' work (~150 ms for 100 places on a slow phone) delay the page. Without
 * IntersectionObserver (the unit tests' DOM) the map comes at once.
 */
export function MapWhenNear({ picker = false, children }: { picker?: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${NEAR_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return (
    <div ref={box}>
      <MapLoading picker={picker} />
    </div>
  );
}
