import 'leaflet/dist/leaflet.css';
import type { LikedPlace } from '@spotlist/contracts';
import { divIcon } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { config } from '../../../lib/config';
import { useFormatDistance } from '../../../lib/distance';
import type { LatLng } from '../../../lib/geolocation';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MARKER_SIZE, mapTileUrl, osmAttribution } from '../../../lib/map';
import { PLACE_PATHS } from '../../../lib/place-paths';

/**
 * The liked places on a Leaflet map (its own chunk). Markers are SPEC §9's 29x35 pins drawn as
 * inline SVG (no marker images to bundle), anchored at their tip; a tap opens the place's popup
 * (its name links to the place's page).
 * No clustering: the like list is at most a page (100) of places.
 */
const [W, H] = MARKER_SIZE;
const pin = divIcon({
  className: 'place-marker',
  html: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 29 35" aria-hidden="true"><path d="M14.5 34C14.5 34 28 20.5 28 13.5a13.5 13.5 0 0 0-27 0C1 20.5 14.5 34 14.5 34z" fill="#1b6e5a" stroke="#fff" stroke-width="2"/><circle cx="14.5" cy="13.5" r="5" fill="#fff"/></svg>`,
  iconSize: [W, H],
  iconAnchor: [W / 2, H],
  popupAnchor: [0, -H],
});

/**
 * Ionic shows a page only after its transition: Leaflet measured the container before (0×0 or
 * mid-animation) and would keep its centre off. Re-measure whenever the container's size changes,
 * keeping the centre.
 */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const center = map.getCenter();
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }).setView(center, map.getZoom(), { animate: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export default function PlacesMap({ places, center }: { places: LikedPlace[]; center: LatLng | null }) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  const located = places.filter((p) => p.latitude !== null && p.longitude !== null);
  return (
    <div className="places-map" role="group" aria-label={t('PLACES.MAP')}>
      <MapContainer
        key={center ? 'user' : 'default'}
        center={center ? [center.lat, center.lng] : MAP_DEFAULT_CENTER}
        zoom={MAP_DEFAULT_ZOOM}
        className="places-map-map"
      >
        <FollowSize />
        <TileLayer url={mapTileUrl()} attribution={config.mapAttribution || osmAttribution(t('MAP.ATTRIBUTION'))} />
        {located.map((place) => (
          <Marker key={place.id} position={[place.latitude!, place.longitude!]} icon={pin} title={place.name} alt={place.name} keyboard>
            <Popup>
              <AppLink to={PLACE_PATHS.place(place.id)} className="place-name">
                {place.name}
              </AppLink>
              <br />
              {[place.address, place.city].filter(Boolean).join(', ')}
              <br />
              {distance(place.distance)}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
