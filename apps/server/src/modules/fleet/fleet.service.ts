import { and, asc, eq, gte, inArray, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import {
  ErrorKey,
  FLEET_HISTORY_DAYS,
  FLEET_RECENT_MINUTES,
  FLEET_TRAIL_POINTS,
  Visibility,
  type FleetLiveVehicle,
  type PublicFleet,
  FLEET_MIN_POLL_SECONDS,
  FLEET_SIMULATOR_DEFAULT_VEHICLES,
  FLEET_MOVING_KMH,
  FLEET_OFFLINE_MINUTES,
  type FleetCredentials,
  type FleetProviderName,
  type FleetVehicle,
  type GpsSettings,
  type GpsSettingsUpdate,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import {
  fleetAccounts,
  fleetHidden,
  fleetPositions,
  fleetVehicles,
  guestApps,
  userLocations,
  users,
  widgets,
} from '../../platform/db/schema/index.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import { AppError } from '../../lib/app-error.ts';
import { FleetError, type FleetPosition, type FleetProvider } from '../../integrations/fleet/types.ts';
import { webfleetClient } from '../../integrations/webfleet/client.ts';
import { traccarClient } from '../../integrations/traccar/client.ts';
import { guardedFetch } from '../../integrations/traccar/guarded-fetch.ts';
import { simulatedFleet } from '../../integrations/simulator/simulator.ts';
import { endpointProblem } from '../../integrations/webpush/address-guard.ts';

type AccountRow = typeof fleetAccounts.$inferSelect;
type VehicleRow = typeof fleetVehicles.$inferSelect;

/** The longest wait after failures (the poller backs off: interval × 2ⁿ up to this). */
const MAX_BACKOFF_MS = 15 * 60_000;

/** A provider failure → the key the business reads. */
export function fleetErrorKey(error: unknown): string {
  if (!(error instanceof FleetError)) return ErrorKey.fleetProvider;
  switch (error.reason) {
    case 'credentials':
      return ErrorKey.fleetCredentials;
    case 'busy':
    case 'rate':
      return ErrorKey.fleetBusy;
    case 'timeout':
      return ErrorKey.fleetTimeout;
    default:
      return ErrorKey.fleetProvider;
  }
}

/** A vehicle's state: offline after FLEET_OFFLINE_MINUTES without a position, else moving or stopped by its speed. */
export function vehicleStatus(v: Pick<VehicleRow, 'positionAt' | 'speedKmh'>, now = Date.now()): FleetVehicle['status'] {
  if (now - v.positionAt.getTime() > FLEET_OFFLINE_MINUTES * 60_000) return 'offline';
  return (v.speedKmh ?? 0) > FLEET_MOVING_KMH ? 'moving' : 'stopped';
}

export interface FleetDeps {
  secrets: Secrets;
  allowPrivateUrls: boolean;
  /** WEBFLEET.connect's endpoint (config FLEET_WEBFLEET_URL; the default one when unset). */
  webfleetUrl?: string;
}

/** How long the live view of the guest app or a widget lasts before the page asks for a new token (a shared link: its own expiry). */
export const FLEET_VIEW_HOURS = 6;
const VIEW_CONTEXT = 'fleet-view';

/** What a view token names: the business, the app client, the end (ms). */
export interface FleetView {
  ownerId: number;
  appClientId: string;
  endsAt: number;
}

/**
 * GPS fleet tracking (./README.md): a business's provider account, its vehicles and what each of
 * its app clients shows, and the poller's work. Every lookup is by owner.
 */
export function fleetService(db: Db, deps: FleetDeps) {
  // Traccar's address is the business's to type: connections to private networks are refused
  const traccarFetch = guardedFetch(deps.allowPrivateUrls);
  const sealView = (view: FleetView) =>
    deps.secrets.sealSecret(JSON.stringify({ o: view.ownerId, c: view.appClientId, e: view.endsAt }), VIEW_CONTEXT);
  const context = (ownerId: number) => `fleet:${ownerId}`;

  async function account(ownerId: number): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(fleetAccounts).where(eq(fleetAccounts.ownerId, ownerId));
    return row;
  }

  /** The business's app clients with their names: its guest app (when it has one; no name) and its widgets. */
  async function appClientList(ownerId: number): Promise<{ id: string; name: string | null }[]> {
    const [guest] = await db.select({ id: guestApps.id }).from(guestApps).where(eq(guestApps.ownerId, ownerId));
    const mine = await db
      .select({ id: widgets.id, name: widgets.name })
      .from(widgets)
      .where(eq(widgets.ownerId, ownerId))
      .orderBy(asc(widgets.name), asc(widgets.id));
    return [...(guest ? [{ id: 'guestapp', name: null }] : []), ...mine.map((w) => ({ id: `widget-${w.id}`, name: w.name }))];
  }
  const appClients = async (ownerId: number) => new Set((await appClientList(ownerId)).map((c) => c.id));

  async function needAppClients(ownerId: number, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const mine = await appClients(ownerId);
    if (ids.some((id) => !mine.has(id))) throw new AppError(ErrorKey.fleetAppClient, 404);
  }

  /** Where the simulator drives: the business's first location, else its city's centre. */
  async function home(ownerId: number): Promise<{ latitude: number; longitude: number } | null> {
    const [loc] = await db
      .select({ latitude: userLocations.latitude, longitude: userLocations.longitude })
      .from(userLocations)
      .where(eq(userLocations.userId, ownerId))
      .orderBy(asc(userLocations.position))
      .limit(1);
    if (loc) return loc;
    const [u] = await db.select({ latitude: users.cityLatitude, longitude: users.cityLongitude }).from(users).where(eq(users.id, ownerId));
    return u?.latitude != null && u.longitude != null ? { latitude: u.latitude, longitude: u.longitude } : null;
  }

  /** The client of a provider for these credentials; the simulator drives `vehicles` shuttles around `center`. */
  function providerFor(
    ownerId: number,
    provider: FleetProviderName,
    creds: FleetCredentials | null,
    center: { latitude: number; longitude: number } | null,
    vehicles: number,
  ): FleetProvider {
    if (provider === 'simulator') {
      if (!center) throw new AppError(ErrorKey.fleetLocation, 400);
      return simulatedFleet({ seed: `fleet-${ownerId}`, center, vehicles });
    }
    if (!creds || creds.provider !== provider) throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
    if (creds.provider === 'webfleet')
      return webfleetClient({
        account: creds.account,
        username: creds.username,
        password: creds.password,
        apiKey: creds.apiKey,
        baseUrl: deps.webfleetUrl,
      });
    if (creds.provider === 'traccar')
      return traccarClient({ baseUrl: creds.baseUrl, token: creds.token, email: creds.email, password: creds.password }, traccarFetch);
    throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
  }

  /** A simulator account's centre as stored. */
  const centerOf = (a: AccountRow | undefined) =>
    a && a.centerLatitude !== null && a.centerLongitude !== null ? { latitude: a.centerLatitude, longitude: a.centerLongitude } : null;

  const stored = (a: AccountRow): FleetCredentials | null =>
    a.credentials ? (JSON.parse(deps.secrets.openSecret(a.credentials, context(a.ownerId))) as FleetCredentials) : null;

  /**
   * The business's vehicles as the live views see them, with each one's mean speed over the last
   * FLEET_RECENT_MINUTES (and, `withTrail`, its positions then). `onlyFor`: those that app
   * client shows (none when it shows no vehicles).
   */
  async function live(ownerId: number, opts: { withTrail?: boolean; onlyFor?: string } = {}): Promise<FleetLiveVehicle[]> {
    let rows = await db
      .select()
      .from(fleetVehicles)
      .where(eq(fleetVehicles.ownerId, ownerId))
      .orderBy(asc(fleetVehicles.name), asc(fleetVehicles.id));
    if (opts.onlyFor !== undefined) {
      const a = await account(ownerId);
      if (!a?.appClientIds.includes(opts.onlyFor)) return [];
      const hidden = new Set(
        rows.length === 0
          ? []
          : (
              await db
                .select({ id: fleetHidden.vehicleId })
                .from(fleetHidden)
                .where(
                  and(
                    eq(fleetHidden.appClientId, opts.onlyFor),
                    inArray(
                      fleetHidden.vehicleId,
                      rows.map((r) => r.id),
                    ),
                  ),
                )
            ).map((h) => h.id),
      );
      rows = rows.filter((r) => !hidden.has(r.id));
    }
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const since = new Date(Date.now() - FLEET_RECENT_MINUTES * 60_000);
    const recent = await db
      .select({ id: fleetPositions.vehicleId, kmh: sql<number | null>`avg(${fleetPositions.speedKmh})`.mapWith(Number) })
      .from(fleetPositions)
      .where(and(inArray(fleetPositions.vehicleId, ids), gte(fleetPositions.at, since)))
      .groupBy(fleetPositions.vehicleId);
    const kmh = new Map(recent.map((r) => [r.id, r.kmh]));
    const trails = new Map<number, [number, number][]>();
    if (opts.withTrail) {
      const points = await db
        .select({ id: fleetPositions.vehicleId, latitude: fleetPositions.latitude, longitude: fleetPositions.longitude })
        .from(fleetPositions)
        .where(and(inArray(fleetPositions.vehicleId, ids), gte(fleetPositions.at, since)))
        .orderBy(asc(fleetPositions.vehicleId), asc(fleetPositions.at));
      for (const p of points) {
        const t = trails.get(p.id) ?? [];
        t.push([p.latitude, p.longitude]);
        trails.set(p.id, t);
      }
      // at most FLEET_TRAIL_POINTS, spread evenly, the newest always among them
      for (const [id, t] of trails)
        if (t.length > FLEET_TRAIL_POINTS) {
          const step = (t.length - 1) / (FLEET_TRAIL_POINTS - 1);
          trails.set(
            id,
            Array.from({ length: FLEET_TRAIL_POINTS }, (_, i) => t[Math.round(i * step)]!),
          );
        }
    }
    const now = Date.now();
    return rows.map((v) => {
      const mean = kmh.get(v.id);
      return {
        id: v.id,
        name: v.name,
        latitude: v.latitude,
        longitude: v.longitude,
        speedKmh: v.speedKmh,
        course: v.course,
        positionAt: v.positionAt.toISOString(),
        status: vehicleStatus(v, now),
        recentKmh: mean === undefined || mean === null || Number.isNaN(mean) ? null : Math.round(mean * 10) / 10,
        ...(opts.withTrail ? { trail: trails.get(v.id) ?? [] } : {}),
      };
    });
  }

  /** The business and app client behind a guest app's or a widget's public id, or null. */
  async function viewFor(kind: 'guest-app' | 'widget', publicId: string): Promise<{ ownerId: number; appClientId: string } | null> {
    if (kind === 'guest-app') {
      const [g] = await db.select({ ownerId: guestApps.ownerId }).from(guestApps).where(eq(guestApps.publicId, publicId));
      return g ? { ownerId: g.ownerId, appClientId: 'guestapp' } : null;
    }
    const [w] = await db.select({ ownerId: widgets.ownerId, id: widgets.id }).from(widgets).where(eq(widgets.publicId, publicId));
    return w ? { ownerId: w.ownerId, appClientId: `widget-${w.id}` } : null;
  }

  /**
   * "Where is my shuttle?" for one app client: its vehicles with their trails, the business's
   * public locations (the stops to measure to; the simulator's centre when it has none), and a
   * view token until `viewUntil`. `{ available: false }` when that app client shows no vehicles.
   */
  async function publicFleet(ownerId: number, appClientId: string, viewUntil: number, token?: string): Promise<PublicFleet> {
    const [row] = await db
      .select({ on: users.gpstrackingactivated, name: users.nickname, account: fleetAccounts })
      .from(fleetAccounts)
      .innerJoin(users, eq(users.id, fleetAccounts.ownerId))
      .where(eq(fleetAccounts.ownerId, ownerId));
    if (!row?.on || !row.account.appClientIds.includes(appClientId)) return { available: false };
    const places = await db
      .select({ name: userLocations.name, city: userLocations.city, latitude: userLocations.latitude, longitude: userLocations.longitude })
      .from(userLocations)
      .where(and(eq(userLocations.userId, ownerId), eq(userLocations.visibility, Visibility.all)))
      .orderBy(asc(userLocations.position));
    const center = centerOf(row.account);
    const stops = places.map((p) => ({ name: p.name || p.city, latitude: p.latitude, longitude: p.longitude }));
    if (stops.length === 0 && center) stops.push({ name: row.name, ...center });
    return {
      available: true,
      businessName: row.name,
      vehicles: await live(ownerId, { withTrail: true, onlyFor: appClientId }),
      stops,
      pollSeconds: row.account.pollSeconds,
      view: token ?? sealView({ ownerId, appClientId, endsAt: viewUntil }),
      viewUntil: new Date(viewUntil).toISOString(),
    };
  }

  async function vehicles(ownerId: number, appClientIds: readonly string[]): Promise<FleetVehicle[]> {
    const rows = await db
      .select({
        id: fleetVehicles.id,
        providerVehicleId: fleetVehicles.providerVehicleId,
        ignition: fleetVehicles.ignition,
        text: fleetVehicles.text,
      })
      .from(fleetVehicles)
      .where(eq(fleetVehicles.ownerId, ownerId));
    const more = new Map(rows.map((r) => [r.id, r]));
    const a = await account(ownerId);
    const enabled = new Set(a?.appClientIds ?? []);
    const hidden =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(fleetHidden)
            .where(
              inArray(
                fleetHidden.vehicleId,
                rows.map((r) => r.id),
              ),
            );
    // a poll between the two reads may have added vehicles: those of both reads only
    return (await live(ownerId, { withTrail: true })).flatMap((v) => {
      const row = more.get(v.id);
      if (!row) return [];
      return [
        {
          ...v,
          trail: v.trail ?? [],
          providerVehicleId: row.providerVehicleId,
          ignition: row.ignition,
          text: row.text,
          shownIn: appClientIds.filter((c) => enabled.has(c) && !hidden.some((h) => h.vehicleId === v.id && h.appClientId === c)),
        },
      ];
    });
  }

  function checkInterval(provider: FleetProviderName, pollSeconds: number) {
    if (pollSeconds < FLEET_MIN_POLL_SECONDS[provider])
      throw new AppError(ErrorKey.fleetInterval, 400, [{ path: 'body.pollSeconds', key: 'FORM.ERROR.MIN' }]);
  }

  function checkCredentials(input: GpsSettingsUpdate) {
    const c = input.credentials;
    if (!c) return;
    if (c.provider !== input.provider)
      throw new AppError(ErrorKey.validation, 400, [{ path: 'body.credentials.provider', key: 'FORM.ERROR.INVALID' }]);
    if (c.provider === 'traccar') {
      if (endpointProblem(c.baseUrl, deps.allowPrivateUrls))
        throw new AppError(ErrorKey.validation, 400, [{ path: 'body.credentials.baseUrl', key: 'FORM.ERROR.PATTERN' }]);
      if (!c.token && !(c.email && c.password)) throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
    }
  }

  return {
    vehicles,
    appClients,

    async settings(ownerId: number, appClientIds: readonly string[]): Promise<GpsSettings> {
      await needAppClients(ownerId, appClientIds);
      const a = await account(ownerId);
      const list = await vehicles(ownerId, appClientIds.length > 0 ? appClientIds : [...(a?.appClientIds ?? [])]);
      const status: GpsSettings['health']['status'] = !a
        ? 'waiting'
        : a.status === 'paused'
          ? 'paused'
          : a.failures > 0
            ? 'failing'
            : a.lastSuccessAt
              ? 'ok'
              : 'waiting';
      return {
        id: a?.id ?? null,
        provider: (a?.provider as FleetProviderName | undefined) ?? null,
        pollSeconds: a?.pollSeconds ?? 30,
        appClientIds: a?.appClientIds ?? [],
        credentialsSet: !!a?.credentials,
        baseUrl: a?.baseUrl ?? null,
        simulatorVehicles: a?.simulatorVehicles ?? FLEET_SIMULATOR_DEFAULT_VEHICLES,
        appClients: await appClientList(ownerId),
        health: {
          status,
          lastPollAt: a?.lastPollAt?.toISOString() ?? null,
          lastSuccessAt: a?.lastSuccessAt?.toISOString() ?? null,
          lastErrorKey: a?.lastErrorKey ?? null,
          failures: a?.failures ?? 0,
        },
        webFleetVehicleList: list,
      };
    },

    /**
     * Saves the provider, credentials (sealed; left out: the stored ones stay), interval and app
     * clients. New credentials or another provider un-pause the account and poll it at once;
     * another provider's vehicles go.
     */
    async update(
      ownerId: number,
      input: GpsSettingsUpdate & { pollSeconds: number; appClientIds: string[]; simulatorVehicles: number },
    ): Promise<void> {
      checkInterval(input.provider, input.pollSeconds);
      checkCredentials(input);
      await needAppClients(ownerId, input.appClientIds);
      const before = await account(ownerId);
      const changed = !before || before.provider !== input.provider;
      if (input.provider !== 'simulator' && !input.credentials && (changed || !before?.credentials))
        throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
      // the simulator keeps the centre it was given; a new one when it is chosen again
      const center = input.provider === 'simulator' ? (changed ? await home(ownerId) : (centerOf(before) ?? (await home(ownerId)))) : null;
      if (input.provider === 'simulator' && !center) throw new AppError(ErrorKey.fleetLocation, 400);
      const sealed = input.credentials
        ? input.provider === 'simulator'
          ? null
          : deps.secrets.sealSecret(JSON.stringify(input.credentials), context(ownerId))
        : changed
          ? null
          : (before?.credentials ?? null);
      const fresh = changed || !!input.credentials;
      const values = {
        provider: input.provider,
        credentials: sealed,
        baseUrl: input.credentials?.provider === 'traccar' ? input.credentials.baseUrl : changed ? null : (before?.baseUrl ?? null),
        pollSeconds: input.pollSeconds,
        appClientIds: [...new Set(input.appClientIds)],
        simulatorVehicles: input.simulatorVehicles,
        centerLatitude: center?.latitude ?? null,
        centerLongitude: center?.longitude ?? null,
        ...(fresh ? { status: 'ok', failures: 0, lastErrorKey: null, nextPollAt: new Date() } : {}),
      };
      await db.transaction(async (tx) => {
        if (before && changed) await tx.delete(fleetVehicles).where(eq(fleetVehicles.accountId, before.id));
        // a smaller simulated fleet: the shuttles beyond it are gone, not left to go offline
        else if (before && input.provider === 'simulator' && input.simulatorVehicles < before.simulatorVehicles)
          await tx.delete(fleetVehicles).where(
            and(
              eq(fleetVehicles.accountId, before.id),
              notInArray(
                fleetVehicles.providerVehicleId,
                Array.from({ length: input.simulatorVehicles }, (_, i) => `sim-${i + 1}`),
              ),
            ),
          );
        await tx
          .insert(fleetAccounts)
          .values({ ownerId, ...values })
          .onConflictDoUpdate({ target: fleetAccounts.ownerId, set: { ...values, updatedAt: new Date() } });
      });
    },

    /** One call with the sent credentials (or the stored ones): how many vehicles, or the provider's failure. */
    async test(ownerId: number, input: GpsSettingsUpdate): Promise<{ ok: boolean; vehicles: number; key: string | null }> {
      checkCredentials(input);
      const before = await account(ownerId);
      await needAppClients(ownerId, input.appClientIds ?? []);
      const same = before && before.provider === input.provider ? before : undefined;
      const creds = input.credentials ?? (same ? stored(same) : null);
      const center = input.provider === 'simulator' ? (centerOf(same) ?? (await home(ownerId))) : null;
      const provider = providerFor(ownerId, input.provider, creds, center, input.simulatorVehicles ?? FLEET_SIMULATOR_DEFAULT_VEHICLES);
      try {
        return { ok: true, vehicles: (await provider.positions(AbortSignal.timeout(20_000))).length, key: null };
      } catch (error) {
        if (error instanceof AppError) throw error;
        return { ok: false, vehicles: 0, key: fleetErrorKey(error) };
      }
    },

    /** Shows or hides vehicles in the app clients asked for (all of them when none are). */
    async showHide(ownerId: number, appClientIds: readonly string[], changes: { id: number; shown: boolean }[]): Promise<FleetVehicle[]> {
      await needAppClients(ownerId, appClientIds);
      const targets = appClientIds.length > 0 ? [...appClientIds] : [...((await account(ownerId))?.appClientIds ?? [])];
      const ids = [...new Set(changes.map((c) => c.id))];
      const mine = await db
        .select({ id: fleetVehicles.id })
        .from(fleetVehicles)
        .where(and(eq(fleetVehicles.ownerId, ownerId), inArray(fleetVehicles.id, ids)));
      if (mine.length !== ids.length) throw new AppError(ErrorKey.fleetVehicle, 404);
      await db.transaction(async (tx) => {
        for (const c of changes)
          for (const client of targets) {
            if (c.shown) await tx.delete(fleetHidden).where(and(eq(fleetHidden.vehicleId, c.id), eq(fleetHidden.appClientId, client)));
            else await tx.insert(fleetHidden).values({ vehicleId: c.id, appClientId: client }).onConflictDoNothing();
          }
      });
      return vehicles(ownerId, targets);
    },

    /** The accounts the poller should ask now (not paused, their time come). */
    async due(now = new Date()): Promise<{ id: number; nextPollAt: Date }[]> {
      return db
        .select({ id: fleetAccounts.id, nextPollAt: fleetAccounts.nextPollAt })
        .from(fleetAccounts)
        .where(and(ne(fleetAccounts.status, 'paused'), lte(fleetAccounts.nextPollAt, now)));
    },

    /**
     * One poll of an account: the provider's positions stored (each vehicle's latest, and the
     * trail), the health updated. Credentials refused: paused until new ones are saved. Another
     * failure: tried again after interval × 2ⁿ (at most 15 minutes). Answers the owner whose
     * vehicles changed, or null.
     */
    async poll(accountId: number, signal?: AbortSignal): Promise<number | null> {
      const [a] = await db.select().from(fleetAccounts).where(eq(fleetAccounts.id, accountId));
      if (!a || a.status === 'paused') return null;
      const now = new Date();
      let positions: FleetPosition[];
      try {
        const provider = providerFor(a.ownerId, a.provider as FleetProviderName, stored(a), centerOf(a), a.simulatorVehicles);
        positions = await provider.positions(signal);
      } catch (error) {
        const failures = a.failures + 1;
        const key = error instanceof AppError ? error.key : fleetErrorKey(error);
        const paused = key === ErrorKey.fleetCredentials || key === ErrorKey.fleetCredentialsMissing || key === ErrorKey.fleetLocation;
        const wait = Math.min(a.pollSeconds * 1000 * 2 ** failures, MAX_BACKOFF_MS);
        await db
          .update(fleetAccounts)
          .set({
            lastPollAt: now,
            failures,
            lastErrorKey: key,
            status: paused ? 'paused' : 'failing',
            nextPollAt: new Date(now.getTime() + wait),
          })
          .where(eq(fleetAccounts.id, a.id));
        return null;
      }
      // the next poll is due an interval after this one was (not after it ran): no drift
      const due = a.nextPollAt.getTime() + a.pollSeconds * 1000;
      const next = new Date(due > now.getTime() ? due : now.getTime() + a.pollSeconds * 1000);
      // one statement for the vehicles and one for the trail, whatever the fleet's size
      const unique = [...new Map(positions.map((p) => [p.vehicleId, p])).values()];
      await db.transaction(async (tx) => {
        if (unique.length > 0) {
          const rows = await tx
            .insert(fleetVehicles)
            .values(
              unique.map((p) => ({
                accountId: a.id,
                ownerId: a.ownerId,
                providerVehicleId: p.vehicleId,
                name: p.name,
                latitude: p.latitude,
                longitude: p.longitude,
                speedKmh: p.speedKmh,
                course: p.course,
                ignition: p.ignition,
                positionAt: p.at,
                text: p.text,
              })),
            )
            .onConflictDoUpdate({
              target: [fleetVehicles.accountId, fleetVehicles.providerVehicleId],
              set: {
                name: sql`excluded.name`,
                latitude: sql`excluded.latitude`,
                longitude: sql`excluded.longitude`,
                speedKmh: sql`excluded.speed_kmh`,
                course: sql`excluded.course`,
                ignition: sql`excluded.ignition`,
                positionAt: sql`excluded.position_at`,
                text: sql`excluded.text`,
                updatedAt: now,
              },
            })
            .returning({ id: fleetVehicles.id, providerVehicleId: fleetVehicles.providerVehicleId });
          const idOf = new Map(rows.map((r) => [r.providerVehicleId, r.id]));
          await tx
            .insert(fleetPositions)
            .values(
              unique.map((p) => ({
                vehicleId: idOf.get(p.vehicleId)!,
                latitude: p.latitude,
                longitude: p.longitude,
                speedKmh: p.speedKmh,
                at: p.at,
              })),
            )
            .onConflictDoNothing();
        }
        await tx
          .update(fleetAccounts)
          .set({
            lastPollAt: now,
            lastSuccessAt: now,
            failures: 0,
            lastErrorKey: null,
            status: 'ok',
            nextPollAt: next,
          })
          .where(eq(fleetAccounts.id, a.id));
      });
      return a.ownerId;
    },

    /** Drops positions older than FLEET_HISTORY_DAYS. */
    async prune(now = new Date()): Promise<number> {
      const cut = new Date(now.getTime() - FLEET_HISTORY_DAYS * 86_400_000);
      const gone = await db.delete(fleetPositions).where(lt(fleetPositions.at, cut)).returning({ id: fleetPositions.id });
      return gone.length;
    },

    live,
    viewFor,
    publicFleet,

    /** A token for a live view of the app client's vehicles until `endsAt` (sealed: it cannot be made up or altered). */
    viewToken: sealView,

    /** A view token's content, or null (not one of ours, altered). Its end is the caller's to check. */
    openView(token: string): FleetView | null {
      try {
        const v = JSON.parse(deps.secrets.openSecret(token, VIEW_CONTEXT)) as { o: unknown; c: unknown; e: unknown };
        if (typeof v.o !== 'number' || typeof v.c !== 'string' || typeof v.e !== 'number') return null;
        return { ownerId: v.o, appClientId: v.c, endsAt: v.e };
      } catch {
        return null;
      }
    },

    /** The account export's section: settings without credentials, vehicles, where hidden, how many positions are kept. */
    async exportOf(ownerId: number) {
      const a = await account(ownerId);
      const rows = await db.select().from(fleetVehicles).where(eq(fleetVehicles.ownerId, ownerId)).orderBy(asc(fleetVehicles.name));
      const ids = rows.map((r) => r.id);
      const hidden = ids.length === 0 ? [] : await db.select().from(fleetHidden).where(inArray(fleetHidden.vehicleId, ids));
      const counts =
        ids.length === 0
          ? []
          : await db
              .select({ id: fleetPositions.vehicleId, n: sql<number>`count(*)`.mapWith(Number) })
              .from(fleetPositions)
              .where(inArray(fleetPositions.vehicleId, ids))
              .groupBy(fleetPositions.vehicleId);
      return {
        settings: a
          ? {
              provider: a.provider,
              pollSeconds: a.pollSeconds,
              appClientIds: a.appClientIds,
              baseUrl: a.baseUrl,
              simulatorVehicles: a.simulatorVehicles,
              credentialsSet: !!a.credentials,
              createdAt: a.createdAt.toISOString(),
            }
          : null,
        vehicles: rows.map((v) => ({
          providerVehicleId: v.providerVehicleId,
          name: v.name,
          latitude: v.latitude,
          longitude: v.longitude,
          positionAt: v.positionAt.toISOString(),
          hiddenIn: hidden.filter((h) => h.vehicleId === v.id).map((h) => h.appClientId),
          positionsKept: counts.find((c) => c.id === v.id)?.n ?? 0,
        })),
      };
    },

    /**
     * What the live views hear after a poll, read once: every vehicle (the business's page), those
     * each of `clients` shows, and when the provider last answered.
     */
    async liveViews(
      ownerId: number,
      clients: readonly string[],
    ): Promise<{ all: FleetLiveVehicle[]; shown: Map<string, FleetLiveVehicle[]>; polledAt: string | null }> {
      const a = await account(ownerId);
      const all = await live(ownerId);
      const hidden =
        all.length === 0 || clients.length === 0
          ? []
          : await db
              .select()
              .from(fleetHidden)
              .where(
                and(
                  inArray(
                    fleetHidden.vehicleId,
                    all.map((v) => v.id),
                  ),
                  inArray(fleetHidden.appClientId, [...clients]),
                ),
              );
      const shown = new Map<string, FleetLiveVehicle[]>();
      for (const c of clients) {
        const off = new Set(hidden.filter((h) => h.appClientId === c).map((h) => h.vehicleId));
        shown.set(c, a?.appClientIds.includes(c) ? all.filter((v) => !off.has(v.id)) : []);
      }
      return { all, shown, polledAt: a?.lastSuccessAt?.toISOString() ?? null };
    },

    /** Whether the app client shows vehicles now (the flag, the settings). */
    async shows(ownerId: number, appClientId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: users.gpstrackingactivated, clients: fleetAccounts.appClientIds })
        .from(fleetAccounts)
        .innerJoin(users, eq(users.id, fleetAccounts.ownerId))
        .where(eq(fleetAccounts.ownerId, ownerId));
      return !!row?.on && row.clients.includes(appClientId);
    },
  };
}
export type FleetService = ReturnType<typeof fleetService>;
