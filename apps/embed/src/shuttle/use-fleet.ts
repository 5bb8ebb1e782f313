/**
 * A live fleet view: the public answer (vehicles, stops, a view token), then the positions over
 * the realtime gateway (`{type:'auth', view}`). A view token that ends (4401) is renewed by reading
 * the answer again — a shared link's own end is final: it shows "expired".
 */
import type { FleetLiveVehicle, PublicFleet } from '@spotlist/contracts';
import { useEffect, useState } from 'preact/hooks';
import { HttpError, request } from '../lib/api.ts';
import { connectGuestSocket, type GuestSocket } from '../lib/guest-socket.ts';

export type FleetSource = { kind: 'guest-app' | 'widget'; publicId: string } | { kind: 'shared'; token: string };

export const fleetUrl = (s: FleetSource): string =>
  s.kind === 'shared'
    ? `/api/public/fleet/shared/${encodeURIComponent(s.token)}`
    : `/api/public/fleet/${s.kind}/${encodeURIComponent(s.publicId)}`;

export type FleetState =
  | { status: 'loading' }
  | { status: 'error'; reason: 'expired' | 'notfound' | 'failed' }
  | { status: 'ready'; fleet: PublicFleet & { vehicles: FleetLiveVehicle[] }; live: boolean; at: number };

export function useLiveFleet(source: FleetSource, initial?: PublicFleet): FleetState {
  const [state, setState] = useState<FleetState>(() =>
    initial?.available
      ? { status: 'ready', fleet: { ...initial, vehicles: initial.vehicles ?? [] }, live: false, at: Date.now() }
      : { status: 'loading' },
  );
  const key = source.kind === 'shared' ? source.token : `${source.kind}:${source.publicId}`;
  useEffect(() => {
    let socket: GuestSocket | null = null;
    let stopped = false;
    let first = initial;
    const load = async () => {
      try {
        const fleet = first ?? (await request<PublicFleet>(fleetUrl(source)));
        first = undefined;
        if (stopped) return;
        if (!fleet.available || !fleet.view) return setState({ status: 'error', reason: 'notfound' });
        setState({ status: 'ready', fleet: { ...fleet, vehicles: fleet.vehicles ?? [] }, live: false, at: Date.now() });
        socket?.close();
        socket = connectGuestSocket({
          view: fleet.view,
          onReady: (again) => {
            setState((s) => (s.status === 'ready' ? { ...s, live: true } : s));
            // events may have been missed while away: read again
            if (again) void load();
          },
          onEvent: (e) => {
            if (e.name !== 'fleet.moved') return;
            const vehicles = e.payload.vehicles;
            setState((s) => (s.status === 'ready' ? { ...s, fleet: { ...s.fleet, vehicles }, live: true, at: Date.now() } : s));
          },
          onRefused: () => {
            socket = null;
            setState((s) => (s.status === 'ready' ? { ...s, live: false } : s));
            // the token's time is up (or the business stopped showing vehicles): ask again
            if (!stopped) setTimeout(() => void load(), 1000);
          },
        });
      } catch (err) {
        if (stopped) return;
        const status = err instanceof HttpError ? err.status : 0;
        setState({ status: 'error', reason: status === 410 ? 'expired' : status === 404 ? 'notfound' : 'failed' });
      }
    };
    void load();
    return () => {
      stopped = true;
      socket?.close();
    };
    // the source's identity is its key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
