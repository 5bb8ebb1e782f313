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

export const FLEET_PROVIDERS = ['webfleet', 'traccar', 'simulator'] as const;
export type FleetProviderName = (typeof FLEET_PROVIDERS)[number];

/** The shortest polling interval per provider (s): WEBFLEET.connect allows 6 object reports a minute. */
export const FLEET_MIN_POLL_SECONDS: Record<FleetProviderName, number> = { webfleet: 10, traccar: 5, simulator: 5 };
export const FLEET_DEFAULT_POLL_SECONDS = 30;
export const FLEET_MAX_POLL_SECONDS = 3600;
/** A vehicle whose last position is older than this is offline. */
export const FLEET_OFFLINE_MINUTES = 10;
/** A vehicle faster than this (km/h) is moving. */
export const FLEET_MOVING_KMH = 3;
/** Positions kept per vehicle (days). */
export const FLEET_HISTORY_DAYS = 7;

/** `guestapp` or `widget-<id>`. */
export const APP_CLIENT_ID = /^(guestapp|widget-[1-9]\d{0,9})$/;
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
});
export type GpsSettingsUpdate = z.input<typeof GpsSettingsUpdateSchema>;

export const FLEET_STATUSES = ['moving', 'stopped', 'offline'] as const;
export const FLEET_HEALTH = ['waiting', 'ok', 'failing', 'paused'] as const;

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
