/**
 * Fleet tracking's constants and the live vehicle's type, without zod (contracts fleet.ts has the
 * schemas): the web app's tracking page, the visitor pages and the realtime messages import these.
 */
export const FLEET_PROVIDERS = ['webfleet', 'traccar', 'simulator'] as const;
export type FleetProviderName = (typeof FLEET_PROVIDERS)[number];

/** The shortest polling interval per provider (s): WEBFLEET.connect allows 6 object reports a minute. */
export const FLEET_MIN_POLL_SECONDS: Record<FleetProviderName, number> = { webfleet: 10, traccar: 5, simulator: 5 };
export const FLEET_DEFAULT_POLL_SECONDS = 30;
export const FLEET_MAX_POLL_SECONDS = 3600;
/** A vehicle whose last position is older than this is offline. */
export const FLEET_OFFLINE_MINUTES = 10;
/** A vehicle faster than this (km/h) is moving. */
export const FLEET_MOVING_KMH = 3;
/** Positions kept per vehicle (days). */
export const FLEET_HISTORY_DAYS = 7;

/** `guestapp` or `widget-<id>`. */
export const APP_CLIENT_ID = /^(guestapp|widget-[1-9]\d{0,9})$/;

export const FLEET_STATUSES = ['moving', 'stopped', 'offline'] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];
export const FLEET_HEALTH = ['waiting', 'ok', 'failing', 'paused'] as const;
/** The simulator's fleet: 3 shuttles unless the business asks for more (the benchmark drives 200). */
export const FLEET_SIMULATOR_DEFAULT_VEHICLES = 3;
export const FLEET_SIMULATOR_MAX_VEHICLES = 200;
/** How long a shared "where is my shuttle?" link may live (hours). */
export const FLEET_SHARE_HOURS = [1, 4, 24] as const;
/** Minutes of positions the average speed (an arrival estimate) and the trail are taken from. */
export const FLEET_RECENT_MINUTES = 10;
export const FLEET_TRAIL_POINTS = 40;

/**
 * A vehicle as the live views see it: the tracking page (every vehicle) and the guest app, widget
 * and shared link (the vehicles shown there). The realtime event `fleet.moved` carries these.
 */
export interface FleetLiveVehicle {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  speedKmh: number | null;
  course: number | null;
  /** ISO time of the position. */
  positionAt: string;
  status: FleetStatus;
  /** The mean speed over the last FLEET_RECENT_MINUTES, stops included (km/h); null without positions. */
  recentKmh: number | null;
  /**
   * The last FLEET_RECENT_MINUTES of positions, oldest first, [latitude, longitude], at most
   * FLEET_TRAIL_POINTS (HTTP answers only: a live event carries the new position, the view adds it).
   */
  trail?: [number, number][];
}
