import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeListQuery, ErrorKey, ListQueryError, type ListQuery } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';

/** Reads SPEC §7 list-query parameters; a malformed one is a 400 naming the parameter. */
export function readListQuery(query: unknown): ListQuery {
  try {
    return decodeListQuery((query ?? {}) as Record<string, unknown>);
  } catch (err) {
    if (err instanceof ListQueryError) {
      throw new AppError(ErrorKey.validation, 400, [{ path: `querystring.${err.param}`, key: 'FORM.ERROR.INVALID' }]);
    }
    throw err;
  }
}

export interface ListColumns {
  /** f.<name> → exact match (case-insensitive for text) on this column. */
  filters?: Record<string, PgColumn>;
  /** o.sort=<name> → order by this column. */
  sorts?: Record<string, PgColumn>;
}

/** Turns filters and sort into SQL, refusing fields the resource does not offer. */
export function listSql(q: ListQuery, cols: ListColumns): { where: SQL[]; orderBy: SQL[] } {
  const where: SQL[] = [];
  for (const [field, value] of Object.entries(q.filters)) {
    const col = cols.filters?.[field];
    if (!col) throw new AppError(ErrorKey.validation, 400, [{ path: `querystring.f.${field}`, key: 'FORM.ERROR.INVALID' }]);
    where.push(sql`lower(${col}::text) = lower(${value})`);
  }
  const orderBy = q.sort.map(({ field, desc: d }) => {
    const col = cols.sorts?.[field];
    if (!col) throw new AppError(ErrorKey.validation, 400, [{ path: 'querystring.o.sort', key: 'FORM.ERROR.INVALID' }]);
    return d ? desc(col) : asc(col);
  });
  return { where, orderBy };
}

/** A 400 naming one list-query parameter. */
export const queryParamError = (param: string): AppError =>
  new AppError(ErrorKey.validation, 400, [{ path: `querystring.${param}`, key: 'FORM.ERROR.INVALID' }]);

/** Refuses f.<name> filters outside `allowed` (routes that read their filters by hand). */
export function checkFilters(q: ListQuery, allowed: readonly string[]): void {
  for (const field of Object.keys(q.filters)) if (!allowed.includes(field)) throw queryParamError(`f.${field}`);
}

/** Refuses o.sort fields outside `allowed`. */
export function checkSort<T extends string>(q: ListQuery, allowed: readonly T[]): { field: T; desc: boolean }[] {
  for (const s of q.sort) if (!(allowed as readonly string[]).includes(s.field)) throw queryParamError('o.sort');
  return q.sort as { field: T; desc: boolean }[];
}

/** A comma list filter whose every entry is one of `allowed`. */
export function enumListFilter<T extends string>(q: ListQuery, field: string, allowed: readonly T[]): T[] | undefined {
  const v = q.filters[field];
  if (v === undefined) return undefined;
  const parts = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (parts.length === 0 || parts.some((p) => !(allowed as readonly string[]).includes(p))) throw queryParamError(`f.${field}`);
  return [...new Set(parts)] as T[];
}

/**
 * The total of a page read with `count(*) over ()`: the window count rides on the page's rows, so
 * only a page past the end (no rows) needs a count query of its own.
 */
/**
 * The total of a page read without a window count: a page that is not full (and not past the
 * end) tells it; a full page, or an empty one past the first, asks `count`.
 */
export async function totalOfPage(rowCount: number, q: ListQuery, count: () => Promise<number>): Promise<number> {
  if (rowCount < q.pageSize && (rowCount > 0 || q.pageIndex === 0)) return q.pageIndex * q.pageSize + rowCount;
  return count();
}

export async function pageTotal(
  rowCount: number,
  windowTotal: number | undefined,
  q: ListQuery,
  count: () => Promise<number>,
): Promise<number> {
  if (rowCount > 0) return windowTotal ?? 0;
  return q.pageIndex > 0 ? count() : 0;
}
