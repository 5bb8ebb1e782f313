import { useEffect, useState } from 'react';
import { getKnownLocation, locate, type LatLng } from './geolocation';

/**
 * Asks for the position once when the page opens (lib/geolocation: SPEC §9 10 s timeout, max age
 * 0, high accuracy; a failure is only logged and leaves the last known position, if any).
 */
export function useLocation(): LatLng | null {
  const [location, setLocation] = useState<LatLng | null>(getKnownLocation);
  useEffect(() => {
    let alive = true;
    void locate().then((found) => {
      if (alive && found) setLocation(found);
    });
    return () => {
      alive = false;
    };
  }, []);
  return location;
}
