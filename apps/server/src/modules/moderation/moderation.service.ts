import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorKey,
  REPORT_FILTERS,
  REPORT_STATUSES,
  type AppealDecisionInput,
  type Notice,
  type NoticeKind,
  type NoticeList,
  type Report,
  type ReportDecisionInput,
  type ReportList,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { lists, objectionableReports, places, userNotices, users, widgets } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit/audit.ts';
import { checkFilters, enumListFilter, readListQuery } from '../../platform/http/list-query.ts';

const notFound = () => new AppError(ErrorKey.notFound, 404);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;

/**
 * What a moderator can do to reported content, per resource: whether it still exists and whether it
 * is hidden; hiding and showing again for content that can be hidden. Content of other resources
 * (a widget, a role) is judged by its owner only: warn or suspend.
 */
interface ContentTarget {
  state(tx: Db, ids: number[]): Promise<Map<number, 'shown' | 'hidden'>>;
  setHidden?(tx: Db, id: number, hidden: boolean): Promise<void>;
}
const hideable = (table: typeof places | typeof lists | typeof widgets): ContentTarget => ({
  async state(tx, ids) {
    if (ids.length === 0) return new Map();
    const rows = await tx.select({ id: table.id, hiddenAt: table.hiddenAt }).from(table).where(inArray(table.id, ids));
    return new Map(rows.map((r) => [r.id, r.hiddenAt ? 'hidden' : 'shown']));
  },
  async setHidden(tx, id, hidden) {
    await tx
      .update(table)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(table.id, id));
  },
});
const TARGETS: Record<string, ContentTarget> = {
  place: hideable(places),
  list: hideable(lists),
  widget: hideable(widgets),
  user: {
    async state(tx, ids) {
      if (ids.length === 0) return new Map();
      const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, 'shown']));
    },
  },
};
const targetOf = (resource: string): ContentTarget | undefined => TARGETS[resource];

const reporter = aliasedTable(users, 'reporter');
const reported = aliasedTable(users, 'reported');
const decider = aliasedTable(users, 'decider');
const appealDecider = aliasedTable(users, 'appeal_decider');
const person = (t: typeof users) => ({ id: t.id, nickname: t.nickname, email: t.email });

/** The title a notice shows for the reported content: its name when reported. */
const titleOf = (snapshot: Record<string, unknown>): string => {
  for (const k of ['name', 'nickname', 'title']) if (typeof snapshot[k] === 'string' && snapshot[k]) return snapshot[k] as string;
  return '';
};

/**
 * The reports queue and its decisions (modules/moderation README): dismiss, hide, warn, suspend;
 * the reported user's notice and one appeal; the appeal's decision. Each decision is one
 * transaction with its notice and its audit entry.
 */
