// The pure helpers of the messaging benchmark (bench/lib/messaging.mjs). The benchmark itself
// (bench/messaging.mjs: two servers, 1,000 sockets) runs in `npm run bench` only, never in CI.
import { describe, expect, it } from 'vitest';
import { createLedger, latencySummary, messageSlot, pairLayout, percentile, perConnectionKB, sustainedStep } from './lib/messaging.mjs';
import { evaluateTargets, messagingSection } from './lib/report.mjs';

describe('pairLayout and messageSlot', () => {
  it('puts the two members of every pair on different instances, half the users on each', () => {
    const layout = pairLayout(1000);
    expect(layout).toHaveLength(500);
    const members = layout.flatMap((p) => p.members);
    expect(new Set(members).size).toBe(1000);
    for (const p of layout) expect(p.members.map((i) => i % 2)).toEqual(p.instances);
    expect(() => pairLayout(7)).toThrow(/even/);
  });

  it('goes round the pairs, and each pair alternates its writer from round to round', () => {
    const pairs = 5;
    const slots = Array.from({ length: 20 }, (_, k) => messageSlot(k, pairs));
    expect(slots.slice(0, 5).map((s) => s.pair)).toEqual([0, 1, 2, 3, 4]);
    for (let p = 0; p < pairs; p++) {
      const writers = slots.filter((s) => s.pair === p).map((s) => s.writer);
      expect(writers).toEqual([p % 2, 1 - (p % 2), p % 2, 1 - (p % 2)]);
    }
    // both directions carry half the messages
    const zero = slots.filter((s) => s.writer === 0).length;
    expect(zero).toBe(10);
  });
});

describe('percentiles', () => {
  it('answers the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([], 50)).toBeNull();
    expect(latencySummary([3.04, 1, 2])).toEqual({ count: 3, p50Ms: 2, p95Ms: 3, p99Ms: 3, maxMs: 3 });
  });
});

describe('the ledger', () => {
  const pair = (a, b) => ({
    via: 0,
    sockets: [
      [a, 0],
      [b, 1],
    ],
  });

  it('counts every message at every member socket: latency by instance, lost, duplicated, stray', () => {
    const l = createLedger();
    l.sent('m1', { at: 100, ...pair(0, 1) });
    l.sent('m2', { at: 200, ...pair(2, 3) });
    l.sent('m3', { at: 300, ...pair(4, 5) });
    expect(l.complete(['m1'])).toBe(false); // not answered yet
    l.answered('m1', 200, 12);
    l.answered('m2', 200, 15);
    l.answered('m3', 500, 3);
    l.heard(1, 'm1', 140); // the other instance, 40 ms
    l.heard(0, 'm1', 110); // the writer's own socket, 10 ms
    l.heard(1, 'm1', 150); // again: a duplicate
    l.heard(2, 'm2', 220); // socket 3 never hears m2: lost
    l.heard(7, 'm2', 230); // not a member: stray
    l.heard(4, 'm3', 330); // m3 failed (500) and was delivered anyway
    l.heard(1, 'nope', 1); // never sent
    expect(l.complete(['m1'])).toBe(true);
    expect(l.complete(['m1', 'm2'])).toBe(false);
    const s = l.summary(['m1', 'm2', 'm3']);
    expect(s).toMatchObject({
      sent: 3,
      answeredOk: 2,
      failed: 1,
      pending: 0,
      statuses: { 200: 2, 500: 1 },
      expected: 4,
      delivered: 3,
      lost: 1,
      duplicated: 1,
      stray: 1,
      unanswered: 1,
    });
    expect(s.crossInstance).toMatchObject({ count: 1, p50Ms: 40 });
    expect(s.sameInstance).toMatchObject({ count: 3, p50Ms: 20, maxMs: 30 });
    expect(s.httpAnswer.count).toBe(3);
    expect(l.strayUnknown).toBe(1);
    expect(l.summary(['m1', 'm2'], { since: 100 }).crossInstanceMaxBySecondMs).toEqual([40]);
    expect(() => l.sent('m1', { at: 0, ...pair(0, 1) })).toThrow(/twice/);
  });
});

describe('the sustained rate', () => {
  const step = (offeredPerSec, okPerSec, extra = {}) => ({
    offeredPerSec,
    okPerSec,
    failed: 0,
    lost: 0,
    duplicated: 0,
    stray: 0,
    ...extra,
  });

  it('is the highest offered rate kept up with every delivery exactly once', () => {
    expect(sustainedStep([step(50, 50), step(100, 99.5), step(200, 150)])).toEqual({ offeredPerSec: 100, okPerSec: 99.5 });
    expect(sustainedStep([step(50, 50), step(100, 100, { lost: 1 })])).toEqual({ offeredPerSec: 50, okPerSec: 50 });
    expect(sustainedStep([step(50, 50, { duplicated: 2 })])).toBeNull();
    expect(sustainedStep([])).toBeNull();
  });

  it('per connection: the resident growth (KiB) in KB of 1000 bytes', () => {
    expect(perConnectionKB(100_000, 105_000, 500)).toBe(10.2);
    expect(perConnectionKB(null, 1, 1)).toBeNull();
  });
});

describe('the report', () => {
  it('holds the messaging targets and says when the benchmark did not run', () => {
    const targets = (messaging) => Object.fromEntries(evaluateTargets({ messaging }, []).map((t) => [t.id, t]));
    const ran = targets({
      options: { latencyRate: 100 },
      sockets: { connected: 1000 },
      latency: { offeredPerSec: 100, p99Ms: 320.4 },
      overview: { conversations: 500, runs: [{ p95Ms: 40 }] },
      totals: { lost: 0, duplicated: 0, stray: 0, strayUnknown: 0 },
    });
    expect(ran['messaging-latency-p99']).toMatchObject({ actual: 320.4, met: false, limit: 300 });
    expect(ran['messaging-overview-p95']).toMatchObject({ actual: 40, met: true });
    expect(ran['messaging-lost']).toMatchObject({ actual: 0, met: true });
    expect(ran['messaging-duplicated']).toMatchObject({ actual: 0, met: true });
    const skipped = targets({ skipped: true, reason: '--skip-messaging' });
    expect(skipped['messaging-latency-p99']).toMatchObject({ actual: null, met: null });
    expect(messagingSection({ messaging: { skipped: true, reason: '--skip-messaging' } }).join('\n')).toContain(
      'Skipped (--skip-messaging)',
    );
  });
});
