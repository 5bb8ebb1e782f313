import type { PlacePosition } from '@spotlist/contracts';
import type { Geocoder } from '../../integrations/geocoder/client.ts';
import type { CityIndex } from '../cities/index.ts';

/** The address fields a position is found from. */
export interface AddressFields {
  address?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface PositionOptions {
  /** The request's Accept-Language, passed to the geocoder. */
  acceptLanguage?: string;
  /** Told when the geocoder failed (and the city centre was used instead): the route logs it. */
  onGeocoderError?: (err: unknown) => void;
}

/**
 * Where a place without coordinates goes (./README.md "Positions"): (1) with a configured geocoder
 * and an address, where the geocoder finds address, city and country; (2) when there is no
 * geocoder, or it finds nothing or fails, the centre of the city (city name and country, from the
 * city data the city search keeps in memory); (3) else null: the place needs a location.
 */
export function placePositions(geocoder: Geocoder | null, cities: Pick<CityIndex, 'centre'>) {
  /** The city centre: needs the country (a city name alone is ambiguous). */
  function cityCentre(fields: AddressFields): PlacePosition | null {
    const city = fields.city?.trim();
    const country = fields.country?.trim();
    if (!city || !country || !/^[A-Za-z]{2}$/.test(country)) return null;
    const found = cities.centre(country, city);
    return found ? { latitude: found.latitude, longitude: found.longitude, source: 'city', city: found.name } : null;
  }

  async function resolve(fields: AddressFields, opts: PositionOptions = {}): Promise<PlacePosition | null> {
    if (geocoder && fields.address?.trim()) {
      try {
        const found = await geocoder.search(fields, { acceptLanguage: opts.acceptLanguage });
        if (found) return { latitude: found.latitude, longitude: found.longitude, source: 'address' };
      } catch (err) {
        opts.onGeocoderError?.(err);
      }
    }
    return cityCentre(fields);
  }

  return {
    resolve,
    cityCentre,
    /**
     * Whether a stored position is the one the address would give, i.e. it was found, not set by
     * hand (there is no column saying so): the city centre, or what the geocoder finds for the
     * address (usually cached). Within 1e-6° (the 6 decimals answers carry).
     */
    async derivedFrom(
      position: { latitude: number; longitude: number },
      fields: AddressFields,
      opts: PositionOptions = {},
    ): Promise<boolean> {
      const same = (p: PlacePosition | null) =>
        p !== null && Math.abs(p.latitude - position.latitude) < 1e-6 && Math.abs(p.longitude - position.longitude) < 1e-6;
      if (same(cityCentre(fields))) return true;
      if (!geocoder || !fields.address?.trim()) return false;
      try {
        const found = await geocoder.search(fields, { acceptLanguage: opts.acceptLanguage });
        return found !== null && same({ latitude: found.latitude, longitude: found.longitude, source: 'address' });
      } catch (err) {
        opts.onGeocoderError?.(err);
        return false;
      }
    },
  };
}
export type PlacePositions = ReturnType<typeof placePositions>;
