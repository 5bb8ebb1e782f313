import 'leaflet/dist/leaflet.css';
import { DomEvent } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/translator';
import { config } from '../lib/config';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, mapTileUrl, osmAttribution } from '../lib/map';

/** Leaflet's SVG takes a literal colour; the tiles stay light in dark mode, so it does not switch (tokens.css: --color-brand-fixed). */
const MARKER_COLOR = '#1b6e5a';

/**
 * The map picker of the business locations and of new widget places (its own chunk: Leaflet loads only when the picker
 * opens). A click (or "Use the centre of the map", for keyboards) sets the point.
 * SPEC §3 map defaults: a fixed Munich-area coordinate (Marienplatz), zoom 10. Tiles from the
 * server's MAP_TILE_URL (`mapTileUrl`, the host its CSP allows). The point is a
 * vector circle, so no marker images have to be bundled.
 */
/** Where a picked city is shown: close enough to pick a street. */
const CITY_ZOOM = 12;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapPickerProps {
  /** Where to look (a picked city); the default centre when null. */
  focus: LatLng | null;
  point: LatLng | null;
  onPoint: (point: LatLng) => void;
}

function FollowFocus({ focus }: { focus: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lng], Math.max(map.getZoom(), CITY_ZOOM));
  }, [map, focus]);
  return null;
}

function PickOnClick({ onPoint }: { onPoint: (point: LatLng) => void }) {
  useMapEvents({ click: (e) => onPoint({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

function UseCentre({ onPoint }: { onPoint: (point: LatLng) => void }) {
  const { t } = useTranslation();
  const map = useMap();
  const control = useRef<HTMLDivElement>(null);
  // Leaflet listens on the map itself: without this a click on the button is also a map click
  useEffect(() => {
    if (control.current) DomEvent.disableClickPropagation(control.current);
  }, []);
  return (
    <div className="leaflet-bottom leaflet-left">
      <div className="leaflet-control" ref={control}>
        <button
          type="button"
          className="app-button app-button-small"
          onClick={() => {
            const c = map.getCenter();
            onPoint({ lat: c.lat, lng: c.lng });
          }}
        >
          {t('LOCATIONS.USE_CENTRE')}
        </button>
      </div>
    </div>
  );
}

export default function MapPicker({ focus, point, onPoint }: MapPickerProps) {
  const { t } = useTranslation();
  // Leaflet shows the attribution as HTML: the translated text is escaped, the link is ours.
  const attribution = config.mapAttribution || osmAttribution(t('MAP.ATTRIBUTION'));
  const start = focus ?? point;
  return (
    <div className="map-picker" role="group" aria-label={t('LOCATIONS.MAP')}>
      <MapContainer
        center={start ? [start.lat, start.lng] : MAP_DEFAULT_CENTER}
        zoom={start ? CITY_ZOOM : MAP_DEFAULT_ZOOM}
        className="map-picker-map"
        scrollWheelZoom={false}
      >
        <TileLayer url={mapTileUrl()} attribution={attribution} />
        <FollowFocus focus={focus} />
        <PickOnClick onPoint={onPoint} />
        {point && (
          <CircleMarker center={[point.lat, point.lng]} radius={10} pathOptions={{ color: MARKER_COLOR, weight: 3, fillOpacity: 0.4 }} />
        )}
        <UseCentre onPoint={onPoint} />
      </MapContainer>
      <p className="form-hint">{t('LOCATIONS.MAP_HINT')}</p>
    </div>
  );
}
