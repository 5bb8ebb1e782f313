import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds, type Map as LeafletMap } from 'leaflet';
import type { FleetVehicle } from '@spotlist/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from '../../../lib/translator';
import { config } from '../../../lib/config';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, mapTileUrl, osmAttribution } from '../../../lib/map';
import { STATUS_COLOR, VehicleFacts } from './vehicle-facts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)}`);

/** A round marker in the status's colour with an arrow along the course (none when stopped or unknown), and the name beside it. */
const vehicleIcon = (v: FleetVehicle, selected: boolean) =>
  divIcon({
    className: `fleet-marker fleet-${v.status}${selected ? ' fleet-selected' : ''}`,
    html:
      `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">` +
      `<circle cx="14" cy="14" r="12" fill="${STATUS_COLOR[v.status]}" stroke="#fff" stroke-width="3"/>` +
      (v.status === 'moving' && v.course !== null
        ? `<path d="M14 6l5 12-5-3-5 3z" fill="#fff" transform="rotate(${Math.round(v.course)} 14 14)"/>`
        : `<circle cx="14" cy="14" r="4" fill="#fff"/>`) +
      `</svg><span class="fleet-marker-name">${escapeHtml(v.name)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });

const FIT_PADDING: [number, number] = [48, 48];

function fit(map: LeafletMap, vehicles: readonly FleetVehicle[]) {
  map.invalidateSize({ pan: false });
  if (vehicles.length === 0) return map.setView(MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, { animate: false });
  map.fitBounds(latLngBounds(vehicles.map((v) => [v.latitude, v.longitude])), { padding: FIT_PADDING, maxZoom: 15, animate: false });
}

/**
 * Fits the view to the vehicles when they first arrive and when `fitKey` changes (the "show all"
 * button, a search): live moves never move the view under the user's hand. A selected vehicle is
 * brought into view.
 */
function View({ vehicles, fitKey, selected }: { vehicles: readonly FleetVehicle[]; fitKey: number; selected: FleetVehicle | null }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const key = `${fitKey}:${vehicles.length > 0}`;
  useEffect(() => {
    if (fitted.current === key) return;
    fitted.current = key;
    fit(map, vehicles);
  }, [map, key, vehicles]);
  const selectedId = selected?.id;
  useEffect(() => {
    if (!selected) return;
    map.setView([selected.latitude, selected.longitude], Math.max(map.getZoom(), 14));
    // only when another vehicle is chosen, not on each of its moves
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId]);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The vehicles live on a Leaflet map (its own chunk, with Leaflet): coloured by state, with a short trail each. */
export default function FleetMap({
  vehicles,
  selectedId,
  onSelect,
  fitKey,
  label,
}: {
  vehicles: readonly FleetVehicle[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Changed by the page to fit the view to the vehicles again. */
  fitKey: number;
  label: string;
}) {
  const { t } = useTranslation();
  const selected = useMemo(() => vehicles.find((v) => v.id === selectedId) ?? null, [vehicles, selectedId]);
  return (
    <div className="fleet-map" role="group" aria-label={label}>
      <MapContainer center={MAP_DEFAULT_CENTER} zoom={MAP_DEFAULT_ZOOM} className="fleet-map-map">
        <View vehicles={vehicles} fitKey={fitKey} selected={selected} />
        <TileLayer url={mapTileUrl()} attribution={config.mapAttribution || osmAttribution(t('MAP.ATTRIBUTION'))} />
        {vehicles.map(
          (v) =>
            v.trail.length > 1 && (
              <Polyline
                key={`trail-${v.id}`}
                positions={v.trail}
                pathOptions={{ color: STATUS_COLOR[v.status], weight: 4, opacity: 0.45, interactive: false }}
              />
            ),
        )}
        {vehicles.map((v) => (
          <Marker
            key={v.id}
            position={[v.latitude, v.longitude]}
            icon={vehicleIcon(v, v.id === selectedId)}
            title={v.name}
            alt={v.name}
            keyboard
            zIndexOffset={v.id === selectedId ? 1000 : 0}
            eventHandlers={{ click: () => onSelect(v.id) }}
          >
            <Popup>
              <strong>{v.name}</strong>
              <VehicleFacts vehicle={v} />
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
