/**
 * A set of places as list, map (Leaflet, loaded when first opened) and detail views: the whole
 * widget in the frame, and each widget or list in the guest app.
 */
import type { PublicPoi, WidgetEvent } from '@spotlist/contracts';
import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { categoryName, type Translate } from '../lib/i18n.ts';
import { hostOf, telUrl, webUrl } from '../lib/links.ts';
import type { Likes } from '../lib/use-likes.ts';
import type { MapViewProps } from './map-view.tsx';

export interface CollectionProps {
  pois: PublicPoi[];
  t: Translate;
  likes: Likes;
  /** The widget's publicId (likes and events name it); none for a guest app's list. */
  widget?: string;
  firstView?: 'list' | 'map';
  /** Counts an analytics event of this widget (open, click). */
  onEvent?: (event: WidgetEvent, placeId?: number) => void;
  /** The level of the place names' headings (the collection's own heading is one above). */
  level?: 2 | 3;
}

let mapModule: Promise<ComponentType<MapViewProps>> | undefined;
const loadMap = () => (mapModule ??= import('./map-view.tsx').then((m) => m.MapView));

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        stroke-width="2"
      />
    </svg>
  );
}

export function LikeButton({ poi, likes, widget, t }: { poi: PublicPoi; likes: Likes; widget?: string; t: Translate }) {
  const on = likes.liked.has(poi.placeId);
  return (
    <button
      type="button"
      class="sl-like"
      aria-pressed={on}
      aria-label={`${on ? t('unlike') : t('like')}: ${poi.name}`}
      onClick={() => likes.toggle(poi.placeId, widget)}
    >
      <Heart filled={on} />
    </button>
  );
}

export function Collection({ pois, t, likes, widget, firstView = 'list', onEvent, level = 2 }: CollectionProps) {
  const [view, setView] = useState<'list' | 'map'>(firstView);
  const [openId, setOpenId] = useState<number | null>(null);
  const [MapView, setMapView] = useState<ComponentType<MapViewProps> | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const lastOpenedRef = useRef<number | null>(null);
  const open = pois.find((p) => p.placeId === openId) ?? null;

  useEffect(() => {
    if (view !== 'map' || MapView) return;
    setMapFailed(false);
    loadMap().then(
      (c) => setMapView(() => c),
      () => {
        mapModule = undefined;
        setMapFailed(true);
      },
    );
  }, [view, MapView]);

  // Focus follows the view: the place's heading when it opens, its opener when going back.
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    if (open) el.querySelector<HTMLElement>('.sl-detail h2, .sl-detail h3, .sl-detail h4')?.focus();
    else if (lastOpenedRef.current != null) el.querySelector<HTMLElement>(`[data-place="${lastOpenedRef.current}"]`)?.focus();
  }, [open]);

  const show = (placeId: number) => {
    lastOpenedRef.current = placeId;
    setOpenId(placeId);
    onEvent?.('open', placeId);
  };

  const H = `h${level}` as 'h2' | 'h3';
  if (open) {
    return (
      <div class="sl-collection" ref={rootRef}>
        <div class="sl-bar">
          <button type="button" class="sl-btn" onClick={() => setOpenId(null)}>
            ← {t('back')}
          </button>
        </div>
        <Detail poi={open} t={t} likes={likes} widget={widget} onEvent={onEvent} level={level} />
      </div>
    );
  }
  return (
    <div class="sl-collection" ref={rootRef}>
      <div class="sl-bar" role="group">
        {(['list', 'map'] as const).map((v) => (
          <button key={v} type="button" class="sl-btn" aria-pressed={view === v} onClick={() => setView(v)}>
            {t(v)}
          </button>
        ))}
      </div>
      {!pois.length ? (
        <p class="sl-note">{t('empty')}</p>
      ) : view === 'list' ? (
        <ul class="sl-list">
          {pois.map((p) => (
            <li key={p.placeId} class="sl-item">
              {p.thumbUrl ? (
                <img src={p.thumbUrl} alt="" loading="lazy" width={64} height={64} />
              ) : (
                <span class="sl-noimg" aria-hidden="true" />
              )}
              <div class="sl-grow">
                <H class="sl-name">
                  {/* the whole card is this button's target (a stretched ::after) */}
                  <button type="button" class="sl-open" data-place={p.placeId} onClick={() => show(p.placeId)}>
                    {p.name}
                  </button>
                </H>
                <span class="sl-sub">{[categoryName(t, p.category), p.city].filter(Boolean).join(' · ')}</span>
              </div>
              <LikeButton poi={p} likes={likes} widget={widget} t={t} />
            </li>
          ))}
        </ul>
      ) : MapView ? (
        <MapView pois={pois} onOpen={show} />
      ) : (
        <p class="sl-note" role="status">
          {mapFailed ? t('error') : t('loading')}
        </p>
      )}
    </div>
  );
}

function Detail({
  poi,
  t,
  likes,
  widget,
  onEvent,
  level,
}: {
  poi: PublicPoi;
  t: Translate;
  likes: Likes;
  widget?: string;
  onEvent?: CollectionProps['onEvent'];
  level: 2 | 3;
}) {
  const H = `h${level}` as 'h2' | 'h3';
  const site = webUrl(poi.website);
  const tel = telUrl(poi.phone);
  const address = [poi.address, poi.city].filter(Boolean).join(', ');
  return (
    <article class="sl-detail">
      {poi.pictureUrl && <img class="sl-picture" src={poi.pictureUrl} alt="" />}
      <div class="sl-head">
        <H tabIndex={-1}>{poi.name}</H>
        <LikeButton poi={poi} likes={likes} widget={widget} t={t} />
      </div>
      <p class="sl-sub">{categoryName(t, poi.category)}</p>
      {poi.description && <p class="sl-text">{poi.description}</p>}
      {address && <address>{address}</address>}
      <div class="sl-actions">
        {site && (
          <a class="sl-btn" href={site} target="_blank" rel="noopener noreferrer" onClick={() => onEvent?.('click', poi.placeId)}>
            {t('website')}: {hostOf(site)}
          </a>
        )}
        {tel && (
          <a class="sl-btn" href={tel}>
            {t('call')}: {poi.phone}
          </a>
        )}
      </div>
    </article>
  );
}
