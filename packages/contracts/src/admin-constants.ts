import { USER_FLAGS } from './constants.ts';

/**
 * The console's and moderation's constants (modules/admin, modules/moderation), re-exported beside
 * admin.ts. No zod here, so the web app's console pages import them without pulling the schemas
 * into their chunks (and the zod parts those need into the chunks other pages share).
 */

/** The list's filters (SPEC §7 f.*): f.q searches e-mail, nickname and names; f.state is locked, suspended or active. */
export const ADMIN_USER_FILTERS = ['q', 'accountType', 'state'] as const;
export const ADMIN_USER_SORTS = ['createdAt', 'email', 'nickname'] as const;
export const ADMIN_USER_STATES = ['active', 'locked', 'suspended'] as const;
/** The flags an admin switches (SPEC §1), one switch each. */
export const ADMIN_FLAGS = USER_FLAGS;
export const REPORT_STATUSES = ['open', 'appealed', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const APPEAL_OUTCOMES = ['upheld', 'reverted'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const NOTICE_KINDS = ['hidden', 'warned', 'suspended', 'appeal.upheld', 'appeal.reverted'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** A report older than this is highlighted in the queue (Apple's guideline 1.2: act within 24 h). */
export const REPORT_DUE_HOURS = 24;
/** Suspensions last 1 day to 10 years. */
export const SUSPENSION_MAX_DAYS = 3650;
/** f.status (comma list of REPORT_STATUSES), f.resource; sorted oldest first. */
export const REPORT_FILTERS = ['status', 'resource'] as const;
/** f.action (prefix), f.actor (e-mail, part), f.targetType, f.targetId, f.outcome, f.from / f.to (yyyy-MM-dd). */
export const AUDIT_FILTERS = ['action', 'actor', 'targetType', 'targetId', 'outcome', 'from', 'to'] as const;
/** The CSV export holds at most this many entries (the newest). */
export const AUDIT_EXPORT_MAX = 50_000;
export const INTEGRATIONS = ['mail', 'storage', 'geocoder', 'pushWeb', 'pushAndroid', 'pushIos', 'ai'] as const;
/** A user keeps at most this many saved filters. */
export const SAVED_FILTERS_MAX = 100;
