import { z } from 'zod';
import { DocumentSchema } from './documents.ts';
import { PushSettingsSchema } from './push.ts';
import { SettingSchema } from './settings.ts';
import { UserLanguageSchema } from './user-languages.ts';
import { UserSchema } from './user.ts';

/**
 * GET /api/myprofile/export (GDPR art. 15/20): everything the account owns, as one JSON file.
 * Never password hashes, token hashes or tokens: sessions and mail tokens appear by their dates.
 */
export const ProfileExportSchema = z.object({
  format: z.literal('spotlist-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({ createdAt: z.string(), updatedAt: z.string() }),
  /** The profile as GET /api/myprofile answers it (includes locationList for businesses). */
  user: UserSchema,
  settings: z.array(SettingSchema),
  languages: z.array(UserLanguageSchema),
  securityRoles: z.array(z.object({ key: z.string(), name: z.string(), permissions: z.array(z.string()) })),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      accessExpiresAt: z.string(),
      refreshExpiresAt: z.string(),
      rotatedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  mailTokens: z.array(z.object({ purpose: z.string(), createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() })),
  reports: z.array(z.object({ resource: z.string(), resourceId: z.number().int(), reason: z.string(), createdAt: z.string() })),
  /** The user's lists (likes lists included) with their items in order. */
  lists: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      name: z.string(),
      description: z.string(),
      visibility: z.number().int(),
      createdAt: z.string(),
      items: z.array(
        z.object({
          placeId: z.number().int(),
          name: z.string(),
          latitude: z.number().nullable(),
          longitude: z.number().nullable(),
          note: z.string(),
        }),
      ),
    }),
  ),
  /** Places the user added to the catalogue (or imported). */
  places: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      visibility: z.number().int(),
      source: z.string(),
      createdAt: z.string(),
    }),
  ),
  /**
   * The conversations the user is in, with the other members and the messages the user wrote
   * there (their own words; the others' messages are the others' data). Cards and attachments by id.
   */
  conversations: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      title: z.string().nullable(),
      category: z.string(),
      joinedAt: z.string(),
      members: z.array(z.object({ userId: z.number().int(), nickname: z.string() })),
      messages: z.array(
        z.object({
          seq: z.number().int(),
          text: z.string(),
          placeId: z.number().int().nullable(),
          listId: z.number().int().nullable(),
          documentId: z.number().int().nullable(),
          meetingId: z.number().int().nullable(),
          createdAt: z.string(),
          editedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The user's documents (uploads): what they are and where, not their bytes. */
  documents: z.array(DocumentSchema),
  /** The moderators' notices to the user, with the user's appeal. */
  notices: z.array(z.object({ kind: z.string(), reason: z.string(), createdAt: z.string(), appeal: z.string().nullable() })),
  /** List queries the user saved under a name (the console's saved filters). */
  savedFilters: z.array(z.object({ view: z.string(), name: z.string(), query: z.record(z.string(), z.string()), createdAt: z.string() })),
  /** The user's relations to others (match, no, friend, follow, block) as user id and nickname. */
  relations: z
    .array(
      z.object({
        type: z.string(),
        category: z.number().int().nullable(),
        userId: z.number().int(),
        nickname: z.string(),
        createdAt: z.string(),
      }),
    )
    .default([]),
  /** The user's groups of friends, with the members' nicknames. */
  groups: z.array(z.object({ name: z.string(), members: z.array(z.string()), createdAt: z.string() })).default([]),
  /** The user's push devices (platform, install id, label, dates; the token itself is left out) and push settings. */
  push: z
    .object({
      devices: z.array(
        z.object({
          platform: z.string(),
          deviceId: z.string(),
          label: z.string().nullable(),
          createdAt: z.string(),
          lastUsedAt: z.string().nullable(),
        }),
      ),
      settings: PushSettingsSchema.nullable(),
    })
    .default({ devices: [], settings: null }),
  /**
   * The AI assistant's use: one row per completion (model, tokens, time; prompts and answers are
   * never kept) and the "Translate to all languages" runs with each language's state.
   */
  ai: z
    .object({
      usage: z.array(
        z.object({
          model: z.string(),
          status: z.string(),
          promptTokens: z.number().int(),
          completionTokens: z.number().int(),
          durationMs: z.number().int().nullable(),
          createdAt: z.string(),
        }),
      ),
      translations: z.array(
        z.object({
          kind: z.string(),
          targetId: z.number().int(),
          from: z.string(),
          languages: z.array(z.object({ language: z.string(), status: z.string() })),
          createdAt: z.string(),
        }),
      ),
    })
    .default({ usage: [], translations: [] }),
  /**
   * GPS fleet tracking: the settings (never the credentials: only whether some are stored), each
   * vehicle with its last position and where it is hidden, and how many positions of the last
   * FLEET_HISTORY_DAYS are kept (the trail itself is the provider's telemetry, not listed).
   */
  fleet: z
    .object({
      settings: z
        .object({
          provider: z.string(),
          pollSeconds: z.number().int(),
          appClientIds: z.array(z.string()),
          baseUrl: z.string().nullable(),
          simulatorVehicles: z.number().int(),
          credentialsSet: z.boolean(),
          createdAt: z.string(),
        })
        .nullable(),
      vehicles: z.array(
        z.object({
          providerVehicleId: z.string(),
          name: z.string(),
          latitude: z.number(),
          longitude: z.number(),
          positionAt: z.string(),
          hiddenIn: z.array(z.string()),
          positionsKept: z.number().int(),
        }),
      ),
    })
    .default({ settings: null, vehicles: [] }),
  /** External accounts: each connection without its tokens (only whether some are stored). */
  externalAccounts: z
    .array(
      z.object({
        provider: z.string(),
        externalaccountcategoryId: z.number().int(),
        subject: z.string(),
        email: z.string().nullable(),
        displayName: z.string().nullable(),
        scopes: z.array(z.string()),
        status: z.string(),
        hotelIds: z.array(z.string()),
        additionalInfo: z.record(z.string(), z.unknown()),
        createdAt: z.string(),
        tokensStored: z.boolean(),
      }),
    )
    .default([]),
});
export type ProfileExport = z.infer<typeof ProfileExportSchema>;
