import { z } from 'zod';
import { FormError, text } from './common.ts';

/**
 * GPS fleet tracking (SPEC §1 GPS tracking, flag `gpstrackingactivated`; §3 "Webfleet vehicle GPS
 * settings: id and webFleetVehicleList"; §7 "Fleet tracking"; issue 21). Server: modules/fleet.
 *
 * App clients are the business's own apps that can show vehicles: its guest app (`guestapp`) and
 * each of its widgets (`widget-<id>`). `appClientIds` is a comma-separated list of them.
 *
 * - GET  /api/webfleetvehicle/tracking/get-gps-settings?appClientIds=  → GpsSettingsSchema
 * - POST /api/webfleetvehicle/tracking/update-gps-settings            GpsSettingsUpdateSchema → GpsSettingsSchema
 * - POST /api/webfleetvehicle/tracking/test-connection                GpsSettingsUpdateSchema → FleetConnectionTestSchema
 * - GET  /api/webfleetvehicle/tracking/all-list?appClientIds=         → FleetVehicleListSchema
 * - POST /api/webfleetvehicle/tracking/show-hide-vehicles?appClientIds=  ShowHideVehiclesSchema → FleetVehicleListSchema
 */

import {
  APP_CLIENT_ID,
  FLEET_DEFAULT_POLL_SECONDS,
  FLEET_HEALTH,
  FLEET_MAX_POLL_SECONDS,
  FLEET_PROVIDERS,
  FLEET_SHARE_HOURS,
  FLEET_SIMULATOR_MAX_VEHICLES,
  FLEET_SIMULATOR_DEFAULT_VEHICLES,
  FLEET_STATUSES,
} from './fleet-constants.ts';

export const AppClientIdSchema = z.string().regex(APP_CLIENT_ID, { error: FormError.pattern });

/** `?appClientIds=guestapp,widget-4` (none: all of the business's). */
export const AppClientIdsQuerySchema = z.object({
  appClientIds: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      const ids = (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      for (const id of ids)
        if (!APP_CLIENT_ID.test(id)) ctx.addIssue({ code: 'custom', message: FormError.pattern, path: ['appClientIds'] });
      return [...new Set(ids)];
    }),
});

const secret = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: FormError.required });

/** Credentials per provider; written, never read back. */
export const FleetCredentialsSchema = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('webfleet'),
    account: secret(100),
    username: secret(100),
    password: secret(200),
    apiKey: secret(200),
  }),
  z.strictObject({
    provider: z.literal('traccar'),
    /** The Traccar server (https://…): not a secret, shown again. */
    baseUrl: z.url({ protocol: /^https?$/, error: FormError.pattern }).max(500),
    token: secret(500).optional(),
    email: secret(200).optional(),
    password: secret(200).optional(),
  }),
  z.strictObject({ provider: z.literal('simulator') }),
]);
export type FleetCredentials = z.infer<typeof FleetCredentialsSchema>;

export const GpsSettingsUpdateSchema = z.strictObject({
  provider: z.enum(FLEET_PROVIDERS, { error: FormError.invalid }),
  /** New credentials; left out: the stored ones stay (a form never shows them). */
  credentials: FleetCredentialsSchema.optional(),
  pollSeconds: z
    .number({ error: FormError.number })
    .int({ error: FormError.integer })
    .max(FLEET_MAX_POLL_SECONDS, { error: FormError.max })
    .default(FLEET_DEFAULT_POLL_SECONDS),
  /** The app clients that show vehicles at all. */
  appClientIds: z.array(AppClientIdSchema).max(200).default([]),
  /** The simulator's fleet size (other providers: ignored). */
  simulatorVehicles: z
    .number({ error: FormError.number })
    .int({ error: FormError.integer })
    .min(1, { error: FormError.max })
    .max(FLEET_SIMULATOR_MAX_VEHICLES, { error: FormError.max })
    .default(FLEET_SIMULATOR_DEFAULT_VEHICLES),
});
export type GpsSettingsUpdate = z.input<typeof GpsSettingsUpdateSchema>;

