// The pure helpers of the fleet-tracking benchmark (bench/fleet.mjs). The benchmark itself (a
// server, 200 simulated vehicles, 500 sockets, minutes) runs in `npm run bench` only, never in CI.
import { describe, expect, it } from 'vitest';
import { createPollLedger, fleetSection, linearSlope, memorySummary, newestPosition, p99Verdict } from './fleet.mjs';

describe('linearSlope and memorySummary', () => {
  it('answers the least-squares slope', () => {
    expect(linearSlope([])).toBeNull();
    expect(linearSlope([[1, 5]])).toBeNull();
    expect(
      linearSlope([
        [2, 1],
        [2, 3],
      ]),
    ).toBeNull();
    expect(
      linearSlope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    // noise around a flat line
    expect(
      linearSlope([
        [0, 10],
        [1, 12],
        [2, 10],
        [3, 12],
        [4, 10],
      ]),
    ).toBeCloseTo(0);
  });

  it('summarises VmRSS samples in MB per minute', () => {
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const samples = [0, 1, 2, 3].map((i) => ({ atMs: t0 + i * 30_000, rssMB: 200 + i }));
    expect(memorySummary(samples)).toEqual({
      samples: 4,
      firstMB: 200,
      lastMB: 203,
      minMB: 200,
      maxMB: 203,
      growthMB: 3,
      slopeMBPerMin: 2,
    });
    expect(memorySummary([]).slopeMBPerMin).toBeNull();
  });
});

describe('the poll ledger', () => {
  const at = (s) => Date.parse('2026-01-01T00:00:00Z') + s * 1000;
  const vehicles = (t, n = 3) => Array.from({ length: n }, (_, i) => ({ positionAt: new Date(t - i * 1000).toISOString() }));

  it("takes a poll's time from its newest position", () => {
    expect(newestPosition(vehicles(at(10)))).toBe(at(10));
    expect(newestPosition([])).toBeNull();
  });

  it('counts the first event of a poll at each viewer, duplicates and misses, in the window only', () => {
    const l = createPollLedger();
    // warm-up poll at 0 s, then polls at 5 s and 10 s
    l.heard(0, at(0), at(0) + 400, 3);
    l.heard(1, at(0), at(0) + 500, 3);
    l.heard(0, at(5), at(5) + 100, 3);
    l.heard(1, at(5), at(5) + 300, 3);
    l.heard(1, at(5), at(5) + 900, 3); // told again: a duplicate, its latency not counted
    l.heard(0, at(10), at(10) + 200, 2); // viewer 1 never hears this one; one vehicle short
    l.heard('owner', at(10), at(10) + 50, 3);
    expect(l.times()).toEqual([at(0), at(5), at(10)]);
    expect(l.reach(at(10), [0, 1, 'owner'])).toEqual({ heard: 2, firstAt: at(10) + 200 });
    expect(l.reach(at(99), [0])).toEqual({ heard: 0, firstAt: null });

    const s = l.summary({ from: at(0), to: at(10), viewers: [0, 1], vehicles: 3 });
    expect(s).toMatchObject({
      polls: 2,
      meanIntervalMs: 5000,
      deliveries: 3,
      missed: 1,
      duplicated: 1,
      wrongVehicleCount: 1,
      latency: { count: 3, p50Ms: 200, p99Ms: 300, maxMs: 300 },
    });
    expect(s.perPoll).toEqual([
      { at: new Date(at(5)).toISOString(), heard: 2, p50Ms: 100, maxMs: 300 },
      { at: new Date(at(10)).toISOString(), heard: 1, p50Ms: 200, maxMs: 200 },
    ]);
    expect(l.summary({ from: at(0), to: at(10), viewers: ['owner'], vehicles: 3 }).latency).toMatchObject({ count: 1, p50Ms: 50 });
  });

  it('says whether p99 met the target', () => {
    expect(p99Verdict(999.9)).toEqual({ met: true, missedByMs: 0 });
    expect(p99Verdict(1234.56)).toEqual({ met: false, missedByMs: 234.6 });
    expect(p99Verdict(null)).toEqual({ met: null, missedByMs: null });
  });

  it("puts a skipped run out of npm run bench's report and a failed one in", () => {
    expect(fleetSection({ skipped: true, reason: '--skip-fleet' })).toEqual([]);
    expect(fleetSection({ error: 'boom' }).join('\n')).toMatch(/Not measured: boom/);
  });
});
