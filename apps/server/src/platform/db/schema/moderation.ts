import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AppealOutcome, ModerationAction, NoticeKind, ReportStatus } from '@spotlist/contracts';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';

/**
 * SPEC §7 POST objectionable/{id}: a report about any resource's row, with the content as it was
 * when reported (`snapshot`), whose content it is (`reportedUserId`), the moderator's decision and
 * the reported user's one appeal with its own decision (modules/moderation).
 */
export const objectionableReports = pgTable(
  'objectionable_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resource: text('resource').notNull(),
    resourceId: integer('resource_id').notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    action: text('action').$type<ModerationAction>(),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealOutcome: text('appeal_outcome').$type<AppealOutcome>(),
    appealNote: text('appeal_note'),
    appealDecidedBy: integer('appeal_decided_by').references(() => users.id, { onDelete: 'set null' }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('objectionable_reports_resource_idx').on(t.resource, t.resourceId),
    index('objectionable_reports_queue_idx').on(t.status, t.createdAt),
    index('objectionable_reports_reported_idx').on(t.reportedUserId),
    check('objectionable_reports_status_check', sql`${t.status} in ('open', 'appealed', 'closed')`),
    check('objectionable_reports_action_check', sql`${t.action} in ('dismiss', 'hide', 'warn', 'suspend')`),
    check('objectionable_reports_outcome_check', sql`${t.appealOutcome} in ('upheld', 'reverted')`),
  ],
);

/** What a moderator's decision tells the reported user: the reason, and where to appeal. */
export const userNotices = pgTable(
  'user_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => objectionableReports.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    reason: text('reason').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('user_notices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every admin and moderator action, and every refusal of one: append only (a trigger refuses
 * UPDATE and DELETE). The actor is named by id and e-mail as they were; no foreign key, so the
 * record outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    /** The actor's client, for a client admin's view of its own staff's actions. */
    clientId: integer('client_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    outcome: text('outcome').$type<'done' | 'refused'>().notNull(),
    errorKey: text('error_key'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
    check('audit_log_outcome_check', sql`${t.outcome} in ('done', 'refused')`),
  ],
);

/** SPEC §7: a list view's query a user saved under a name, reopened from the view. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    view: text('view').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('saved_filters_owner_view_name_idx').on(t.ownerId, t.view, sql`lower(${t.name})`)],
);
