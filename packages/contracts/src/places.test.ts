import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  distanceMeters,
  EARTH_RADIUS_METERS,
  formatLatLngPair,
  haversineMeters,
  parseLatLng,
  PlaceInputSchema,
  roundCoordinate,
  type LatLng,
} from './places.ts';
import { ShareInputSchema } from './lists.ts';
import { LikeListNameSchema } from './likes.ts';

const point: fc.Arbitrary<LatLng> = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const HALF_CIRCUMFERENCE = Math.PI * EARTH_RADIUS_METERS;

/** The point `distance` metres from `from` in direction `bearing` (radians), on the sphere. */
function destination(from: LatLng, bearing: number, distance: number): LatLng {
  const r = Math.PI / 180;
  const d = distance / EARTH_RADIUS_METERS;
  const lat1 = from.lat * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 = from.lng * r + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / r, lng: ((((lng2 / r + 540) % 360) + 360) % 360) - 180 };
}

describe('haversineMeters (shared by server and web)', () => {
  it('is symmetric', () => {
    fc.assert(fc.property(point, point, (a, b) => haversineMeters(a, b) === haversineMeters(b, a)));
  });

  it('is zero from a point to itself, and positive between different points', () => {
    fc.assert(fc.property(point, (a) => haversineMeters(a, a) === 0));
    fc.assert(
      fc.property(point, point, (a, b) => {
        fc.pre(Math.abs(a.lat - b.lat) > 1e-6 && Math.abs(a.lat) < 89.9);
        return haversineMeters(a, b) > 0;
      }),
    );
  });

  it('keeps the triangle inequality and stays within half the circumference', () => {
    // Near antipodal points asin works close to 1 and loses up to ~0.2 m; answers are whole metres.
    const slack = 1;
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const ac = haversineMeters(a, c);
        expect(ac).toBeLessThanOrEqual(haversineMeters(a, b) + haversineMeters(b, c) + slack);
        expect(ac).toBeGreaterThanOrEqual(0);
        expect(ac).toBeLessThanOrEqual(HALF_CIRCUMFERENCE + 1e-6);
      }),
    );
  });

  it('knows real distances', () => {
    const km = (a: LatLng, b: LatLng) => haversineMeters(a, b) / 1000;
    // city centres, as distance tables quote them: Munich → Berlin 504 km
    expect(km({ lat: 48.1351, lng: 11.582 }, { lat: 52.52, lng: 13.405 })).toBeCloseTo(504.4, 0);
    expect(km({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(343.6, 0); // London → Paris
    expect(km({ lat: 40.7128, lng: -74.006 }, { lat: 34.0522, lng: -118.2437 })).toBeCloseTo(3935.8, 0); // New York → Los Angeles
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((Math.PI / 180) * EARTH_RADIUS_METERS, 6);
    expect(haversineMeters({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(HALF_CIRCUMFERENCE, 3);
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(HALF_CIRCUMFERENCE, 3);
    expect(haversineMeters({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(
      haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0.2 }),
      3,
    );
  });

  it('distanceMeters: whole metres, -1 when a point is unknown (SPEC §5)', () => {
    expect(distanceMeters(null, { lat: 1, lng: 1 })).toBe(-1);
    expect(distanceMeters({ lat: 1, lng: 1 }, undefined)).toBe(-1);
    fc.assert(fc.property(point, point, (a, b) => Number.isInteger(distanceMeters(a, b)) && distanceMeters(a, b) >= 0));
  });
});

describe('boundingBox (the index pre-filter of nearby searches)', () => {
  it('holds every point within the radius', () => {
    fc.assert(
      fc.property(
        fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) }),
        fc.double({ min: 1, max: 3_000_000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (centre, radius, bearing, fraction) => {
          const p = destination(centre, bearing, radius * fraction);
          const box = boundingBox(centre, radius);
          const eps = 1e-9;
          expect(p.lat).toBeGreaterThanOrEqual(box.minLat - eps);
          expect(p.lat).toBeLessThanOrEqual(box.maxLat + eps);
          if (box.lng) {
            expect(p.lng).toBeGreaterThanOrEqual(box.lng.min - eps);
            expect(p.lng).toBeLessThanOrEqual(box.lng.max + eps);
          }
        },
      ),
    );
  });

  it('is tight at city scale and gives up longitude at the poles and the antimeridian', () => {
    const box = boundingBox({ lat: 48.137154, lng: 11.57549 }, 1000);
    expect(box.maxLat - box.minLat).toBeCloseTo((2 * 1000 * 180) / (Math.PI * EARTH_RADIUS_METERS), 9);
    expect(box.lng!.max - box.lng!.min).toBeLessThan(0.03);
    expect(boundingBox({ lat: 89.99, lng: 0 }, 5000).lng).toBeNull();
    expect(boundingBox({ lat: 0, lng: 179.99 }, 5000).lng).toBeNull();
  });
});

describe('lat;lng pairs and coordinates', () => {
  it('parses what it formats; refuses the malformed', () => {
    fc.assert(
      fc.property(point, (p) => {
        const q = { lat: roundCoordinate(p.lat) + 0, lng: roundCoordinate(p.lng) + 0 }; // + 0: no -0
        const s = formatLatLngPair(q);
        fc.pre(!s.includes('e')); // tiny numbers print as 1e-7
        expect(parseLatLng(s)).toEqual(q);
      }),
    );
    for (const bad of ['', '48.1', '48.1,11.5', '91;0', '0;181', 'a;b', '48.1;11.5;3', null, 42]) expect(parseLatLng(bad)).toBeNull();
    expect(parseLatLng(' -33.86 ; 151.21 ')).toEqual({ lat: -33.86, lng: 151.21 });
  });

  it('place input: coordinates in range, texts per app language, tags deduplicated', () => {
    const ok = PlaceInputSchema.parse({
      name: ' Viktualienmarkt ',
      latitude: 48.135,
      longitude: 11.576,
      accessibility: ['step_free', 'step_free'],
    });
    expect(ok).toMatchObject({ name: 'Viktualienmarkt', accessibility: ['step_free'] });
    expect(PlaceInputSchema.safeParse({ name: 'x', latitude: 90.0001, longitude: 0 }).success).toBe(false);
    expect(PlaceInputSchema.safeParse({ name: 'x', latitude: 0, longitude: 0, texts: { de: { name: 'y' } } }).success).toBe(true);
  });

  it('like list names: trimmed, no slashes or control characters', () => {
    expect(LikeListNameSchema.parse('  Food ')).toBe('Food');
    for (const bad of ['', ' ', 'a/b', 'a\\b', 'a\nb', 'x'.repeat(61)]) expect(LikeListNameSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('share expiry: in the future, at most a year ahead', () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(ShareInputSchema.safeParse({ listId: 1, public: true, expiresAt: inAnHour }).success).toBe(true);
    expect(ShareInputSchema.safeParse({ listId: 1, public: true, expiresAt: new Date(Date.now() - 1000).toISOString() }).success).toBe(
      false,
    );
    expect(ShareInputSchema.safeParse({ listId: 1, public: true, expiresAt: null }).success).toBe(true);
  });
});
