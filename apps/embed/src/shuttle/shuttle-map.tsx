/** The shuttles and stops on a Leaflet map (the shuttle chunk): markers move in place as positions arrive; the view fits once. */
import 'leaflet/dist/leaflet.css';
import type { FleetLiveVehicle } from '@spotlist/contracts';
import {
  divIcon,
  latLngBounds,
  map as createMap,
  marker,
  polyline,
  tileLayer,
  type Map as LeafletMap,
  type Marker,
  type Polyline,
} from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { tileUrl } from '../lib/tiles';
import type { Point } from './eta';

const ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap</a>';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const vehicleIcon = (v: FleetLiveVehicle) =>
  divIcon({
    className: `sl-bus sl-bus-${v.status}`,
    html: `<span class="sl-bus-dot" style="--course:${Math.round(v.course ?? 0)}deg">${v.status === 'moving' && v.course !== null ? '<i></i>' : ''}</span><span class="sl-bus-name">${escapeHtml(v.name)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
const stopIcon = (name: string) =>
  divIcon({
    className: 'sl-stop',
    html: `<span></span><b class="sl-bus-name">${escapeHtml(name)}</b>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });

export function ShuttleMap({
  vehicles,
  stops,
  stop,
  label,
}: {
  vehicles: FleetLiveVehicle[];
  stops: (Point & { name: string })[];
  /** The chosen stop (highlighted). */
  stop: number;
  label: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const markersRef = useRef(new Map<number, { m: Marker; trail: Polyline; status: string; course: number | null }>());
  const fittedRef = useRef(false);

  useEffect(() => {
    const m = createMap(el.current!, { scrollWheelZoom: false }).setView([48.137154, 11.576124], 13);
    tileLayer(tileUrl(), { maxZoom: 19, attribution: ATTRIBUTION }).addTo(m);
    mapRef.current = m;
    const all = markersRef.current;
    return () => {
      m.remove();
      mapRef.current = null;
      all.clear();
      fittedRef.current = false;
    };
  }, []);

  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    const placed = stops.map((s, i) =>
      marker([s.latitude, s.longitude], {
        icon: stopIcon(s.name),
        title: s.name,
        alt: s.name,
        keyboard: false,
        opacity: i === stop ? 1 : 0.6,
      }).addTo(m),
    );
    return () => placed.forEach((p) => p.remove());
  }, [stops, stop]);

  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    const seen = new Set<number>();
    for (const v of vehicles) {
      seen.add(v.id);
      const at: [number, number] = [v.latitude, v.longitude];
      const known = markersRef.current.get(v.id);
      if (!known) {
        const trail = polyline(v.trail ?? [at], { color: '#1b6e5a', weight: 4, opacity: 0.4, interactive: false }).addTo(m);
        const mk = marker(at, { icon: vehicleIcon(v), title: v.name, alt: v.name, keyboard: false }).addTo(m);
        markersRef.current.set(v.id, { m: mk, trail, status: v.status, course: v.course });
        continue;
      }
      known.m.setLatLng(at);
      const points = known.trail.getLatLngs();
      known.trail.addLatLng(at);
      if (points.length > 40) known.trail.setLatLngs(points.slice(-40));
      if (known.status !== v.status || known.course !== v.course) {
        known.m.setIcon(vehicleIcon(v));
        known.status = v.status;
        known.course = v.course;
      }
    }
    for (const [id, known] of markersRef.current)
      if (!seen.has(id)) {
        known.m.remove();
        known.trail.remove();
        markersRef.current.delete(id);
      }
    if (!fittedRef.current && (vehicles.length > 0 || stops.length > 0)) {
      fittedRef.current = true;
      const pts: [number, number][] = [
        ...vehicles.map((v): [number, number] => [v.latitude, v.longitude]),
        ...stops.map((s): [number, number] => [s.latitude, s.longitude]),
      ];
      m.fitBounds(latLngBounds(pts), { padding: [36, 36], maxZoom: 15 });
    }
  }, [vehicles, stops]);

  return <div ref={el} class="sl-map sl-shuttle-map" role="group" aria-label={label} />;
}
