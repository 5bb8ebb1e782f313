/**
 * Distance and arrival estimate of a shuttle to a stop (the hotel, a location of the business).
 * Streets are not straight: the way is taken as the straight line × ROAD_FACTOR, a common detour
 * ratio for city streets. The arrival is that way at the shuttle's mean speed of the last minutes
 * (stops included, so a bus that waits at stops is not taken at its top speed) — an estimate, and
 * labelled one. No estimate for a shuttle that is offline or has hardly moved lately.
 */
import { haversineMeters } from '@spotlist/contracts';

export const ROAD_FACTOR = 1.3;
/** Below this mean speed (km/h) the shuttle has been standing: no estimate. */
export const MIN_ESTIMATE_KMH = 5;
/** Closer than this (m), the shuttle is at the stop. */
export const AT_STOP_METERS = 150;

export interface Point {
  latitude: number;
  longitude: number;
}

export const straightMeters = (a: Point, b: Point): number =>
  haversineMeters({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude });

export type Arrival = { kind: 'at' } | { kind: 'eta'; minutes: number; meters: number } | { kind: 'far'; meters: number };

export function arrival(vehicle: Point & { status: string; recentKmh: number | null }, stop: Point): Arrival {
  const straight = straightMeters(vehicle, stop);
  if (straight <= AT_STOP_METERS) return { kind: 'at' };
  const meters = straight * ROAD_FACTOR;
  const kmh = vehicle.recentKmh ?? 0;
  if (vehicle.status === 'offline' || kmh < MIN_ESTIMATE_KMH) return { kind: 'far', meters };
  return { kind: 'eta', meters, minutes: Math.max(1, Math.ceil((meters / 1000 / kmh) * 60)) };
}
