import { z } from 'zod';

/** SPEC §3: industry; only hospitality has rooms. */
export const IndustrySchema = z.object({ id: z.number().int(), key: z.string(), hasrooms: z.boolean() });
export type Industry = z.infer<typeof IndustrySchema>;

/** SPEC §3: fallback industries, ids 1 to 10 (used when the list call fails or is empty). */
export const FALLBACK_INDUSTRIES: Industry[] = [
  { id: 1, key: 'hospitality', hasrooms: true },
  { id: 2, key: 'travel', hasrooms: false },
  { id: 3, key: 'tour', hasrooms: false },
  { id: 4, key: 'destination', hasrooms: false },
  { id: 5, key: 'mobility', hasrooms: false },
  { id: 6, key: 'media', hasrooms: false },
  { id: 7, key: 'event', hasrooms: false },
  { id: 8, key: 'publicfigure', hasrooms: false },
  { id: 9, key: 'nonprofit', hasrooms: false },
  { id: 10, key: 'other', hasrooms: false },
];

/** SPEC §7: GET /api/api/info. */
export const ApiInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  commit: z.string(),
  serverTime: z.string(),
});
export type ApiInfo = z.infer<typeof ApiInfoSchema>;

/** SPEC §3: security roles and the link from a user to a role. */
export const SecurityRoleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
});
export const SecurityRoleInputSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, { error: 'FORM.ERROR.PATTERN' }),
  name: z.string().min(1, { error: 'FORM.ERROR.REQUIRED' }).max(120, { error: 'FORM.ERROR.MAXLENGTH' }),
  permissions: z.array(z.string().regex(/^[a-z][a-z0-9_.:-]{0,63}$/)).max(100).default([]),
});
export const UserSecurityRoleSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  securityRoleId: z.number().int(),
});
export const UserSecurityRoleInputSchema = z.object({
  userId: z.number().int().positive(),
  securityRoleId: z.number().int().positive(),
});

/** SPEC §7: POST objectionable/{id} (report content). */
export const ObjectionableSchema = z.object({
  reason: z.string().max(2000).refine((s) => !s.includes('\u0000')).optional(),
});
export const ObjectionableReportSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  resourceId: z.number().int(),
  createdAt: z.string(),
});
