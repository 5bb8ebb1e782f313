/** The map of a collection, in its own chunk with Leaflet and its stylesheet (loaded on demand). */
import 'leaflet/dist/leaflet.css';
import type { PublicPoi } from '@spotlist/contracts';
import { divIcon, latLngBounds, map as createMap, marker, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { tileUrl } from '../lib/tiles';

export interface MapViewProps {
  pois: PublicPoi[];
  onOpen: (placeId: number) => void;
}

/** SPEC §3: Marienplatz, zoom 10, when no place has a position. */
const DEFAULT_CENTER: [number, number] = [48.137154, 11.576124];
const ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap</a>';

export function MapView({ pois, onOpen }: MapViewProps) {
  const elRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  });

  useEffect(() => {
    const m = createMap(elRef.current!, { scrollWheelZoom: false }).setView(DEFAULT_CENTER, 10);
    tileLayer(tileUrl(), { maxZoom: 19, attribution: ATTRIBUTION }).addTo(m);
    // SPEC §9: markers 29×35; keyboard users reach them with Tab and open them with Enter.
    const icon = divIcon({ className: 'sl-pin', html: '<span></span>', iconSize: [29, 35], iconAnchor: [14, 33] });
    const placed = pois.filter((p) => p.latitude != null && p.longitude != null);
    for (const p of placed) {
      marker([p.latitude!, p.longitude!], { icon, title: p.name, alt: p.name, keyboard: true })
        .on('click', () => openRef.current(p.placeId))
        .addTo(m);
    }
    if (placed.length) m.fitBounds(latLngBounds(placed.map((p) => [p.latitude!, p.longitude!])), { padding: [32, 32], maxZoom: 15 });
    return () => m.remove();
  }, [pois]);

  return <div ref={elRef} class="sl-map" />;
}
