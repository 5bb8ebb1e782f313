/**
 * The last known position, sent as the `user-location` header (SPEC §7). Nothing asks for the
 * position at start (that would prompt on the login page); features that need it call locate().
 * SPEC §9: timeout 10000 ms, maximum age 0, high accuracy. SPEC §8: failures are only logged.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

let known: LatLng | null = null;

export const getKnownLocation = (): LatLng | null => known;
export const setKnownLocation = (value: LatLng | null): void => {
  known = value;
};

export function locate(): Promise<LatLng | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        known = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        resolve(known);
      },
      (error) => {
        console.warn('geolocation failed', error.message);
        resolve(null);
      },
      { timeout: 10_000, maximumAge: 0, enableHighAccuracy: true },
    );
  });
}
