import { EARTH_RADIUS_METERS, FLEET_SIMULATOR_MAX_VEHICLES, haversineMeters as haversineLatLng } from '@spotlist/contracts';
import type { FleetPosition, FleetProvider } from '../fleet/types.ts';
import { mulberry32 } from '../../lib/prng.ts';

/**
 * The simulated fleet (issue 21): a selectable fleet provider whose vehicles drive loops around a
 * business's location, so that a person trying the product sees the tracking page alive. A
 * position is a pure function of the seed and the time (no timers, no randomness at call time):
 * every server instance answers the same, and tests are exact. README.md says the model.
 */

/** A point in degrees, WGS84. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** One stop of a loop, with when the vehicle is there (milliseconds into the loop). */
export interface SimStop extends Coordinates {
  /** "Stop 3": the position's text while the vehicle dwells here. */
  name: string;
  /** When the vehicle arrives, in ms from the start of its loop (the first stop's is 0). */
  arriveAtMs: number;
  /** How long it stands here before driving to the next stop. */
  dwellMs: number;
}

/** One simulated vehicle's loop: it drives stop to stop in straight lines and back to the first. */
export interface SimRoute {
  /** `sim-<n>`, n from 1. */
  vehicleId: string;
  /** `Shuttle <n>`. */
  name: string;
  /** In driving order; the last leg leads back to the first stop. */
  stops: SimStop[];
  /** The speed between accelerating and braking, km/h. */
  cruiseKmh: number;
  /** One lap, dwells included, ms. */
  periodMs: number;
  /** Where in its loop the vehicle is at t = 0 (epoch), ms: vehicles are spread over their loops. */
  offsetMs: number;
}

export interface SimulatedFleetOptions {
  /** Decides every route, speed and dwell: the same seed gives the same fleet (a business's id, say). */
  seed: string;
  /** The business's location the loops go around. */
  center: Coordinates;
  /** 3 by default. */
  vehicles?: number;
  /** Epoch ms; Date.now by default (tests pass their own clock). */
  now?: () => number;
}

const RAD = Math.PI / 180;

// The model's ranges (issue 21): loops of 5–8 stops 1.5–4 km from the centre, a city shuttle's
// 25–45 km/h, 30–90 s at a stop.
const STOPS = { min: 5, max: 8 };
const RADIUS_METERS = { min: 1_500, max: 4_000 };
const CRUISE_KMH = { min: 25, max: 45 };
const DWELL_MS = { min: 30_000, max: 90_000 };
/** m/s², both speeding up and braking: a comfortable bus, so a stop is not reached at full speed. */
const ACCELERATION = 1;
/** How far a stop's direction may stray from the middle of its slice of the circle (a fraction of the slice). */
const ANGLE_JITTER = 0.6;
/** Each vehicle costs a loop's computation per call; 200 is the fleet the benchmark drives (contracts FLEET_SIMULATOR_MAX_VEHICLES). */
const MAX_VEHICLES = FLEET_SIMULATOR_MAX_VEHICLES;

/** Metres along the Earth's surface between two points (the contracts' formula). */
export function haversineMeters(a: Coordinates, b: Coordinates): number {
  return haversineLatLng({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude });
}

