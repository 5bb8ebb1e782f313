import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/**
 * SPEC §7: list queries use p.i (page index) and p.s (page size), f.<field> filters,
 * o.sort (comma list, `field|desc` when not ascending) and a lazylist flag.
 */
export interface SortField {
  field: string;
  desc: boolean;
}
export interface ListQuery {
  pageIndex: number;
  pageSize: number;
  filters: Record<string, string>;
  sort: SortField[];
  lazylist: boolean;
}

export const emptyListQuery = (): ListQuery => ({
  pageIndex: 0,
  pageSize: DEFAULT_PAGE_SIZE,
  filters: {},
  sort: [],
  lazylist: false,
});

const FIELD = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

export class ListQueryError extends Error {
  constructor(public readonly param: string) {
    super(`invalid list query parameter ${param}`);
  }
}

/** Turns a list query into URL parameters (the client side). */
export function encodeListQuery(q: Partial<ListQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (q.pageIndex !== undefined) p.set('p.i', String(q.pageIndex));
  if (q.pageSize !== undefined) p.set('p.s', String(q.pageSize));
  for (const [k, v] of Object.entries(q.filters ?? {})) p.set(`f.${k}`, v);
  if (q.sort && q.sort.length > 0) p.set('o.sort', q.sort.map((s) => (s.desc ? `${s.field}|desc` : s.field)).join(','));
  if (q.lazylist) p.set('lazylist', 'true');
  return p;
}

const one = (v: unknown, name: string): string => {
  if (Array.isArray(v)) throw new ListQueryError(name);
  if (typeof v !== 'string') throw new ListQueryError(name);
  return v;
};

const int = (v: string, name: string, min: number, max: number): number => {
  if (!/^\d{1,9}$/.test(v)) throw new ListQueryError(name);
  const n = Number(v);
  if (n < min || n > max) throw new ListQueryError(name);
  return n;
};

/** Reads a list query from parsed URL parameters (the server side). Unknown keys are ignored. */
export function decodeListQuery(params: Record<string, unknown> | URLSearchParams): ListQuery {
  const entries: [string, unknown][] =
    params instanceof URLSearchParams
      ? [...params.keys()].map((k) => {
          const all = params.getAll(k);
          return [k, all.length === 1 ? all[0] : all];
        })
      : Object.entries(params);
  const q = emptyListQuery();
  for (const [key, raw] of entries) {
    if (raw === undefined) continue;
    if (key === 'p.i') q.pageIndex = int(one(raw, key), key, 0, 1_000_000);
    else if (key === 'p.s') q.pageSize = int(one(raw, key), key, 1, MAX_PAGE_SIZE);
    else if (key === 'lazylist') {
      const v = one(raw, key);
      if (!['', 'true', 'false', '1', '0'].includes(v)) throw new ListQueryError(key);
      q.lazylist = v === '' || v === 'true' || v === '1';
    } else if (key === 'o.sort') {
      const v = one(raw, key);
      if (v === '') continue;
      q.sort = v.split(',').map((part) => {
        const [field, dir, ...rest] = part.split('|');
        if (rest.length > 0 || !field || !FIELD.test(field)) throw new ListQueryError(key);
        if (dir !== undefined && dir !== 'desc' && dir !== 'asc') throw new ListQueryError(key);
        return { field, desc: dir === 'desc' };
      });
    } else if (key.startsWith('f.')) {
      const field = key.slice(2);
      if (!FIELD.test(field)) throw new ListQueryError(key);
      const v = one(raw, key);
      if (v.length > 500 || v.includes('\u0000')) throw new ListQueryError(key);
      q.filters[field] = v;
    }
  }
  return q;
}

/** SPEC §7 / ARCHITECTURE: list responses. */
export const listResponseSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
export interface ListResponse<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}
