import type { FleetLiveVehicle, FleetVehicle } from '@spotlist/contracts';
import { FLEET_TRAIL_POINTS } from '@spotlist/contracts';
import { describe, expect, it } from 'vitest';
import { mergeLive } from './api/fleet';

const stored = (over: Partial<FleetVehicle> = {}): FleetVehicle => ({
  id: 1,
  providerVehicleId: 'sim-1',
  name: 'Shuttle 1',
  latitude: 48.1,
  longitude: 11.5,
  speedKmh: 30,
  course: 90,
  ignition: null,
  positionAt: '2026-11-28T12:00:00.000Z',
  text: null,
  status: 'moving',
  recentKmh: 25,
  trail: [[48.09, 11.49]],
  shownIn: ['guestapp'],
  ...over,
});
const live = (over: Partial<FleetLiveVehicle> = {}): FleetLiveVehicle => ({
  id: 1,
  name: 'Shuttle 1',
  latitude: 48.2,
  longitude: 11.6,
  speedKmh: 0,
  course: null,
  positionAt: '2026-11-28T12:00:05.000Z',
  status: 'stopped',
  recentKmh: 20,
  ...over,
});

describe('live positions on the tracking page', () => {
  it('moves a vehicle, grows its trail and keeps where it is shown', () => {
    const [v] = mergeLive([stored()], [live()]);
    expect(v).toMatchObject({ latitude: 48.2, longitude: 11.6, status: 'stopped', speedKmh: 0, recentKmh: 20, shownIn: ['guestapp'] });
    expect(v!.trail).toEqual([
      [48.09, 11.49],
      [48.2, 11.6],
    ]);
  });
  it('keeps the trail short, leaves a vehicle the event does not name, and adds nothing for the same position twice', () => {
    const long = stored({ trail: Array.from({ length: FLEET_TRAIL_POINTS }, (_, i): [number, number] => [48 + i / 1000, 11.5]) });
    const [v] = mergeLive([long], [live()]);
    expect(v!.trail).toHaveLength(FLEET_TRAIL_POINTS);
    expect(v!.trail.at(-1)).toEqual([48.2, 11.6]);
    const other = stored({ id: 2 });
    expect(mergeLive([other], [live()])).toEqual([other]);
    const same = stored({ positionAt: live().positionAt });
    expect(mergeLive([same], [live()])[0]!.trail).toEqual(same.trail);
  });
});
