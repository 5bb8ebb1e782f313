import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ErrorKey,
  WIDGET_LIST_SORTS,
  WIDGET_SETTING_MAX_BYTES,
  type AppLanguage,
  type ListResponse,
  type WidgetDetail,
  type WidgetSetting,
  type WidgetType,
  type WidgetView,
  widgetFlag,
} from '@spotlist/contracts';
import { newPublicId } from '../../lib/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { guestApps, languages, users, widgetPois, widgets, widgetSettings } from '../../platform/db/schema/index.ts';
import type { WidgetStyleRow, WidgetTextsRow } from '../../platform/db/schema/widgets.ts';
import { checkFilters, checkSort, readListQuery } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { containsPattern, iso, qualifiedColumn } from '../../platform/db/place-sql.ts';
import { needFlag, type FeatureFlags } from '../../platform/http/feature-flags.ts';
import { poiViews } from './pois.service.ts';

/** v2 widgets per business. */
export const WIDGET_V2_MAX = 100;

/** A random public id: 16 characters of base64url (96 bits). */

/** Drops empty entries: `{ de: { title: '' } }` → `{}`. */
export function cleanTexts<T extends Record<string, string | null | undefined>>(
  texts: Partial<Record<string, T | undefined>> | undefined,
): Record<string, Partial<Record<keyof T, string>>> {
  const out: Record<string, Partial<Record<keyof T, string>>> = {};
  for (const [lang, entry] of Object.entries(texts ?? {})) {
    if (!entry) continue;
    const kept: Partial<Record<keyof T, string>> = {};
    for (const [k, v] of Object.entries(entry)) if (typeof v === 'string' && v.trim() !== '') kept[k as keyof T] = v.trim();
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}

type Tx = Db;

export interface WidgetInputParsed {
  name: string;
  texts?: WidgetTextsRow;
  languages?: string[];
  style?: WidgetStyleRow;
  allowedDomains?: string[];
  version?: 1 | 2;
}

const widgetColumns = {
  id: widgets.id,
  ownerId: widgets.ownerId,
  publicId: widgets.publicId,
  version: widgets.version,
  name: widgets.name,
  texts: widgets.texts,
  languages: widgets.languages,
  style: widgets.style,
  allowedDomains: widgets.allowedDomains,
  revision: widgets.revision,
  createdAt: widgets.createdAt,
  updatedAt: widgets.updatedAt,
  poiCount: sql<number>`(select count(*)::int from ${widgetPois} where ${qualifiedColumn(widgetPois.widgetId)} = ${qualifiedColumn(widgets.id)})`,
};
type WidgetRow = Pick<
  typeof widgets.$inferSelect,
  'id' | 'ownerId' | 'publicId' | 'version' | 'name' | 'texts' | 'languages' | 'style' | 'allowedDomains' | 'revision'
> & { createdAt: Date | string; updatedAt: Date | string; poiCount: number };

const toView = (r: WidgetRow, base: string): WidgetView => ({
  id: r.id,
  publicId: r.publicId,
  version: r.version === 1 ? 1 : 2,
  name: r.name,
  texts: r.texts ?? {},
  languages: r.languages,
  style: r.style ?? {},
  allowedDomains: r.allowedDomains,
  revision: r.revision,
  poiCount: Number(r.poiCount),
  frameUrl: `${base}/w/${r.publicId}`,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/**
 * The business side of widgets (./README.md). Every widget
 * lookup is by id and owner: another business's id is a 404, as is an unknown one. A widget of a
 * version the caller has no flag for is a 403. Every change bumps `revision` (in the same
 * transaction) and then tells `changed(publicId)` (the route emits widget.changed).
 * The POI changes (pois.service.ts) use `own`, `bump`, `change` and `detail` from here.
 */
export function widgetsService(db: Db, changed: (publicId: string, wroteFor?: number) => void) {
  const notFound = () => new AppError(ErrorKey.widgetNotFound, 404);

  async function ownerLanguage(tx: Tx, userId: number): Promise<AppLanguage> {
    const [row] = await tx
      .select({ key: languages.key })
      .from(users)
      .innerJoin(languages, eq(languages.id, users.languageId))
      .where(eq(users.id, userId));
    return (row?.key ?? 'en') as AppLanguage;
  }

  async function row(tx: Tx, id: number, user: UserActor): Promise<WidgetRow | undefined> {
    const [r] = await tx
      .select(widgetColumns)
      .from(widgets)
      .where(and(eq(widgets.id, id), eq(widgets.ownerId, user.id)));
    return r as WidgetRow | undefined;
  }

  /** The caller's widget, locked for a change, or 404; 403 without the flag of its version. */
  async function own(tx: Tx, id: number, user: UserActor, flags: FeatureFlags, lock = false) {
    const q = tx
      .select({ id: widgets.id, publicId: widgets.publicId, version: widgets.version })
      .from(widgets)
      .where(and(eq(widgets.id, id), eq(widgets.ownerId, user.id)));
    const [w] = lock ? await q.for('update') : await q;
    if (!w) throw notFound();
    needFlag(flags, widgetFlag(w.version));
    return w;
  }

  const bump = (tx: Tx, id: number) =>
    tx
      .update(widgets)
      .set({ revision: sql`${widgets.revision} + 1` })
      .where(eq(widgets.id, id));

  async function detail(tx: Tx, id: number, user: UserActor, base: string, language: AppLanguage): Promise<WidgetDetail> {
    const r = await row(tx, id, user);
    if (!r) throw notFound();
    return { ...toView(r, base), pois: await poiViews(tx, id, language) };
  }

  /** Runs a change in a transaction, then tells `changed` (its public answer goes). */
  async function change<T>(fn: (tx: Tx) => Promise<{ publicId: string; result: T }>, wroteFor?: number): Promise<T> {
    const { publicId, result } = await db.transaction(async (t) => fn(t as unknown as Tx));
    changed(publicId, wroteFor);
    return result;
  }

  async function insertWidget(tx: Tx, input: WidgetInputParsed, user: UserActor, version: 1 | 2) {
    const langs = input.languages && input.languages.length > 0 ? input.languages : [await ownerLanguage(tx, user.id)];
    const [w] = await tx
      .insert(widgets)
      .values({
        ownerId: user.id,
        publicId: newPublicId(),
        version,
        name: input.name,
        texts: cleanTexts(input.texts) as WidgetTextsRow,
        languages: langs,
        style: input.style ?? {},
        allowedDomains: input.allowedDomains ?? [],
      })
      .onConflictDoNothing()
      .returning({ id: widgets.id, publicId: widgets.publicId });
    return w as { id: number; publicId: string } | undefined;
  }

  return {
    own,
    ownerLanguage,
    bump,
    detail,
    change,

    /** GET /api/widget/{type}: v1, v2, or all the versions the caller has a flag for. */
    async list(type: WidgetType, query: unknown, user: UserActor, flags: FeatureFlags, base: string): Promise<ListResponse<WidgetView>> {
      const q = readListQuery(query);
      checkFilters(q, ['q']);
      const sorts = checkSort(q, WIDGET_LIST_SORTS);
      const versions = type === 'v1' ? [1] : type === 'v2' ? [2] : [flags.widgetv1activated ? 1 : 0, flags.widgetv2activated ? 2 : 0];
      const where: SQL[] = [eq(widgets.ownerId, user.id), inArray(widgets.version, versions)];
      if (q.filters.q) where.push(sql`lower(${widgets.name}) like ${containsPattern(q.filters.q)}`);
      const orderBy = sorts.map((s) => {
        const col = s.field === 'name' ? sql`lower(${widgets.name})` : s.field === 'createdAt' ? widgets.createdAt : widgets.updatedAt;
        return s.desc ? desc(col) : asc(col);
      });
      if (orderBy.length === 0) orderBy.push(asc(widgets.version), sql`lower(${widgets.name})`);
      const rows = await db
        .select({ ...widgetColumns, total: sql<number>`count(*) over ()` })
        .from(widgets)
        .where(and(...where))
        .orderBy(...orderBy, asc(widgets.id))
        .limit(q.pageSize)
        .offset(q.pageIndex * q.pageSize);
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && q.pageIndex > 0) {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(widgets)
          .where(and(...where));
        total = c.n;
      }
      return { list: rows.map((r) => toView(r as WidgetRow, base)), total, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    /** POST /api/widget/mine: the v1 widget, made on the first call. */
    async mine(user: UserActor, base: string, language: AppLanguage): Promise<WidgetDetail> {
      const [existing] = await db
        .select({ id: widgets.id })
        .from(widgets)
        .where(and(eq(widgets.ownerId, user.id), eq(widgets.version, 1)));
      if (existing) return detail(db, existing.id, user, base, language);
      return change(async (tx) => {
        // a concurrent first call meets the partial unique index (one v1 widget per owner) and finds it
        const w = await insertWidget(tx, { name: 'Widget' }, user, 1);
        const [found] = w
          ? [w]
          : await tx
              .select({ id: widgets.id, publicId: widgets.publicId })
              .from(widgets)
              .where(and(eq(widgets.ownerId, user.id), eq(widgets.version, 1)));
        return { publicId: found.publicId, result: await detail(tx, found.id, user, base, language) };
        // its route reads (invalidates: 'none'): the user's own caches are told here, when it made one
      }, user.id);
    },

    /** POST /api/widget/add. */
    async add(input: WidgetInputParsed, user: UserActor, flags: FeatureFlags, base: string, language: AppLanguage): Promise<WidgetDetail> {
      const version = input.version ?? 2;
      needFlag(flags, widgetFlag(version));
      return change(async (tx) => {
        // one at a time per owner, so the limits below hold under concurrent calls
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(widgets)
          .where(and(eq(widgets.ownerId, user.id), eq(widgets.version, version)));
        if (version === 1 && n > 0) throw new AppError(ErrorKey.widgetV1Exists, 409);
        if (version === 2 && n >= WIDGET_V2_MAX) throw new AppError(ErrorKey.widgetTooMany, 409);
        const w = await insertWidget(tx, input, user, version);
        if (!w) throw new AppError(ErrorKey.widgetV1Exists, 409);
        return { publicId: w.publicId, result: await detail(tx, w.id, user, base, language) };
      });
    },

    async get(id: number, user: UserActor, flags: FeatureFlags, base: string, language: AppLanguage): Promise<WidgetDetail> {
      await own(db, id, user, flags);
      return detail(db, id, user, base, language);
    },

    async update(
      id: number,
      input: Partial<WidgetInputParsed>,
      user: UserActor,
      flags: FeatureFlags,
      base: string,
      language: AppLanguage,
    ): Promise<WidgetDetail> {
      return change(async (tx) => {
        const w = await own(tx, id, user, flags, true);
        const set: Partial<typeof widgets.$inferInsert> = {};
        if (input.name !== undefined) set.name = input.name;
        if (input.texts !== undefined) set.texts = cleanTexts(input.texts) as WidgetTextsRow;
        if (input.languages !== undefined) set.languages = input.languages;
        if (input.style !== undefined) set.style = input.style;
        if (input.allowedDomains !== undefined) set.allowedDomains = input.allowedDomains;
        await tx
          .update(widgets)
          .set({ ...set, revision: sql`${widgets.revision} + 1` })
          .where(eq(widgets.id, id));
        return { publicId: w.publicId, result: await detail(tx, id, user, base, language) };
      });
    },

    /** DELETE /api/widget/delete/{id}: v2 widgets only (the v1 widget is the business's one widget). */
    async remove(id: number, user: UserActor, flags: FeatureFlags): Promise<void> {
      await change(async (tx) => {
        const w = await own(tx, id, user, flags, true);
        if (w.version === 1) throw new AppError(ErrorKey.widgetV1Delete, 409);
        await tx.delete(widgets).where(eq(widgets.id, id));
        // the guest app no longer lists it
        await tx
          .update(guestApps)
          .set({ widgetIds: sql`array_remove(${guestApps.widgetIds}, ${id}::int)`, revision: sql`${guestApps.revision} + 1` })
          .where(and(eq(guestApps.ownerId, user.id), sql`${id}::int = any(${guestApps.widgetIds})`));
        return { publicId: w.publicId, result: undefined };
      });
    },

    async setting(name: string, user: UserActor): Promise<WidgetSetting> {
      const [r] = await db
        .select({ name: widgetSettings.name, value: widgetSettings.value, updatedAt: widgetSettings.updatedAt })
        .from(widgetSettings)
        .where(and(eq(widgetSettings.ownerId, user.id), sql`lower(${widgetSettings.name}) = lower(${name})`));
      return r ? { name: r.name, value: r.value ?? {}, updatedAt: iso(r.updatedAt) } : { name, value: {}, updatedAt: null };
    },

    async saveSetting(name: string, value: Record<string, unknown>, user: UserActor): Promise<WidgetSetting> {
      if (Buffer.byteLength(JSON.stringify(value)) > WIDGET_SETTING_MAX_BYTES) throw new AppError(ErrorKey.widgetSettingTooLarge, 400);
      await db.transaction(async (t) => {
        const tx = t as unknown as Tx;
        const updated = await tx
          .update(widgetSettings)
          .set({ value })
          .where(and(eq(widgetSettings.ownerId, user.id), sql`lower(${widgetSettings.name}) = lower(${name})`))
          .returning({ id: widgetSettings.id });
        if (!updated[0]) await tx.insert(widgetSettings).values({ ownerId: user.id, name, value });
      });
      return this.setting(name, user);
    },
  };
}
export type WidgetsService = ReturnType<typeof widgetsService>;
