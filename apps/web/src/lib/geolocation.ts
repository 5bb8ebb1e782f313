import type { PermissionStatus } from '@capacitor/geolocation';
import { isNativePlatform } from './platform';

/**
 * The last known position, sent as the `user-location` header (SPEC §7). Nothing asks for the
 * position at start (that would prompt on the login page); features that need it call locate().
 * SPEC §9: timeout 10000 ms, maximum age 0, high accuracy. SPEC §8: failures are only logged.
 * In the native shells the Capacitor Geolocation plugin asks (loaded then, never in a browser);
 * a refused permission there ends as a refusal in the browser does: logged, no position.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

/** SPEC §9: 10000 ms timeout, maximum age 0, high accuracy (the browser's and the plugin's). */
export const GEOLOCATION_OPTIONS = { timeout: 10_000, maximumAge: 0, enableHighAccuracy: true } as const;

let known: LatLng | null = null;

export const getKnownLocation = (): LatLng | null => known;
export const setKnownLocation = (value: LatLng | null): void => {
  known = value;
};

export function locate(): Promise<LatLng | null> {
  if (isNativePlatform()) return locateNative();
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
      { ...GEOLOCATION_OPTIONS },
    );
  });
}

// Android lets the user grant the approximate position only: that is a position too.
const granted = (status: PermissionStatus) => status.location === 'granted' || status.coarseLocation === 'granted';
const askable = (status: PermissionStatus) => status.location === 'prompt' || status.location === 'prompt-with-rationale';

async function locateNative(): Promise<LatLng | null> {
  try {
    const { Geolocation } = await import('@capacitor/geolocation');
    let status = await Geolocation.checkPermissions();
    // asked once; after a refusal the system does not ask again (the app's settings do)
    if (!granted(status) && askable(status)) status = await Geolocation.requestPermissions();
    if (!granted(status)) {
      console.warn('geolocation failed', 'permission denied');
      return null;
    }
    const pos = await Geolocation.getCurrentPosition({ ...GEOLOCATION_OPTIONS });
    known = { lat: pos.coords.latitude, lng: pos.coords.longitude };
    return known;
  } catch (error) {
    // location services off, timeout (OS-PLUG-GLOC-0010), a refusal at the system prompt …
    console.warn('geolocation failed', error instanceof Error ? error.message : String(error));
    return null;
  }
}