/** The initial bearing from a to b, degrees clockwise from north, 0 ≤ x < 360. */
export function bearingDegrees(a: Coordinates, b: Coordinates): number {
  const lat1 = a.latitude * RAD;
  const lat2 = b.latitude * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** A course as providers report it: whole degrees, 0…359 (359.6 is north, 0). */
const wholeDegrees = (bearing: number): number => Math.round(bearing) % 360;

/** The point `meters` from `from` heading `bearing` degrees along a great circle. */
function destination(from: Coordinates, bearing: number, meters: number): Coordinates {
  const angular = meters / EARTH_RADIUS_METERS;
  const theta = bearing * RAD;
  const lat1 = from.latitude * RAD;
  const lon1 = from.longitude * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 = lon1 + Math.atan2(Math.sin(theta) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / RAD, longitude: ((((lon2 / RAD + 540) % 360) + 360) % 360) - 180 };
}

/** FNV-1a: a string → 32 bits, to seed the generator (a seed is a readable string, a PRNG wants a number). */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const between = (random: () => number, range: { min: number; max: number }): number => range.min + random() * (range.max - range.min);

/** Driving one straight leg: speed up, cruise, brake; a short leg never reaches the cruising speed. */
interface LegProfile {
  meters: number;
  /** The top speed on this leg, m/s. */
  peak: number;
  /** Seconds spent speeding up (and as many braking). */
  rampS: number;
  durationS: number;
}

function legProfile(meters: number, cruiseMs: number): LegProfile {
  // a leg too short to reach cruising speed is a triangle: speed up over half, brake over the other
  const peak = Math.min(cruiseMs, Math.sqrt(ACCELERATION * meters));
  const rampS = peak / ACCELERATION;
  const rampMeters = (peak * peak) / (2 * ACCELERATION);
  return { meters, peak, rampS, durationS: 2 * rampS + (meters - 2 * rampMeters) / peak };
}

/** Metres driven and speed (m/s) `s` seconds into a leg. */
function along(leg: LegProfile, s: number): { meters: number; speed: number } {
  const rampMeters = (leg.peak * leg.peak) / (2 * ACCELERATION);
  if (s < leg.rampS) return { meters: (ACCELERATION * s * s) / 2, speed: ACCELERATION * s };
  const left = leg.durationS - s;
  if (left > leg.rampS) return { meters: rampMeters + leg.peak * (s - leg.rampS), speed: leg.peak };
  const braking = Math.max(0, left);
  return { meters: leg.meters - (ACCELERATION * braking * braking) / 2, speed: ACCELERATION * braking };
}

/**
 * Vehicle n's loop from the seed: one stop in each of 5–8 equal slices of the circle around the
 * centre, so that the stops are in angular order and the loop never crosses itself.
 */
function simulatedRoute(seed: string, center: Coordinates, n: number): SimRoute {
  const random = mulberry32(hash32(`${seed}\u0000${n}`));
  const count = Math.floor(between(random, { min: STOPS.min, max: STOPS.max + 1 }));
  const cruiseKmh = Math.round(between(random, CRUISE_KMH));
  const rotation = random() * 360;
  // some vehicles go round clockwise, others anticlockwise
  const direction = random() < 0.5 ? 1 : -1;
  const slice = 360 / count;
  const places = Array.from({ length: count }, (_, i) => {
    const angle = rotation + direction * (i + 0.5 + (random() - 0.5) * ANGLE_JITTER) * slice;
    return destination(center, (angle + 360) % 360, between(random, RADIUS_METERS));
  });
  const cruiseMs = cruiseKmh / 3.6;
  const stops: SimStop[] = [];
  let clock = 0;
  places.forEach((place, i) => {
    const dwellMs = Math.round(between(random, DWELL_MS) / 1000) * 1000;
    stops.push({ name: `Stop ${i + 1}`, ...place, arriveAtMs: clock, dwellMs });
    const leg = legProfile(haversineMeters(place, places[(i + 1) % count]), cruiseMs);
    clock += dwellMs + leg.durationS * 1000;
  });
  return {
    vehicleId: `sim-${n}`,
    name: `Shuttle ${n}`,
    stops,
    cruiseKmh,
    periodMs: clock,
    offsetMs: Math.floor(random() * clock),
  };
}

/** Where a route's vehicle is at `t` (epoch ms). */
export function positionAt(route: SimRoute, t: number): FleetPosition {
  const { stops, periodMs } = route;
  const inLoop = (((t + route.offsetMs) % periodMs) + periodMs) % periodMs;
  // the last stop whose arrival is not after the moment
  let i = stops.length - 1;
  while (stops[i].arriveAtMs > inLoop) i--;
  const stop = stops[i];
  const next = stops[(i + 1) % stops.length];
  const base = { vehicleId: route.vehicleId, name: route.name, ignition: true, at: new Date(t) };
  const sinceArrival = inLoop - stop.arriveAtMs;
  if (sinceArrival < stop.dwellMs) {
    // standing: facing the way it came in
    const previous = stops[(i - 1 + stops.length) % stops.length];
    return {
      ...base,
      latitude: stop.latitude,
      longitude: stop.longitude,
      speedKmh: 0,
      course: wholeDegrees(bearingDegrees(previous, stop)),
      text: stop.name,
    };
  }
  const leg = legProfile(haversineMeters(stop, next), route.cruiseKmh / 3.6);
  const driven = along(leg, (sinceArrival - stop.dwellMs) / 1000);
  const course = bearingDegrees(stop, next);
  const here = destination(stop, course, Math.min(driven.meters, leg.meters));
  return {
    ...base,
    latitude: here.latitude,
    longitude: here.longitude,
    speedKmh: Math.round(driven.speed * 3.6 * 10) / 10,
    course: wholeDegrees(course),
    text: null,
  };
}

/**
 * A fleet provider of `vehicles` simulated shuttles around `center`. `routes` are the loops, for
 * showing them and for tests. An already aborted signal rejects, as a real provider's request would.
 */
export function simulatedFleet(opts: SimulatedFleetOptions): FleetProvider & { routes: SimRoute[] } {
  const vehicles = opts.vehicles ?? 3;
  if (!Number.isInteger(vehicles) || vehicles < 1 || vehicles > MAX_VEHICLES)
    throw new RangeError(`a simulated fleet has 1 to ${MAX_VEHICLES} vehicles, not ${vehicles}`);
  const { latitude, longitude } = opts.center;
  // the loops reach 4 km out: near a pole the great circles stop being a drive around a place
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 85 || Math.abs(longitude) > 180)
    throw new RangeError('a simulated fleet needs a centre between 85°S and 85°N');
  const now = opts.now ?? Date.now;
  const routes = Array.from({ length: vehicles }, (_, i) => simulatedRoute(opts.seed, opts.center, i + 1));
  return {
    routes,
    async positions(signal) {
      signal?.throwIfAborted();
      const t = now();
      return routes.map((route) => positionAt(route, t));
    },
  };
}
