import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';

/**
 * A business's fleet account (modules/fleet; SPEC §3 "Webfleet vehicle GPS settings"): the
 * provider, its credentials sealed (platform/crypto; never returned), the polling interval, the
 * app clients that show vehicles, and the poller's health.
 */
export const fleetAccounts = pgTable('fleet_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ownerId: integer('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** webfleet, traccar, simulator. */
  provider: text('provider').notNull(),
  /** The credentials as JSON, sealed with the context `fleet:<ownerId>`; null for the simulator. */
  credentials: text('credentials'),
  /** Traccar's server (not a secret). */
  baseUrl: text('base_url'),
  /** Where the simulator drives (the business's location when it was chosen): routes stay put when the profile changes. */
  centerLatitude: doublePrecision('center_latitude'),
  centerLongitude: doublePrecision('center_longitude'),
  pollSeconds: integer('poll_seconds').notNull(),
  /** How many shuttles the simulator drives (other providers: unused). */
  simulatorVehicles: integer('simulator_vehicles').notNull().default(3),
  /** `guestapp`, `widget-<id>`: the app clients that show vehicles. */
  appClientIds: text('app_client_ids').array().notNull().default([]),
  /** ok, failing, paused (the credentials failed: not polled until new ones are saved). */
  status: text('status').notNull().default('ok'),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorKey: text('last_error_key'),
  failures: integer('failures').notNull().default(0),
  /** When the poller next asks the provider. */
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});

/** A vehicle as the provider last told it, with its latest position. */
export const fleetVehicles = pgTable(
  'fleet_vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => fleetAccounts.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerVehicleId: text('provider_vehicle_id').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    speedKmh: doublePrecision('speed_kmh'),
    course: doublePrecision('course'),
    ignition: boolean('ignition'),
    positionAt: timestamp('position_at', { withTimezone: true }).notNull(),
    text: text('text'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fleet_vehicles_account_vehicle_idx').on(t.accountId, t.providerVehicleId),
    index('fleet_vehicles_owner_idx').on(t.ownerId),
  ],
);

/** Positions of the last days (a trail, an average speed); pruned after FLEET_HISTORY_DAYS. */
export const fleetPositions = pgTable(
  'fleet_positions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => fleetVehicles.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    speedKmh: doublePrecision('speed_kmh'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('fleet_positions_vehicle_at_idx').on(t.vehicleId, t.at)],
);

/** A vehicle an app client does not show (every vehicle shows in an enabled app client unless hidden here). */
export const fleetHidden = pgTable(
  'fleet_hidden',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => fleetVehicles.id, { onDelete: 'cascade' }),
    appClientId: text('app_client_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.appClientId] })],
);
