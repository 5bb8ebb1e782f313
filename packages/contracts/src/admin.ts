import { z } from 'zod';
import { requiredText } from './common.ts';
import { listResponseSchema } from './list-query.ts';
import { PERMISSIONS, type PermissionKey } from './permissions.ts';
import {
  APPEAL_OUTCOMES,
  MODERATION_ACTIONS,
  NOTICE_KINDS,
  REPORT_STATUSES,
  SUSPENSION_MAX_DAYS,
  INTEGRATIONS,
} from './admin-constants.ts';
import { UserFlagsSchema } from './user.ts';

const text = requiredText;

// ---- roles and reports (SPEC §3, §7; here, not in reference.ts: no page but the console's needs them) ----

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
  /** Only the permissions of contracts permissions.ts: anything else is a 400. */
  permissions: z
    .array(z.enum(PERMISSIONS as [PermissionKey, ...PermissionKey[]]))
    .max(PERMISSIONS.length)
    .refine((ps) => new Set(ps).size === ps.length, { error: 'FORM.ERROR.DUPLICATE' })
    .default([]),
});
export const UserSecurityRoleSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  securityRoleId: z.number().int(),
});
export const UserSecurityRoleInputSchema = z.object({
  userId: z.number().int().positive().max(2_147_483_647),
  securityRoleId: z.number().int().positive().max(2_147_483_647),
});

/** SPEC §7: POST objectionable/{id} (report content). */
export const ObjectionableSchema = z.object({
  reason: z
    .string()
    .max(2000)
    .refine((s) => !s.includes('\u0000'))
    .optional(),
});
export const ObjectionableReportSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  resourceId: z.number().int(),
  createdAt: z.string(),
});

// ---- users (the console's Users section) ------------------------------------------------------

export const AdminRoleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Seeded with the installation; its permissions follow the code and it cannot be changed. */
  builtIn: z.boolean(),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;
export const AdminRoleListSchema = z.object({ list: z.array(AdminRoleSchema) });