export const FleetVehicleSchema = z.object({
  id: z.number().int(),
  /** The provider's id (Webfleet objectuid, Traccar device id, sim-N). */
  providerVehicleId: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  speedKmh: z.number().nullable(),
  course: z.number().nullable(),
  ignition: z.boolean().nullable(),
  positionAt: z.string(),
  text: z.string().nullable(),
  status: z.enum(FLEET_STATUSES),
  /** The mean speed over the last FLEET_RECENT_MINUTES, stops included (km/h). */
  recentKmh: z.number().nullable(),
  /** The last FLEET_RECENT_MINUTES of positions, oldest first, [latitude, longitude]. */
  trail: z.array(z.tuple([z.number(), z.number()])),
  /** The app clients (of those asked for) that show it. */
  shownIn: z.array(z.string()),
});
export type FleetVehicle = z.infer<typeof FleetVehicleSchema>;
export const FleetVehicleListSchema = z.object({ list: z.array(FleetVehicleSchema) });

export const GpsSettingsSchema = z.object({
  /** The settings' id; null before the first save. */
  id: z.number().int().nullable(),
  provider: z.enum(FLEET_PROVIDERS).nullable(),
  pollSeconds: z.number().int(),
  appClientIds: z.array(z.string()),
  /** Whether credentials are stored (never what they are). */
  credentialsSet: z.boolean(),
  /** Traccar's server address (not a secret). */
  baseUrl: z.string().nullable(),
  simulatorVehicles: z.number().int(),
  /** The business's app clients that could show vehicles: its guest app (name null) and its widgets. */
  appClients: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  health: z.object({
    status: z.enum(FLEET_HEALTH),
    lastPollAt: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    /** The last failure's key (error.fleet.credentials …), null after a success. */
    lastErrorKey: z.string().nullable(),
    failures: z.number().int(),
  }),
  webFleetVehicleList: z.array(FleetVehicleSchema),
});
export type GpsSettings = z.infer<typeof GpsSettingsSchema>;

export const FleetConnectionTestSchema = z.object({
  ok: z.boolean(),
  vehicles: z.number().int(),
  /** The failure's key when not ok. */
  key: z.string().nullable(),
});

export const ShowHideVehiclesSchema = z.strictObject({
  vehicles: z
    .array(z.strictObject({ id: z.number().int().positive().max(2_147_483_647), shown: z.boolean() }))
    .min(1)
    .max(500),
});

const LiveVehicleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  speedKmh: z.number().nullable(),
  course: z.number().nullable(),
  positionAt: z.string(),
  status: z.enum(FLEET_STATUSES),
  recentKmh: z.number().nullable(),
  trail: z.array(z.tuple([z.number(), z.number()])).optional(),
});

/**
 * "Where is my shuttle?" (guest app, widget, shared link): the vehicles that app client shows, the
 * business's stops (its locations) to measure to, and a token for the live view over /api/ws
 * (`{ type: 'auth', view }`) that ends at `viewUntil`. `available: false` (nothing else): that app
 * client shows no vehicles.
 *
 * - GET  /api/public/fleet/guest-app/{publicId}     → PublicFleetSchema
 * - GET  /api/public/fleet/widget/{publicId}        → PublicFleetSchema
 * - POST /api/public/fleet/guest-app/{publicId}/share, …/widget/{publicId}/share  FleetShareRequestSchema → FleetShareSchema
 * - GET  /api/public/fleet/shared/{token}          → PublicFleetSchema (410 error.fleet.expired)
 */
export const PublicFleetSchema = z.object({
  available: z.boolean(),
  businessName: z.string().optional(),
  vehicles: z.array(LiveVehicleSchema).optional(),
  stops: z.array(z.object({ name: z.string(), latitude: z.number(), longitude: z.number() })).optional(),
  /** Seconds between the provider's updates (a view without the socket reads again this often). */
  pollSeconds: z.number().int().optional(),
  view: z.string().optional(),
  viewUntil: z.string().optional(),
});
export type PublicFleet = z.infer<typeof PublicFleetSchema>;

export const FleetShareRequestSchema = z.strictObject({
  hours: z.union(FLEET_SHARE_HOURS.map((h) => z.literal(h)) as [z.ZodLiteral<1>, z.ZodLiteral<4>, z.ZodLiteral<24>], {
    error: FormError.invalid,
  }),
});
export const FleetShareSchema = z.object({
  /** The page for people without the app: `/shuttle/{token}`. */
  url: z.string(),
  expiresAt: z.string(),
});
export const FleetShareTokenParamsSchema = z.object({ token: z.string().min(20).max(400) });
