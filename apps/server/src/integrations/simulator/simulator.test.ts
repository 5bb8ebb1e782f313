import { describe, expect, it } from 'vitest';
import { validCoordinates, type FleetPosition } from '../fleet/types.ts';
import { bearingDegrees, haversineMeters, positionAt, simulatedFleet, type SimRoute } from './simulator.ts';

// the demo hotel in Munich
const CENTER = { latitude: 48.1372, longitude: 11.5755 };
const T0 = Date.UTC(2026, 10, 28, 10, 0, 0);

/** A fleet whose clock the test sets. */
function fleetAt(seed = 'demo-hotel', vehicles?: number) {
  const clock = { t: T0 };
  const fleet = simulatedFleet({ seed, center: CENTER, vehicles, now: () => clock.t });
  return {
    fleet,
    at: async (t: number) => {
      clock.t = t;
      return fleet.positions();
    },
  };
}

/** An epoch time at which `route`'s vehicle is `msIntoLoop` into its loop. */
const timeInLoop = (route: SimRoute, msIntoLoop: number): number => T0 - (((T0 + route.offsetMs) % route.periodMs) - msIntoLoop);

/** The middle of the drive from stop i to the next: cruising, on a straight line. */
const midLeg = (route: SimRoute, i: number): number => {
  const stop = route.stops[i];
  const nextArrival = i + 1 < route.stops.length ? route.stops[i + 1].arriveAtMs : route.periodMs;
  return timeInLoop(route, (stop.arriveAtMs + stop.dwellMs + nextArrival) / 2);
};

describe('helpers', () => {
  it('measure distance and bearing on the Earth', () => {
    // one degree of latitude is about 111.2 km; due north, east, south and west
    const north = { latitude: CENTER.latitude + 1, longitude: CENTER.longitude };
    expect(haversineMeters(CENTER, north)).toBeCloseTo(111_195, -1);
    expect(bearingDegrees(CENTER, north)).toBeCloseTo(0, 6);
    expect(bearingDegrees(north, CENTER)).toBeCloseTo(180, 6);
    expect(bearingDegrees(CENTER, { latitude: CENTER.latitude, longitude: CENTER.longitude + 0.01 })).toBeCloseTo(90, 1);
    expect(bearingDegrees(CENTER, { latitude: CENTER.latitude, longitude: CENTER.longitude - 0.01 })).toBeCloseTo(270, 1);
  });
});

