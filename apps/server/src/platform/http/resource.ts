import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ErrorKey,
  IdParamSchema,
  isPermission,
  listResponseSchema,
  ObjectionableSchema,
  OkSchema,
  type PermissionKey,
} from '@spotlist/contracts';
import type { Db } from '../db/client.ts';
import { objectionableReports } from '../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import type { AccessRule, SessionUser } from './auth.ts';
import { listSql, readListQuery, type ListColumns } from './list-query.ts';

/** Who may use a generic call: anyone, a logged-in user, or a user holding the permission. */
export type ResourceAccess = AccessRule | PermissionKey;

/** Who may use each generic call; `false` leaves the call out. */
export interface ResourcePolicy {
  read: ResourceAccess | false;
  write: ResourceAccess | false;
  report: ResourceAccess | false;
}

type Row = Record<string, unknown>;

export interface ResourceOptions<Item extends z.ZodObject, Input extends z.ZodTypeAny> {
  /** The collection path, ending in '/': '/api/securityrole/'. */
  path: string;
  /** The name stored with objectionable reports. */
  name: string;
  table: PgTable & { id: PgColumn };
  item: Item;
  input: Input;
  policy: ResourcePolicy;
  /** The row as the API shows it; the request gives the caller's context (app-language). */
  toApi: (row: Row, req: FastifyRequest) => z.infer<Item>;
  toRow: (input: z.infer<Input>) => Row;
  defaults: () => Partial<z.infer<Item>>;
  list?: ListColumns;
  /** Rows belong to users: every query is limited to the caller's rows (ownership in the where). */
  ownerColumn?: PgColumn;
  /** Also answer the list at the collection path itself (GET /api/setting/). */
  listAtRoot?: boolean;
  tags?: string[];
  /**
   * Checks a write before it happens, inside its transaction (`before` is the row as stored; null
   * for an add): throws an AppError to refuse it (a built-in role, the last administrator).
   */
  guardWrite?: (tx: Db, op: 'add' | 'update' | 'delete', before: Row | null, after: Row | null, user: SessionUser) => Promise<void>;
}

/**
 * SPEC §7 generic resource calls: POST new, GET {id}, GET list, POST add, POST update/{id},
 * DELETE delete/{id}, POST objectionable/{id} — one factory, one access policy per resource.
 */