export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  accountType: z.number().int(),
  emailVerified: z.boolean(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  lockedAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  roles: z.array(AdminRoleSchema.pick({ id: true, key: true, name: true })),
  flags: UserFlagsSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = listResponseSchema(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const AdminSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** When its access token was last renewed. */
  renewedAt: z.string(),
  expiresAt: z.string(),
});
export const AdminUserDetailSchema = AdminUserSchema.extend({
  sessions: z.array(AdminSessionSchema),
  /** Reports about this user's content (any state). */
  reports: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserRolesInputSchema = z.object({
  roleIds: z.array(z.number().int().positive().max(2_147_483_647)).max(50),
});
export const AdminLockInputSchema = z.object({ reason: text(500).optional() });

// ---- moderation ---------------------------------------------------------------------------------

const PersonSchema = z.object({ id: z.number().int(), nickname: z.string(), email: z.string() }).nullable();

export const ReportSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  resourceId: z.number().int(),
  reason: z.string(),
  reporter: PersonSchema,
  reportedUser: PersonSchema,
  /** The content as it was when reported (name, description, …). */
  snapshot: z.record(z.string(), z.unknown()),
  /** The content now: shown, hidden by a moderator, or deleted. */
  content: z.enum(['shown', 'hidden', 'deleted']),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  decisionReason: z.string().nullable(),
  decidedBy: PersonSchema,
  decidedAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  appeal: z
    .object({
      text: z.string(),
      createdAt: z.string(),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      note: z.string().nullable(),
      decidedBy: PersonSchema,
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  /** Other reports about the same content that are still open. */
  sameContentOpen: z.number().int(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = listResponseSchema(ReportSchema);
export type ReportList = z.infer<typeof ReportListSchema>;

export const ReportDecisionInputSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    /** What the reported user reads (not asked for a dismissal). */
    reason: text(2000).optional(),
    /** Suspension length, with action suspend. */
    days: z.number().int().min(1).max(SUSPENSION_MAX_DAYS).optional(),
  })
  .refine((d) => d.action === 'dismiss' || d.reason !== undefined, { path: ['reason'], error: 'FORM.ERROR.REQUIRED' })
  .refine((d) => (d.action === 'suspend') === (d.days !== undefined), { path: ['days'], error: 'FORM.ERROR.REQUIRED' });
export type ReportDecisionInput = z.infer<typeof ReportDecisionInputSchema>;

export const AppealDecisionInputSchema = z.object({ outcome: z.enum(APPEAL_OUTCOMES), note: text(2000) });
export type AppealDecisionInput = z.infer<typeof AppealDecisionInputSchema>;

// ---- notices (the reported user's side) ---------------------------------------------------------

export const NoticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  reason: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  resource: z.string(),
  resourceId: z.number().int(),
  /** What the content was called when reported (a place's or list's name, a nickname). */
  title: z.string(),
  suspendedUntil: z.string().nullable(),
  /** The appeal of the notice's report: null while none was sent. */
  appeal: z
    .object({ text: z.string(), createdAt: z.string(), outcome: z.enum(APPEAL_OUTCOMES).nullable(), note: z.string().nullable() })
    .nullable(),
  /** Whether an appeal can still be sent (a decision other than a dismissal, not appealed yet). */
  appealable: z.boolean(),
});
export type Notice = z.infer<typeof NoticeSchema>;
export const NoticeListSchema = z.object({ list: z.array(NoticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof NoticeListSchema>;
export const AppealInputSchema = z.object({ text: text(2000) });

// ---- audit log ----------------------------------------------------------------------------------

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), email: z.string().nullable() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.enum(['done', 'refused']),
  errorKey: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = listResponseSchema(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;

// ---- jobs and integrations ----------------------------------------------------------------------

export const JobQueueSchema = z.object({
  name: z.string(),
  ready: z.number().int(),
  deferred: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  /** Spent every retry: kept 14 days for a retry from the console. */
  dead: z.number().int(),
});
export type JobQueueView = z.infer<typeof JobQueueSchema>;
export const JobQueueListSchema = z.object({ list: z.array(JobQueueSchema) });

export const DeadJobSchema = z.object({
  id: z.string(),
  /** What the last attempt failed with (a message, or the handler's output). */
  error: z.string(),
  attempts: z.number().int(),
  deadSince: z.string(),
});
export type DeadJob = z.infer<typeof DeadJobSchema>;
export const DeadJobListSchema = z.object({ list: z.array(DeadJobSchema) });
export const JobNameParamSchema = z.object({ name: z.string().regex(/^[a-z][a-z0-9.-]{0,99}$/) });

export const IntegrationSchema = z.object({
  name: z.enum(INTEGRATIONS),
  configured: z.boolean(),
  /** How it runs now: the provider when configured, the built-in fallback when not. */
  mode: z.string(),
  /** The job that carries its work, when it has one, with its spent runs. */
  job: z.object({ name: z.string(), dead: z.number().int(), lastError: z.string().nullable() }).nullable(),
});
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationListSchema = z.object({ list: z.array(IntegrationSchema) });

// ---- saved filters (SPEC §7: a list view's query saved under a name) ----------------------------

const FILTER_FIELD = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
export const SavedFilterSchema = z.object({
  id: z.number().int(),
  /** Which list view it belongs to: `console.users`, `console.reports`, `console.audit`. */
  view: z.string(),
  name: z.string(),
  /** The view's filters (f.* without the prefix). */
  query: z.record(z.string(), z.string()),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;
export const SavedFilterInputSchema = z.object({
  view: z.string().regex(/^[a-z][a-z0-9.-]{0,63}$/, { error: 'FORM.ERROR.PATTERN' }),
  name: requiredText(80),
  query: z
    .record(
      z.string().regex(FILTER_FIELD),
      z
        .string()
        .max(500)
        .refine((s) => !s.includes('\u0000')),
    )
    .refine((q) => Object.keys(q).length <= 20, { error: 'FORM.ERROR.MAXLENGTH' }),
});