describe('simulated fleet', () => {
  it('has 3 shuttles by default, sim-1..3, each on a loop of 5–8 stops 1.5–4 km out at 25–45 km/h', async () => {
    const { fleet } = fleetAt();
    expect(fleet.routes.map((r) => [r.vehicleId, r.name])).toEqual([
      ['sim-1', 'Shuttle 1'],
      ['sim-2', 'Shuttle 2'],
      ['sim-3', 'Shuttle 3'],
    ]);
    expect((await fleet.positions()).map((p) => p.vehicleId)).toEqual(['sim-1', 'sim-2', 'sim-3']);
    for (const route of fleet.routes) {
      expect(route.stops.length).toBeGreaterThanOrEqual(5);
      expect(route.stops.length).toBeLessThanOrEqual(8);
      expect(route.cruiseKmh).toBeGreaterThanOrEqual(25);
      expect(route.cruiseKmh).toBeLessThanOrEqual(45);
      for (const stop of route.stops) {
        expect(haversineMeters(CENTER, stop)).toBeGreaterThanOrEqual(1_499);
        expect(haversineMeters(CENTER, stop)).toBeLessThanOrEqual(4_001);
        expect(stop.dwellMs).toBeGreaterThanOrEqual(30_000);
        expect(stop.dwellMs).toBeLessThanOrEqual(90_000);
      }
    }
    expect(simulatedFleet({ seed: 'x', center: CENTER, vehicles: 5 }).routes.map((r) => r.vehicleId)).toEqual([
      'sim-1',
      'sim-2',
      'sim-3',
      'sim-4',
      'sim-5',
    ]);
    expect(() => simulatedFleet({ seed: 'x', center: CENTER, vehicles: 0 })).toThrow(RangeError);
  });

  it('orders each loop around the centre, so it does not cross itself', () => {
    for (const seed of ['demo-hotel', 'a', 'b', 'c', 'd']) {
      for (const route of fleetAt(seed).fleet.routes) {
        // the bearings from the centre turn one way only, once round the circle
        const bearings = route.stops.map((s) => bearingDegrees(CENTER, s));
        const turns = bearings.map((b, i) => ((bearings[(i + 1) % bearings.length] - b + 540) % 360) - 180);
        expect(turns.every((d) => d > 0) || turns.every((d) => d < 0)).toBe(true);
        expect(Math.abs(turns.reduce((a, b) => a + b, 0))).toBeCloseTo(360, 6);
      }
    }
  });

  it('gives the same positions for the same seed and time, on another instance too', async () => {
    const a = fleetAt('demo-hotel');
    const b = fleetAt('demo-hotel');
    for (const t of [T0, T0 + 1_234_567, T0 + 86_400_000]) expect(await a.at(t)).toEqual(await b.at(t));
    expect(a.fleet.routes).toEqual(b.fleet.routes);
  });

  it('gives other routes for another seed', async () => {
    const a = fleetAt('demo-hotel');
    const b = fleetAt('another-business');
    for (let i = 0; i < 3; i++) expect(b.fleet.routes[i].stops).not.toEqual(a.fleet.routes[i].stops);
    // and the vehicles of one fleet differ from each other
    expect(a.fleet.routes[1].stops).not.toEqual(a.fleet.routes[0].stops);
    expect(await b.at(T0)).not.toEqual(await a.at(T0));
  });

  it('keeps every position within 5 km of the centre and valid', async () => {
    const { at } = fleetAt();
    for (let t = T0; t < T0 + 2 * 3_600_000; t += 17_000) {
      for (const p of await at(t)) {
        expect(validCoordinates(p.latitude, p.longitude)).toBe(true);
        expect(haversineMeters(CENTER, p)).toBeLessThan(5_000);
        expect(p.speedKmh).toBeGreaterThanOrEqual(0);
        expect(p.speedKmh).toBeLessThanOrEqual(45);
        expect(Number.isInteger(p.course)).toBe(true);
        expect(p.course).toBeGreaterThanOrEqual(0);
        expect(p.course).toBeLessThanOrEqual(359);
        expect(p.ignition).toBe(true);
        expect(p.at).toEqual(new Date(t));
        expect(p.text === null || /^Stop [1-8]$/.test(p.text)).toBe(true);
      }
    }
  });

  it('drives at a plausible speed that matches the reported one', async () => {
    const { at } = fleetAt();
    let compared = 0;
    for (let t = T0; t < T0 + 3_600_000; t += 7_000) {
      const [before, after] = [await at(t), await at(t + 5_000)];
      before.forEach((p, i) => {
        const q = after[i];
        const kmh = (haversineMeters(p, q) / 5) * 3.6;
        expect(kmh).toBeLessThanOrEqual(60);
        // on one leg the whole time: the mean of the two reported speeds is the average (±3 km/h at a ramp's end)
        if (p.text === null && q.text === null && p.course === q.course) {
          expect(Math.abs(kmh - (p.speedKmh! + q.speedKmh!) / 2)).toBeLessThanOrEqual(3);
          compared++;
        }
      });
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('heads the way it drives', async () => {
    const { fleet, at } = fleetAt();
    for (const [v, route] of fleet.routes.entries()) {
      const t = midLeg(route, 0);
      const [p, q] = [(await at(t))[v], (await at(t + 10_000))[v]];
      expect(p.course).toBe(Math.round(bearingDegrees(route.stops[0], route.stops[1])) % 360);
      expect(Math.abs(((bearingDegrees(p, q) - p.course! + 540) % 360) - 180)).toBeLessThan(1);
    }
  });

  it('stands at a stop for its dwell with speed 0 and the stop name, then drives on', async () => {
    const { fleet, at } = fleetAt();
    fleet.routes.forEach((route, v) => {
      route.stops.forEach((stop) => {
        const samples: FleetPosition[] = [];
        for (let ms = 1; ms < stop.dwellMs; ms += 5_000) samples.push(positionAt(route, timeInLoop(route, stop.arriveAtMs + ms)));
        samples.push(positionAt(route, timeInLoop(route, stop.arriveAtMs + stop.dwellMs - 1)));
        for (const p of samples) {
          expect(p).toMatchObject({
            vehicleId: `sim-${v + 1}`,
            latitude: stop.latitude,
            longitude: stop.longitude,
            speedKmh: 0,
            text: stop.name,
          });
        }
        const gone = positionAt(route, timeInLoop(route, stop.arriveAtMs + stop.dwellMs + 5_000));
        expect(gone.text).toBeNull();
        expect(gone.speedKmh).toBeGreaterThan(0);
        expect(haversineMeters(stop, gone)).toBeGreaterThan(5);
      });
    });
    // the provider answers the same as positionAt
    const route = fleet.routes[1];
    const t = timeInLoop(route, route.stops[2].arriveAtMs + 1_000);
    expect((await at(t))[1]).toMatchObject({ speedKmh: 0, text: 'Stop 3', latitude: route.stops[2].latitude });
  });

  it('visits every stop of its loop in one period, and comes back to where it was', async () => {
    const { fleet, at } = fleetAt();
    const longest = Math.max(...fleet.routes.map((r) => r.periodMs));
    const visited = fleet.routes.map(() => new Set<string>());
    // 5 s steps: shorter than any dwell (30 s), so no stop is missed
    for (let t = T0; t <= T0 + longest; t += 5_000) {
      (await at(t)).forEach((p, i) => {
        if (t - T0 > fleet.routes[i].periodMs || p.text === null) return;
        const stop = fleet.routes[i].stops.find((s) => s.name === p.text)!;
        expect(haversineMeters(stop, p)).toBeLessThan(0.01);
        visited[i].add(p.text);
      });
    }
    fleet.routes.forEach((route, i) => {
      expect([...visited[i]].sort()).toEqual(route.stops.map((s) => s.name).sort());
      const p = positionAt(route, T0 + 1_000);
      const q = positionAt(route, T0 + 1_000 + route.periodMs);
      expect(q.latitude).toBeCloseTo(p.latitude, 9);
      expect(q.longitude).toBeCloseTo(p.longitude, 9);
    });
  });

  it('moves over time: a driving vehicle is elsewhere 10 s later', async () => {
    const { fleet, at } = fleetAt();
    for (const [v, route] of fleet.routes.entries()) {
      const t = midLeg(route, 1);
      const [p, q] = [(await at(t))[v], (await at(t + 10_000))[v]];
      expect(p.text).toBeNull();
      expect(p.speedKmh).toBe(route.cruiseKmh);
      // 10 s at 25 km/h or more is at least 69 m
      expect(haversineMeters(p, q)).toBeGreaterThan(69);
    }
  });

  it('rejects when the caller has already gone away', async () => {
    await expect(fleetAt().fleet.positions(AbortSignal.abort())).rejects.toThrow();
  });
});
