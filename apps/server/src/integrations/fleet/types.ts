/**
 * What every fleet provider answers (issue 21: Webfleet, Traccar, the simulator): each vehicle's
 * latest position, in degrees and km/h, with the provider's own id for the vehicle. The tracking
 * module stores, pushes and shows these; it never sees a provider's format.
 */
export interface FleetPosition {
  /** The provider's stable id of the vehicle (Webfleet `objectuid`, Traccar device id, simulator id). */
  vehicleId: string;
  /** The vehicle's name as the provider knows it (Webfleet `objectname`, Traccar device name). */
  name: string;
  /** Degrees, WGS84: -90…90 and -180…180 (a position out of range is dropped by the client). */
  latitude: number;
  longitude: number;
  /** km/h; null when the provider sent none. */
  speedKmh: number | null;
  /** Degrees clockwise from north, 0…359; null when unknown. */
  course: number | null;
  /** Ignition on; null when unknown. */
  ignition: boolean | null;
  /** When the device took the position. */
  at: Date;
  /** The provider's text for the place (Webfleet `postext`), or null. */
  text: string | null;
}

/**
 * Why a provider call failed. `credentials`: the account, user, password or key is wrong (the
 * account is paused until the business fixes it, never retried by itself); `busy` and `rate`:
 * the provider asked to wait (retried with backoff); `timeout`; `garbage`: an answer that is not
 * the documented format (HTML, broken JSON); `provider`: anything else the provider answered.
 */
export type FleetErrorReason = 'credentials' | 'busy' | 'rate' | 'timeout' | 'garbage' | 'provider';

export class FleetError extends Error {
  constructor(
    readonly reason: FleetErrorReason,
    message: string,
    /** The provider's own error code (Webfleet `errorCode`), or the HTTP status. */
    readonly code?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FleetError';
  }

  /** Worth another try later (busy, rate limit, timeout, a provider's passing failure); credentials and garbage are not. */
  get retryable(): boolean {
    return this.reason === 'busy' || this.reason === 'rate' || this.reason === 'timeout' || this.reason === 'provider';
  }
}

/** A fleet provider as the tracking module uses it. */
export interface FleetProvider {
  /** Every vehicle's latest position. Throws FleetError. */
  positions(signal?: AbortSignal): Promise<FleetPosition[]>;
}

/** Whether a pair of numbers is a position on Earth. */
export const validCoordinates = (latitude: number, longitude: number): boolean =>
  Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
