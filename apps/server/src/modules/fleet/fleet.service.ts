import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import {
  ErrorKey,
  FLEET_HISTORY_DAYS,
  FLEET_MIN_POLL_SECONDS,
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
  /** A provider's client for stored or sent credentials (tests give the fakes' addresses through the same path). */
  fetchImpl?: typeof fetch;
}

/**
 * GPS fleet tracking (./README.md): a business's provider account, its vehicles and what each of
 * its app clients shows, and the poller's work. Every lookup is by owner.
 */
export function fleetService(db: Db, deps: FleetDeps) {
  const context = (ownerId: number) => `fleet:${ownerId}`;

  async function account(ownerId: number): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(fleetAccounts).where(eq(fleetAccounts.ownerId, ownerId));
    return row;
  }

  /** The business's app clients: its guest app (when it has one) and its widgets. */
  async function appClients(ownerId: number): Promise<Set<string>> {
    const [guest] = await db.select({ id: guestApps.id }).from(guestApps).where(eq(guestApps.ownerId, ownerId));
    const mine = await db.select({ id: widgets.id }).from(widgets).where(eq(widgets.ownerId, ownerId));
    return new Set([...(guest ? ['guestapp'] : []), ...mine.map((w) => `widget-${w.id}`)]);
  }

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

  /** The client of a provider for these credentials; the simulator drives around `center`. */
  function providerFor(
    ownerId: number,
    provider: FleetProviderName,
    creds: FleetCredentials | null,
    center: { latitude: number; longitude: number } | null,
  ): FleetProvider {
    if (provider === 'simulator') {
      if (!center) throw new AppError(ErrorKey.fleetLocation, 400);
      return simulatedFleet({ seed: `fleet-${ownerId}`, center });
    }
    if (!creds || creds.provider !== provider) throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
    if (creds.provider === 'webfleet')
      return webfleetClient(
        { account: creds.account, username: creds.username, password: creds.password, apiKey: creds.apiKey, baseUrl: deps.webfleetUrl },
        deps.fetchImpl,
      );
    if (creds.provider === 'traccar')
      return traccarClient({ baseUrl: creds.baseUrl, token: creds.token, email: creds.email, password: creds.password }, deps.fetchImpl);
    throw new AppError(ErrorKey.fleetCredentialsMissing, 400);
  }

  /** A simulator account's centre as stored. */
  const centerOf = (a: AccountRow | undefined) =>
    a && a.centerLatitude !== null && a.centerLongitude !== null ? { latitude: a.centerLatitude, longitude: a.centerLongitude } : null;

  const stored = (a: AccountRow): FleetCredentials | null =>
    a.credentials ? (JSON.parse(deps.secrets.openSecret(a.credentials, context(a.ownerId))) as FleetCredentials) : null;

  async function vehicles(ownerId: number, appClientIds: readonly string[]): Promise<FleetVehicle[]> {
    const rows = await db
      .select()
      .from(fleetVehicles)
      .where(eq(fleetVehicles.ownerId, ownerId))
      .orderBy(asc(fleetVehicles.name), asc(fleetVehicles.id));
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
    const now = Date.now();
    return rows.map((v) => ({
      id: v.id,
      providerVehicleId: v.providerVehicleId,
      name: v.name,
      latitude: v.latitude,
      longitude: v.longitude,
      speedKmh: v.speedKmh,
      course: v.course,
      ignition: v.ignition,
      positionAt: v.positionAt.toISOString(),
      text: v.text,
      status: vehicleStatus(v, now),
      shownIn: appClientIds.filter((c) => enabled.has(c) && !hidden.some((h) => h.vehicleId === v.id && h.appClientId === c)),
    }));
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
    async update(ownerId: number, input: GpsSettingsUpdate & { pollSeconds: number; appClientIds: string[] }): Promise<void> {
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
        centerLatitude: center?.latitude ?? null,
        centerLongitude: center?.longitude ?? null,
        ...(fresh ? { status: 'ok', failures: 0, lastErrorKey: null, nextPollAt: new Date() } : {}),
      };
      await db.transaction(async (tx) => {
        if (before && changed) await tx.delete(fleetVehicles).where(eq(fleetVehicles.accountId, before.id));
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
      const provider = providerFor(ownerId, input.provider, creds, center);
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
        const provider = providerFor(a.ownerId, a.provider as FleetProviderName, stored(a), centerOf(a));
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
      await db.transaction(async (tx) => {
        for (const p of positions) {
          const fields = {
            name: p.name,
            latitude: p.latitude,
            longitude: p.longitude,
            speedKmh: p.speedKmh,
            course: p.course,
            ignition: p.ignition,
            positionAt: p.at,
            text: p.text,
          };
          const [v] = await tx
            .insert(fleetVehicles)
            .values({ accountId: a.id, ownerId: a.ownerId, providerVehicleId: p.vehicleId, ...fields })
            .onConflictDoUpdate({ target: [fleetVehicles.accountId, fleetVehicles.providerVehicleId], set: { ...fields, updatedAt: now } })
            .returning({ id: fleetVehicles.id });
          await tx
            .insert(fleetPositions)
            .values({ vehicleId: v!.id, latitude: p.latitude, longitude: p.longitude, speedKmh: p.speedKmh, at: p.at })
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
            nextPollAt: new Date(now.getTime() + a.pollSeconds * 1000),
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

    /** The positions of a vehicle since `since` (a trail), oldest first. */
    async trail(vehicleId: number, since: Date) {
      return db
        .select({ latitude: fleetPositions.latitude, longitude: fleetPositions.longitude, at: fleetPositions.at })
        .from(fleetPositions)
        .where(and(eq(fleetPositions.vehicleId, vehicleId), sql`${fleetPositions.at} >= ${since}`))
        .orderBy(asc(fleetPositions.at));
    },
  };
}
export type FleetService = ReturnType<typeof fleetService>;
