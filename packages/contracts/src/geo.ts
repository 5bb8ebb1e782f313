/** Geometry without zod, shared by server, web and the visitor pages (places.ts re-exports it). */

/** The mean Earth radius (IUGG). The server's SQL haversine uses the same figure, so both agree. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

export interface LatLng {
  lat: number;
  lng: number;
}

const RAD = Math.PI / 180;

/**
 * Great-circle distance in metres (haversine). Symmetric, 0 for the same point, at most π·R (half
 * the circumference), and a metric up to rounding: near antipodal points asin works close to 1
 * and loses up to ~0.2 m, below the whole metres answers carry.
 */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(s)));
}