export function resource<Item extends z.ZodObject, Input extends z.ZodTypeAny>(
  app: FastifyInstance,
  db: Db,
  o: ResourceOptions<Item, Input>,
): void {
  // The zod validator and serializer are global. Handlers here are generic over the resource, so
  // each reads the validated request through this one shape.
  type Req = FastifyRequest & { params: { id: number }; body: z.infer<Input>; query: unknown; user: SessionUser | null };
  const tags = o.tags ?? [o.name];
  const own = (user: SessionUser | null): SQL[] => (o.ownerColumn ? [eq(o.ownerColumn, user!.id)] : []);
  const byId = (id: number, user: SessionUser | null) => and(eq(o.table.id, id), ...own(user));
  const ownerKey = o.ownerColumn ? Object.entries(getTableColumns(o.table)).find(([, c]) => c === o.ownerColumn)?.[0] : undefined;
  if (o.ownerColumn && !ownerKey) throw new Error(`${o.name}: the owner column is not a column of the table`);
  const notFound = () => new AppError(ErrorKey.notFound, 404);
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    access: ResourceAccess,
    schema: Record<string, unknown>,
    handler: (req: Req) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `${o.path}${url}`,
      schema: { ...schema, tags },
      config: isPermission(access) ? { auth: 'user', permission: access } : { auth: access },
      handler: (req) => handler(req as unknown as Req),
    });
  // writes that need a permission are an operator's: checked by guardWrite and audited with the
  // row before and after, in the write's transaction
  const audited = o.policy.write !== false && isPermission(o.policy.write);
  const write = (req: Req, op: 'add' | 'update' | 'delete', id: number | null, run: (tx: Db) => Promise<Row | null>): Promise<Row | null> =>
    db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const before =
        id === null ? null : (((await tx.select().from(o.table).where(byId(id, req.user)).limit(1))[0] as Row | undefined) ?? null);
      if (id !== null && !before) throw notFound();
      const after = await run(tx);
      if (o.guardWrite && req.user) await o.guardWrite(tx, op, before, after, req.user);
      if (audited && req.user) {
        await recordAudit(tx, req.user, {
          action: `${o.name}.${op}`,
          targetType: o.name,
          targetId: (after?.id ?? before?.id) as number,
          before: before && o.toApi(before, req),
          after: after && o.toApi(after, req),
        });
      }
      return after;
    });

  if (o.policy.write) {
    route('POST', 'new', o.policy.write, { response: { 200: o.item.partial() } }, async () => o.defaults());
  }

  if (o.policy.read) {
    const list = async (req: Req) => {
      const q = readListQuery(req.query);
      const { where, orderBy } = listSql(q, o.list ?? {});
      const cond = and(...own(req.user), ...where);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(o.table)
          .where(cond)
          .orderBy(...orderBy, o.table.id)
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize),
        db.select({ n: count() }).from(o.table).where(cond),
      ]);
      return { list: rows.map((row) => o.toApi(row as Row, req)), total: totals[0].n, pageIndex: q.pageIndex, pageSize: q.pageSize };
    };
    route('GET', 'list', o.policy.read, { response: { 200: listResponseSchema(o.item) } }, list);
    if (o.listAtRoot) route('GET', '', o.policy.read, { response: { 200: listResponseSchema(o.item) } }, list);

    route('GET', ':id', o.policy.read, { params: IdParamSchema, response: { 200: o.item } }, async (req) => {
      const rows = await db.select().from(o.table).where(byId(req.params.id, req.user)).limit(1);
      if (!rows[0]) throw notFound();
      return o.toApi(rows[0] as Row, req);
    });
  }

  if (o.policy.write) {
    route('POST', 'add', o.policy.write, { body: o.input, response: { 200: o.item } }, async (req) => {
      const values = { ...o.toRow(req.body), ...(ownerKey ? { [ownerKey]: req.user!.id } : {}) };
      const row = await write(req, 'add', null, async (tx) => (await tx.insert(o.table).values(values).returning())[0] as Row);
      return o.toApi(row!, req);
    });

    route('POST', 'update/:id', o.policy.write, { params: IdParamSchema, body: o.input, response: { 200: o.item } }, async (req) => {
      const row = await write(req, 'update', req.params.id, async (tx) => {
        const rows = await tx.update(o.table).set(o.toRow(req.body)).where(byId(req.params.id, req.user)).returning();
        return (rows[0] as Row | undefined) ?? null;
      });
      if (!row) throw notFound();
      return o.toApi(row, req);
    });

    route('DELETE', 'delete/:id', o.policy.write, { params: IdParamSchema, response: { 200: OkSchema } }, async (req) => {
      await write(req, 'delete', req.params.id, async (tx) => {
        await tx.delete(o.table).where(byId(req.params.id, req.user));
        return null;
      });
      return { ok: true };
    });
  }

  if (o.policy.report) {
    const reportable = o.policy.read === 'public' || !o.ownerColumn;
    route(
      'POST',
      'objectionable/:id',
      o.policy.report,
      { params: IdParamSchema, body: ObjectionableSchema.optional(), response: { 200: OkSchema } },
      async (req) => {
        // a report is about a row the reporter can see
        const cond = reportable ? eq(o.table.id, req.params.id) : byId(req.params.id, req.user);
        const rows = await db.select().from(o.table).where(cond).limit(1);
        const row = rows[0] as Row | undefined;
        if (!row) throw notFound();
        const body = req.body as { reason?: string } | undefined;
        await db.insert(objectionableReports).values({
          resource: o.name,
          resourceId: req.params.id,
          reporterId: req.user!.id,
          reason: body?.reason ?? '',
          // the content as it was, for the moderator (it may change or go before the decision)
          snapshot: o.toApi(row, req) as Record<string, unknown>,
          reportedUserId: ownerKey ? (row[ownerKey] as number | null) : null,
        });
        return { ok: true };
      },
    );
  }
}
