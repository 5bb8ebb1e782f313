import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds, point, type LatLngTuple, type Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from '../lib/translator';
import { config } from '../lib/config';
import { useFormatDistance } from '../lib/distance';
import type { LatLng } from '../lib/geolocation';
import { clusterPoints, type MarkerBox } from '../lib/map-clusters';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MARKER_SIZE, mapTileUrl, osmAttribution } from '../lib/map';
import { PLACE_PATHS } from '../lib/place-paths';
import { AppLink } from './app-link';
import { formatAddress } from '../lib/format';

/** Leaflet's markup takes literal colours; the tiles stay light in dark mode, so these do not switch (tokens.css: --color-brand-fixed, --color-on-brand-fixed). */
const MARKER_COLOR = '#1b6e5a';
const MARKER_RING_COLOR = '#fff';

/** What a map marker needs of a place (liked places, list items, catalogue places). */
export interface MapPlace {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  address?: string | null;
  city?: string | null;
  distance?: number;
}

/**
 * Places on a Leaflet map (its own chunk, with Leaflet and its CSS). The view is fitted to the
 * markers with padding (never closer than street level), and fitted again when the map's box
 * changes size (Ionic shows a page only after its transition). Markers that would overlap at the
 * current zoom are one numbered marker: a tap zooms into it, or — when its places share one spot —
 * opens the list of them. Markers are SPEC §9's 29x35 pins as inline SVG, anchored at their tip.
 * Without a place with a position the map shows `empty` over its default view.
 */
const [W, H] = MARKER_SIZE;
const pin = divIcon({
  className: 'place-marker',
  html: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 29 35" aria-hidden="true"><path d="M14.5 34C14.5 34 28 20.5 28 13.5a13.5 13.5 0 0 0-27 0C1 20.5 14.5 34 14.5 34z" fill="${MARKER_COLOR}" stroke="${MARKER_RING_COLOR}" stroke-width="2"/><circle cx="14.5" cy="13.5" r="5" fill="${MARKER_RING_COLOR}"/></svg>`,
  iconSize: [W, H],
  iconAnchor: [W / 2, H],
  popupAnchor: [0, -H],
});
const clusterIcon = (n: number) =>
  divIcon({ className: 'place-cluster', html: `<span>${n}</span>`, iconSize: [36, 36], iconAnchor: [18, 18], popupAnchor: [0, -18] });

/** Markers closer than this many pixels are grouped. */
const CLUSTER_RADIUS = 36;
/** The boxes of the two icons around their point: the pin above it (anchored at its tip), the numbered circle centred on it. */
const markerBox = (count: number): MarkerBox =>
  count === 1 ? { left: -W / 2, right: W / 2, top: -H, bottom: 0 } : { left: -18, right: 18, top: -18, bottom: 18 };
const FIT_PADDING: [number, number] = [40, 40];
const FIT_MAX_ZOOM = 16;

type Located = MapPlace & { latitude: number; longitude: number };
const position = (p: Located): LatLngTuple => [p.latitude, p.longitude];

function fitTo(map: LeafletMap, places: readonly Located[], center: LatLng | null) {
  map.invalidateSize({ pan: false });
  if (places.length > 0) map.fitBounds(latLngBounds(places.map(position)), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate: false });
  else map.setView(center ? [center.lat, center.lng] : MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, { animate: false });
}

function Fit({ places, center }: { places: readonly Located[]; center: LatLng | null }) {
  const map = useMap();
  const ids = places.map((p) => `${p.id}@${p.latitude},${p.longitude}`).join();
  useEffect(() => {
    fitTo(map, places, center);
    // every browser has it; jsdom (the unit tests) does not
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fitTo(map, places, center));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
    // fitted again when the set of places changes, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ids, center?.lat, center?.lng]);
  return null;
}

function PlaceLines({ place }: { place: MapPlace }) {
  const distance = useFormatDistance();
  const where = formatAddress(place.address, place.city);
  const far = place.distance === undefined ? '' : distance(place.distance);
  return (
    <>
      <AppLink to={PLACE_PATHS.place(place.id)} className="place-name">
        {place.name}
      </AppLink>
      {where && <span className="map-popup-line">{where}</span>}
      {far && <span className="map-popup-line">{far}</span>}
    </>
  );
}

function Markers({ places }: { places: readonly Located[] }) {
  const map = useMap();
  // The map's zoom as an external store: Fit's first fitting runs in its effect, before a listener
  // added by an effect here would be there, and the markers stayed grouped for the initial zoom
  // (overlapping at the fitted one); useSyncExternalStore reads it again when it subscribes.
  const zoom = useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        map.on('zoomend', changed);
        return () => void map.off('zoomend', changed);
      },
      [map],
    ),
    () => map.getZoom(),
  );
  const clusters = useMemo(
    () =>
      clusterPoints(
        places.map((p) => {
          const pt = map.project(position(p), zoom);
          return { x: pt.x, y: pt.y, item: p };
        }),
        CLUSTER_RADIUS,
        markerBox,
      ),
    [map, places, zoom],
  );
  return clusters.map((c) => {
    const [first] = c.items;
    if (c.items.length === 1 && first)
      return (
        <Marker key={first.id} position={position(first)} icon={pin} title={first.name} alt={first.name} keyboard>
          <Popup>
            <PlaceLines place={first} />
          </Popup>
        </Marker>
      );
    const bounds = latLngBounds(c.items.map(position));
    const names = c.items.map((p) => p.name).join(', ');
    return (
      <Marker
        key={c.items.map((p) => p.id).join('-')}
        position={map.unproject([c.x, c.y], zoom)}
        icon={clusterIcon(c.items.length)}
        title={names}
        alt={names}
        keyboard
        eventHandlers={{
          click: (e) => {
            // zoom in while that separates them; places on one spot are listed in the popup
            if (map.getBoundsZoom(bounds, false, point(FIT_PADDING)) > zoom && zoom < map.getMaxZoom()) {
              e.target.closePopup();
              map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: map.getMaxZoom() });
            }
          },
        }}
      >
        <Popup>
          <ul className="map-popup-list">
            {c.items.map((p) => (
              <li key={p.id}>
                <PlaceLines place={p} />
              </li>
            ))}
          </ul>
        </Popup>
      </Marker>
    );
  });
}

export default function PlaceMap({
  places,
  center,
  label,
  empty,
}: {
  places: readonly MapPlace[];
  center: LatLng | null;
  /** The map's accessible name. */
  label: string;
  /** Shown over the map when no place has a position. */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const located = useMemo(() => places.filter((p): p is Located => p.latitude !== null && p.longitude !== null), [places]);
  return (
    <div className="places-map" role="group" aria-label={label}>
      <MapContainer center={MAP_DEFAULT_CENTER} zoom={MAP_DEFAULT_ZOOM} className="places-map-map">
        <Fit places={located} center={center} />
        <TileLayer url={mapTileUrl()} attribution={config.mapAttribution || osmAttribution(t('MAP.ATTRIBUTION'))} />
        <Markers places={located} />
      </MapContainer>
      {located.length === 0 && empty && <div className="map-empty">{empty}</div>}
    </div>
  );
}
