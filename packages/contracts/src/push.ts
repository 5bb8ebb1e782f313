import { z } from 'zod';
import { FormError } from './common.ts';

/**
 * Push notifications (SPEC §1 messaging with push, §3 push device, §4 push token lifecycle, §7
 * /api/pushdevice/ and the logout body). A push device is one user's registration of one
 * browser or app install: `token` is the Web Push subscription as JSON (platform `web`) or the
 * FCM registration token (platforms `ios` and `android`); `deviceId` names the install (the same
 * install logging in as another user moves the record).
 */
export const PUSH_PLATFORMS = ['web', 'ios', 'android'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** Longest token accepted: a Web Push subscription JSON is ~500 characters, an FCM token ~200. */
export const PUSH_TOKEN_MAX = 4096;
export const PUSH_DEVICE_ID_MAX = 200;

/** What a notice is about; each can be switched off in the settings. */
export const PUSH_KINDS = ['message', 'match', 'followRequest', 'meeting', 'guestReply'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** During quiet hours a notice is either delivered without sound and vibration, or held until they end. */
export const QUIET_HOURS_MODES = ['silent', 'hold'] as const;
export type QuietHoursMode = (typeof QUIET_HOURS_MODES)[number];

/** The subscription the browser's PushManager gives (PushSubscription.toJSON()). */
export const WebPushSubscriptionSchema = z.object({
  endpoint: z.string().url({ error: FormError.pattern }).max(2048, { error: FormError.maxlength }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1, { error: FormError.required }).max(200, { error: FormError.maxlength }),
    auth: z.string().min(1, { error: FormError.required }).max(100, { error: FormError.maxlength }),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

/** POST /api/pushdevice/ (create; answers the device, 201, or the existing one, 200). */
export const PushDeviceInputSchema = z.object({
  token: z.string({ error: FormError.required }).min(1, { error: FormError.required }).max(PUSH_TOKEN_MAX, { error: FormError.maxlength }),
  platform: z.enum(PUSH_PLATFORMS, { error: FormError.pattern }),
  deviceId: z
    .string({ error: FormError.required })
    .min(1, { error: FormError.required })
    .max(PUSH_DEVICE_ID_MAX, { error: FormError.maxlength }),
  /** What the browser or app calls itself, shown in the device list ("Chrome on Android"). */
  label: z.string().max(100, { error: FormError.maxlength }).optional(),
});
export type PushDeviceInput = z.infer<typeof PushDeviceInputSchema>;

/** A stored device as its owner sees it (SPEC §3: the token record has a user object with an id). */
export const PushDeviceViewSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  platform: z.enum(PUSH_PLATFORMS),
  deviceId: z.string(),
  label: z.string().nullable(),
  user: z.object({ id: z.number().int() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushDeviceView = z.infer<typeof PushDeviceViewSchema>;

/** "HH:MM", 00:00–23:59. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: FormError.pattern });

/** GET /api/pushsettings, POST /api/pushsettings/update (the whole object). */
export const PushSettingsSchema = z.object({
  /** Every kind is on unless switched off. */
  kinds: z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>),
  /** A message notice says only who wrote, never what. */
  hideMessageText: z.boolean(),
  /** null: no quiet hours. Start and end in the user's time zone; end before start spans midnight. */
  quietHours: z.object({ start: clock, end: clock, mode: z.enum(QUIET_HOURS_MODES) }).nullable(),
  /** IANA time zone of the quiet hours (the browser's, sent by the settings page). */
  timeZone: z.string().min(1).max(64),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** GET /api/pushconfig (public): what a client needs to subscribe. */
export const PushConfigSchema = z.object({
  /** The VAPID public key (base64url) for PushManager.subscribe's applicationServerKey. */
  webPushPublicKey: z.string(),
  /** Whether the app's devices can be delivered to, per platform: Android through FCM, iOS through APNs (each configured or not). */
  nativeDelivery: z.object({ android: z.boolean(), ios: z.boolean() }),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;

/**
 * The payload of a Web Push message (encrypted for the device) and the data of an FCM message:
 * the service worker and the native app show `title` and `body` and open `url` on a click.
 */
export const PushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS).or(z.literal('test')),
  title: z.string(),
  body: z.string(),
  /** App path to open: /messages/12, /people/connections, … */
  url: z.string(),
  /** A newer notice with the same tag replaces the older one (one per conversation). */
  tag: z.string(),
  /** Quiet hours in "silent" mode. */
  silent: z.boolean(),
  /** Messages folded into this notice (a burst in one conversation shows as one, "3 new messages"). */
  count: z.number().int().positive(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** POST /api/pushdevice/test: a test notice to all my devices, or to the one named. */
export const PushTestSchema = z.object({ id: z.number().int().positive().max(2_147_483_647).optional() });
export type PushTest = z.infer<typeof PushTestSchema>;

/** What POST /api/pushdevice/test queued: one delivery per device. */
export const PushTestResultSchema = z.object({ queued: z.number().int() });
export type PushTestResult = z.infer<typeof PushTestResultSchema>;

/** The settings a user has before changing any (every kind on, text shown, no quiet hours). */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  kinds: { message: true, match: true, followRequest: true, meeting: true, guestReply: true },
  hideMessageText: false,
  quietHours: null,
  timeZone: 'Europe/Berlin',
};
