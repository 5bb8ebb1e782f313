import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_EXPORT_MAX, AUDIT_FILTERS, AuditListSchema, Permission, type AuditEntry } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { auditLog } from '../../platform/db/schema/index.ts';
import { checkFilters, queryParamError, readListQuery } from '../../platform/http/list-query.ts';
import { writeCsv } from '../../lib/csv.ts';

const tags = ['admin'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const likePattern = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}`;

/** The where of the list's filters (AUDIT_FILTERS); a malformed one is a 400 naming it. */
function filtersSql(filters: Record<string, string>): SQL | undefined {
  const where: SQL[] = [];
  const f = filters;
  if (f.action) where.push(sql`${auditLog.action} like ${likePattern(f.action) + '%'}`);
  if (f.actor) where.push(sql`lower(${auditLog.actorEmail}) like ${'%' + likePattern(f.actor.toLowerCase()) + '%'}`);
  if (f.targetType) where.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) where.push(eq(auditLog.targetId, f.targetId));
  if (f.outcome) {
    if (f.outcome !== 'done' && f.outcome !== 'refused') throw queryParamError('f.outcome');
    where.push(eq(auditLog.outcome, f.outcome));
  }
  for (const [key, op] of [
    ['from', gte],
    ['to', lt],
  ] as const) {
    const v = f[key];
    if (v === undefined) continue;
    if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw queryParamError(`f.${key}`);
    // `to` is inclusive: before the next day's start
    const day = new Date(`${v}T00:00:00Z`);
    if (key === 'to') day.setUTCDate(day.getUTCDate() + 1);
    where.push(op(auditLog.at, day));
  }
  return where.length > 0 ? and(...where) : undefined;
}

const toEntry = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { id: r.actorId, email: r.actorEmail },
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before,
  after: r.after,
  outcome: r.outcome,
  errorKey: r.errorKey,
});

/**
 * GET /api/admin/audit/list (newest first, SPEC §7 list query with AUDIT_FILTERS) and
 * GET /api/admin/audit/export (the same filters, CSV, the newest AUDIT_EXPORT_MAX entries).
 * The log is append-only: no route changes it, and the database refuses UPDATE and DELETE.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const query = z.record(z.string(), z.unknown());

  app.get(
    '/api/admin/audit/list',
    { schema: { querystring: query, response: { 200: AuditListSchema }, tags }, config: { permission: Permission.auditView } },
    async (req) => {
      const q = readListQuery(req.query);
      checkFilters(q, AUDIT_FILTERS);
      if (q.sort.length > 0) throw queryParamError('o.sort');
      const where = filtersSql(q.filters);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { list: rows.map(toEntry), total: n, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },
  );

  app.get(
    '/api/admin/audit/export',
    {
      schema: { querystring: query, description: 'A CSV download (text/csv) of the entries the filters select, newest first.', tags },
      config: { permission: Permission.auditView },
    },
    async (req, reply) => {
      const q = readListQuery(req.query);
      checkFilters(q, AUDIT_FILTERS);
      const rows = await db.select().from(auditLog).where(filtersSql(q.filters)).orderBy(desc(auditLog.id)).limit(AUDIT_EXPORT_MAX);
      const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
      const body = writeCsv([
        ['id', 'at', 'actor_id', 'actor_email', 'action', 'target_type', 'target_id', 'outcome', 'error_key', 'before', 'after'],
        ...rows.map((r) => [
          String(r.id),
          r.at.toISOString(),
          r.actorId === null ? '' : String(r.actorId),
          r.actorEmail ?? '',
          r.action,
          r.targetType,
          r.targetId ?? '',
          r.outcome,
          r.errorKey ?? '',
          json(r.before),
          json(r.after),
        ]),
      ]);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="spotlist-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .serializer((s: unknown) => s as string)
        .send(body);
    },
  );
};