export function moderationService(db: Db, mailNotice: (noticeId: number) => Promise<unknown> = async () => undefined) {
  const select = (d: Db = db) =>
    d
      .select({
        r: objectionableReports,
        reporter: person(reporter),
        reported: person(reported),
        decider: person(decider),
        appealDecider: person(appealDecider),
        sameContentOpen: sql<number>`(select count(*)::int from ${objectionableReports} o
          where o.resource = ${objectionableReports.resource} and o.resource_id = ${objectionableReports.resourceId}
            and o.id <> ${objectionableReports.id} and o.status = 'open')`,
      })
      .from(objectionableReports)
      .leftJoin(reporter, eq(reporter.id, objectionableReports.reporterId))
      .leftJoin(reported, eq(reported.id, objectionableReports.reportedUserId))
      .leftJoin(decider, eq(decider.id, objectionableReports.decidedBy))
      .leftJoin(appealDecider, eq(appealDecider.id, objectionableReports.appealDecidedBy));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

  const nullPerson = (p: { id: number; nickname: string; email: string } | null) => p && { id: p.id, nickname: p.nickname, email: p.email };

  /** The rows as the console shows them, with the content's state now. */
  const toReports = async (tx: Db, rows: Row[]): Promise<Report[]> => {
    const byResource = new Map<string, number[]>();
    for (const { r } of rows) byResource.set(r.resource, [...(byResource.get(r.resource) ?? []), r.resourceId]);
    const states = new Map<string, Map<number, 'shown' | 'hidden'>>();
    for (const [resource, ids] of byResource) states.set(resource, (await targetOf(resource)?.state(tx, ids)) ?? new Map());
    return rows.map(({ r, ...p }) => ({
      id: r.id,
      resource: r.resource,
      resourceId: r.resourceId,
      reason: r.reason,
      reporter: nullPerson(p.reporter),
      reportedUser: nullPerson(p.reported),
      snapshot: r.snapshot,
      content: states.get(r.resource)?.get(r.resourceId) ?? 'deleted',
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      action: r.action,
      decisionReason: r.decisionReason,
      decidedBy: nullPerson(p.decider),
      decidedAt: iso(r.decidedAt),
      suspendedUntil: iso(r.suspendedUntil),
      appeal: r.appealText
        ? {
            text: r.appealText,
            createdAt: iso(r.appealedAt)!,
            outcome: r.appealOutcome,
            note: r.appealNote,
            decidedBy: nullPerson(p.appealDecider),
            decidedAt: iso(r.appealDecidedAt),
          }
        : null,
      sameContentOpen: p.sameContentOpen,
    }));
  };

  const one = async (tx: Db, id: number): Promise<Report> => {
    const rows = await select(tx).where(eq(objectionableReports.id, id));
    if (!rows[0]) throw notFound();
    return (await toReports(tx, rows))[0];
  };

  /** Locks the report's row for the decision (two moderators deciding at once: the second gets 409). */
  const lockReport = async (tx: Db, id: number) => {
    const [r] = await tx.select().from(objectionableReports).where(eq(objectionableReports.id, id)).for('update');
    if (!r) throw notFound();
    return r;
  };

  /** Writes the notice (inside the decision's transaction); answers its id for the mail sent after the commit. */
  const notify = async (tx: Db, userId: number | null, reportId: number, kind: NoticeKind, reason: string): Promise<number | null> => {
    if (userId === null) return null;
    const [n] = await tx.insert(userNotices).values({ userId, reportId, kind, reason }).returning({ id: userNotices.id });
    return n.id;
  };
  /** After the commit: the notice goes out by mail too (a job; its failure does not undo the decision). */
  const mailAfter = async ({ report, noticeId }: { report: Report; noticeId: number | null }): Promise<Report> => {
    if (noticeId !== null) await mailNotice(noticeId);
    return report;
  };

  return {
    /** GET /api/admin/report/list: f.status (default open and appealed), f.resource; the oldest waiting first. */
    async queue(query: unknown): Promise<ReportList> {
      const q = readListQuery(query);
      checkFilters(q, REPORT_FILTERS);
      const statuses = enumListFilter(q, 'status', REPORT_STATUSES) ?? ['open', 'appealed'];
      const where: SQL[] = [inArray(objectionableReports.status, statuses)];
      if (q.filters.resource) where.push(eq(objectionableReports.resource, q.filters.resource));
      const cond = and(...where);
      // what waits longest comes first: an appeal waits since it was sent
      const waitingSince = sql`coalesce(${objectionableReports.appealedAt}, ${objectionableReports.createdAt})`;
      const closedLast = statuses.includes('closed') ? [desc(sql`${objectionableReports.status} <> 'closed'`)] : [];
      const [rows, [{ n }]] = await Promise.all([
        select()
          .where(cond)
          .orderBy(...closedLast, asc(waitingSince), asc(objectionableReports.id))
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize),
        db.select({ n: count() }).from(objectionableReports).where(cond),
      ]);
      return { list: await toReports(db, rows), total: n, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    /** GET /api/admin/report/{id}. */
    report: (id: number) => one(db, id),

    /**
     * POST /api/admin/report/{id}/decide. Hiding also closes the other open reports of the same
     * content (one notice for all); a suspension needs the content's owner; content deleted since
     * the report cannot be hidden (409).
     */
    async decide(id: number, input: ReportDecisionInput, actor: AuditActor): Promise<Report> {
      const decided = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const r = await lockReport(tx, id);
        if (r.status !== 'open') throw new AppError(ErrorKey.moderationDecided, 409);
        const target = targetOf(r.resource);
        const state = (await target?.state(tx, [r.resourceId]))?.get(r.resourceId);
        const now = new Date();
        const reason = input.reason ?? '';
        let suspendedUntil: Date | null = null;
        let alsoClosed: number[] = [];
        if (input.action === 'hide') {
          if (!target?.setHidden) throw new AppError(ErrorKey.moderationAction, 400);
          if (!state) throw new AppError(ErrorKey.moderationContentGone, 409);
          await target.setHidden(tx, r.resourceId, true);
          const others = await tx
            .update(objectionableReports)
            .set({ status: 'closed', action: 'hide', decisionReason: reason, decidedBy: actor.id, decidedAt: now })
            .where(
              and(
                eq(objectionableReports.resource, r.resource),
                eq(objectionableReports.resourceId, r.resourceId),
                eq(objectionableReports.status, 'open'),
                ne(objectionableReports.id, id),
              ),
            )
            .returning({ id: objectionableReports.id });
          alsoClosed = others.map((o) => o.id);
        } else if (input.action === 'warn' || input.action === 'suspend') {
          if (r.reportedUserId === null) throw new AppError(ErrorKey.moderationContentGone, 409);
          if (input.action === 'suspend') {
            suspendedUntil = new Date(now.getTime() + input.days! * DAY_MS);
            await tx.update(users).set({ suspendedUntil }).where(eq(users.id, r.reportedUserId));
          }
        }
        await tx
          .update(objectionableReports)
          .set({
            status: 'closed',
            action: input.action,
            decisionReason: reason || null,
            decidedBy: actor.id,
            decidedAt: now,
            suspendedUntil,
          })
          .where(eq(objectionableReports.id, id));
        const kind: NoticeKind | null =
          input.action === 'hide' ? 'hidden' : input.action === 'warn' ? 'warned' : input.action === 'suspend' ? 'suspended' : null;
        const noticeId = kind ? await notify(tx, r.reportedUserId, id, kind, reason) : null;
        await recordAudit(tx, actor, {
          action: 'report.decide',
          targetType: r.resource,
          targetId: r.resourceId,
          before: { report: id, status: r.status, content: state ?? 'deleted' },
          after: { report: id, action: input.action, reason: reason || null, suspendedUntil: iso(suspendedUntil), alsoClosed },
        });
        return { report: await one(tx, id), noticeId };
      });
      return mailAfter(decided);
    },

    /** POST /api/admin/report/{id}/appeal: upheld, or reverted (the content shown again, the suspension lifted). */
    async decideAppeal(id: number, input: AppealDecisionInput, actor: AuditActor): Promise<Report> {
      const decided = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const r = await lockReport(tx, id);
        if (r.status !== 'appealed') throw new AppError(ErrorKey.moderationDecided, 409);
        const now = new Date();
        if (input.outcome === 'reverted') {
          if (r.action === 'hide') {
            const target = targetOf(r.resource);
            const state = (await target?.state(tx, [r.resourceId]))?.get(r.resourceId);
            if (!state) throw new AppError(ErrorKey.moderationContentGone, 409);
            await target!.setHidden!(tx, r.resourceId, false);
          } else if (r.action === 'suspend' && r.reportedUserId !== null) {
            // lifted unless a later decision suspended the account for longer
            await tx
              .update(users)
              .set({ suspendedUntil: null })
              .where(and(eq(users.id, r.reportedUserId), sql`${users.suspendedUntil} <= ${r.suspendedUntil}`));
          }
        }
        await tx
          .update(objectionableReports)
          .set({ status: 'closed', appealOutcome: input.outcome, appealNote: input.note, appealDecidedBy: actor.id, appealDecidedAt: now })
          .where(eq(objectionableReports.id, id));
        const noticeId = await notify(
          tx,
          r.reportedUserId,
          id,
          input.outcome === 'reverted' ? 'appeal.reverted' : 'appeal.upheld',
          input.note,
        );
        await recordAudit(tx, actor, {
          action: 'report.appeal',
          targetType: r.resource,
          targetId: r.resourceId,
          before: { report: id, action: r.action, status: r.status },
          after: { report: id, outcome: input.outcome, note: input.note },
        });
        return { report: await one(tx, id), noticeId };
      });
      return mailAfter(decided);
    },

    /**
     * POST /api/user/objectionable/{id}: a report about an account (its nickname, description,
     * homepage, as they are now). Oneself is not reported (400); an unknown account is a 404.
     */
    async reportUser(userId: number, reporterId: number, reason: string): Promise<void> {
      if (userId === reporterId) throw new AppError(ErrorKey.validation, 400, [{ path: 'params.id', key: 'FORM.ERROR.INVALID' }]);
      const [u] = await db
        .select({ nickname: users.nickname, description: users.description, homepageUrl: users.homepageUrl })
        .from(users)
        .where(eq(users.id, userId));
      if (!u) throw notFound();
      await db
        .insert(objectionableReports)
        .values({ resource: 'user', resourceId: userId, reporterId, reason, reportedUserId: userId, snapshot: u });
    },

    /**
     * POST /api/widget/objectionable/{id}: a report about a business's widget (public by nature:
     * it is embedded on websites), with its name and texts as they are now.
     */
    async reportWidget(widgetId: number, reporterId: number, reason: string): Promise<void> {
      const [w] = await db
        .select({ ownerId: widgets.ownerId, name: widgets.name, texts: widgets.texts })
        .from(widgets)
        .where(eq(widgets.id, widgetId));
      if (!w) throw notFound();
      const texts = Object.values(w.texts ?? {})[0] as { title?: string; intro?: string } | undefined;
      await db.insert(objectionableReports).values({
        resource: 'widget',
        resourceId: widgetId,
        reporterId,
        reason,
        reportedUserId: w.ownerId,
        snapshot: { name: w.name, ...(texts?.title ? { title: texts.title } : {}), ...(texts?.intro ? { description: texts.intro } : {}) },
      });
    },

    /** GET /api/notice/list: the user's notices, newest first, with their appeals. */
    async notices(userId: number): Promise<NoticeList> {
      const rows = await db
        .select({ n: userNotices, r: objectionableReports })
        .from(userNotices)
        .innerJoin(objectionableReports, eq(objectionableReports.id, userNotices.reportId))
        .where(eq(userNotices.userId, userId))
        .orderBy(desc(userNotices.createdAt), desc(userNotices.id))
        .limit(100);
      const list: Notice[] = rows.map(({ n, r }) => ({
        id: n.id,
        kind: n.kind,
        reason: n.reason,
        createdAt: n.createdAt.toISOString(),
        read: n.readAt !== null,
        resource: r.resource,
        resourceId: r.resourceId,
        title: titleOf(r.snapshot),
        suspendedUntil: n.kind === 'suspended' ? iso(r.suspendedUntil) : null,
        appeal: r.appealText ? { text: r.appealText, createdAt: iso(r.appealedAt)!, outcome: r.appealOutcome, note: r.appealNote } : null,
        appealable: !n.kind.startsWith('appeal.') && r.appealText === null && r.status === 'closed',
      }));
      return { list, unread: list.filter((n) => !n.read).length };
    },

    /** POST /api/notice/read: every notice of the user read. */
    async markRead(userId: number): Promise<void> {
      await db
        .update(userNotices)
        .set({ readAt: new Date() })
        .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
    },

    /** POST /api/notice/{id}/appeal: one appeal per decision; the report goes back to the queue. */
    async appeal(noticeId: number, text: string, userId: number): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [n] = await tx
          .select({ reportId: userNotices.reportId, kind: userNotices.kind })
          .from(userNotices)
          .where(and(eq(userNotices.id, noticeId), eq(userNotices.userId, userId)));
        if (!n) throw notFound();
        const r = await lockReport(tx, n.reportId);
        if (n.kind.startsWith('appeal.') || r.status !== 'closed' || r.appealText !== null || r.action === 'dismiss') {
          throw new AppError(ErrorKey.appealNotOpen, 409);
        }
        await tx
          .update(objectionableReports)
          .set({ status: 'appealed', appealText: text, appealedAt: new Date() })
          .where(eq(objectionableReports.id, r.id));
      });
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
