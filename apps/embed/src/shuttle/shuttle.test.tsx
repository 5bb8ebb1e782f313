import type { FleetLiveVehicle, PublicFleet } from '@spotlist/contracts';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrival, AT_STOP_METERS } from './eta.ts';

// the map is Leaflet's (a browser's layout): here a list of what it would draw
vi.mock('./shuttle-map.tsx', () => ({
  ShuttleMap: ({ vehicles }: { vehicles: FleetLiveVehicle[] }) => (
    <ol data-testid="map">
      {vehicles.map((v) => (
        <li key={v.id}>{v.name}</li>
      ))}
    </ol>
  ),
}));
const { ShuttleView } = await import('./shuttle-view.tsx');

const HOTEL = { name: 'Hotel Sonne', latitude: 48.1374, longitude: 11.5755 };
const vehicle = (id: number, over: Partial<FleetLiveVehicle> = {}): FleetLiveVehicle => ({
  id,
  name: `Shuttle ${id}`,
  // about 1.1 km north of the hotel
  latitude: 48.1474,
  longitude: 11.5755,
  speedKmh: 30,
  course: 180,
  positionAt: new Date().toISOString(),
  status: 'moving',
  recentKmh: 20,
  ...over,
});

describe('arrival estimate', () => {
  it('is the way (straight line × 1.3) at the recent mean speed, rounded up to whole minutes', () => {
    const a = arrival(vehicle(1), HOTEL);
    expect(a.kind).toBe('eta');
    if (a.kind !== 'eta') return;
    // 1,112 m straight → 1,446 m of streets; at 20 km/h that is 4.3 min
    expect(Math.round(a.meters)).toBe(1446);
    expect(a.minutes).toBe(5);
  });
  it('says "at the stop" close by, and gives no estimate for a shuttle that stood or is offline', () => {
    expect(arrival(vehicle(1, { latitude: HOTEL.latitude + AT_STOP_METERS / 2 / 111_195 }), HOTEL)).toEqual({ kind: 'at' });
    expect(arrival(vehicle(1, { recentKmh: 2 }), HOTEL).kind).toBe('far');
    expect(arrival(vehicle(1, { status: 'offline' }), HOTEL).kind).toBe('far');
    expect(arrival(vehicle(1, { recentKmh: null }), HOTEL).kind).toBe('far');
  });
});

/** A WebSocket the test speaks for the server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: unknown[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

let root: HTMLElement;
const until = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (err) {
      if (i > 200) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  root.remove();
  // preact runs effects after paint: a frame or, at the latest, 100 ms. Those still pending must
  // run while jsdom is here (its cancelAnimationFrame), not after the file's environment is gone.
  await new Promise((r) => setTimeout(r, 120));
  vi.unstubAllGlobals();
});

const fleet: PublicFleet = {
  available: true,
  businessName: 'Hotel Sonne',
  vehicles: [vehicle(1), vehicle(2, { status: 'offline', recentKmh: null, name: 'Old bus' })],
  stops: [HOTEL],
  pollSeconds: 5,
  view: 'v1.token-of-the-view',
  viewUntil: new Date(Date.now() + 3_600_000).toISOString(),
};

describe('where is my shuttle?', () => {
  it('lists the shuttles with distance and a labelled estimate, then follows the live positions of the view', async () => {
    render(<ShuttleView source={{ kind: 'guest-app', publicId: 'GuestApp01' }} lang="en" initial={fleet} onClose={() => {}} />, root);
    await until(() => expect(root.textContent).toContain('arrives in about 5 min'));
    expect(root.textContent).toContain('(an estimate from its recent speed)');
    expect(root.textContent).toContain('1.4 km away');
    expect(root.textContent).toContain('No recent position');
    // the socket authenticates with the view's token, never in the URL
    await until(() => expect(FakeSocket.last?.sent).toEqual([{ type: 'auth', view: 'v1.token-of-the-view' }]));
    expect(FakeSocket.last!.url).not.toContain('token');
    FakeSocket.last!.receive({ type: 'ready' });
    // the business hid the old bus; shuttle 1 is at the hotel now
    FakeSocket.last!.receive({
      type: 'event',
      name: 'fleet.moved',
      payload: { vehicles: [vehicle(1, { latitude: HOTEL.latitude, longitude: HOTEL.longitude })], polledAt: null },
    });
    await until(() => expect(root.textContent).toContain('At Hotel Sonne'));
    expect(root.querySelector('[data-testid=map]')!.textContent).toBe('Shuttle 1');
    expect(root.textContent).not.toContain('Old bus');
  });

  it('a shared link past its end says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ key: 'error.fleet.share.expired' }), { status: 410 })),
    );
    render(<ShuttleView source={{ kind: 'shared', token: 'v1.some-old-link' }} lang="de" />, root);
    await until(() => expect(root.textContent).toContain('Dieser Link ist abgelaufen.'));
    expect(root.querySelector('[role=alert]')).not.toBeNull();
  });
});
