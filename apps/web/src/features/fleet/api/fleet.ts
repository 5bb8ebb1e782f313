import type { FleetLiveVehicle, FleetVehicle, GpsSettings, GpsSettingsUpdate } from '@spotlist/contracts';
import { FLEET_TRAIL_POINTS } from '@spotlist/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Fleet tracking's calls (SPEC §7 "Fleet tracking", contracts fleet.ts; server modules/fleet).
 * Answers are checked structurally (no zod in this chunk).
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isSettings = (v: unknown): boolean => isObject(v) && Array.isArray(v.webFleetVehicleList) && isObject(v.health);
const isList = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isTest = (v: unknown): boolean => isObject(v) && typeof v.ok === 'boolean';

const BASE = '/webfleetvehicle/tracking';
export const FLEET_KEY = ['fleet', 'settings'] as const;

/**
 * GET get-gps-settings for every app client: the settings, the health and every vehicle with
 * where it shows. A business with a guest app flag has its guest app made first (GET /guestapp
 * makes it), so that it can be chosen as a place that shows vehicles.
 */
export const useFleet = (hasGuest: boolean) =>
  useQuery({
    queryKey: FLEET_KEY,
    queryFn: async () => {
      if (hasGuest) await api.get('/guestapp', { guard: isObject });
      const first = await api.get<GpsSettings>(`${BASE}/get-gps-settings`, { guard: isSettings });
      const all = first.appClients.map((c) => c.id);
      // asked again for all app clients: `shownIn` names those of the ones asked for
      return all.length === 0
        ? first
        : api.get<GpsSettings>(`${BASE}/get-gps-settings`, { query: { appClientIds: all.join(',') }, guard: isSettings });
    },
  });

/** Live positions (the realtime event 'fleet.moved') merged into the page's data: the trail grows, shownIn stays. */
export function applyLive(client: QueryClient, live: readonly FleetLiveVehicle[], polledAt: string | null): void {
  client.setQueryData<GpsSettings>(FLEET_KEY, (old) => {
    if (!old) return old;
    const health =
      polledAt && polledAt !== old.health.lastSuccessAt
        ? { ...old.health, status: 'ok' as const, lastSuccessAt: polledAt, lastPollAt: polledAt, lastErrorKey: null, failures: 0 }
        : old.health;
    return { ...old, health, webFleetVehicleList: mergeLive(old.webFleetVehicleList, live) };
  });
}

export function mergeLive(list: readonly FleetVehicle[], live: readonly FleetLiveVehicle[]): FleetVehicle[] {
  const byId = new Map(live.map((v) => [v.id, v]));
  return list.map((v) => {
    const now = byId.get(v.id);
    if (!now || now.positionAt === v.positionAt) return now ? { ...v, status: now.status } : v;
    const trail: [number, number][] = [...v.trail, [now.latitude, now.longitude]];
    return {
      ...v,
      name: now.name,
      latitude: now.latitude,
      longitude: now.longitude,
      speedKmh: now.speedKmh,
      course: now.course,
      positionAt: now.positionAt,
      status: now.status,
      recentKmh: now.recentKmh,
      trail: trail.slice(-FLEET_TRAIL_POINTS),
    };
  });
}

export function useSaveFleet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: GpsSettingsUpdate) => api.post<GpsSettings>(`${BASE}/update-gps-settings`, update, { guard: isSettings }),
    onSuccess: () => client.invalidateQueries({ queryKey: FLEET_KEY }),
  });
}

export const useTestFleet = () =>
  useMutation({
    mutationFn: (update: GpsSettingsUpdate) =>
      api.post<{ ok: boolean; vehicles: number; key: string | null }>(`${BASE}/test-connection`, update, { guard: isTest }),
  });

/** Shows or hides one vehicle in one app client; the page's data takes the answer's `shownIn`. */
export function useShowHide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, appClientId, shown }: { id: number; appClientId: string; shown: boolean }) =>
      api.post<{ list: FleetVehicle[] }>(
        `${BASE}/show-hide-vehicles`,
        { vehicles: [{ id, shown }] },
        { query: { appClientIds: appClientId }, guard: isList },
      ),
    onSuccess: ({ list }, { appClientId }) =>
      client.setQueryData<GpsSettings>(FLEET_KEY, (old) => {
        if (!old) return old;
        const there = new Map(list.map((v) => [v.id, v.shownIn.includes(appClientId)]));
        return {
          ...old,
          webFleetVehicleList: old.webFleetVehicleList.map((v) => {
            const shows = there.get(v.id);
            if (shows === undefined) return v;
            const others = v.shownIn.filter((c) => c !== appClientId);
            return { ...v, shownIn: shows ? [...others, appClientId] : others };
          }),
        };
      }),
  });
}
