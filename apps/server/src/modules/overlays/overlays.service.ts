import crypto from 'node:crypto';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorKey,
  OVERLAY_MAX,
  type OverlayButton,
  type OverlayContent,
  type OverlayLanguageView,
  type OverlaySettings,
  type OverlayView,
  type PublicOverlay,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { documents, overlaySites, overlays, overlayTexts, users, type OverlayContentRow } from '../../platform/db/schema/index.ts';
import { listReadableSql, placeReadableSql } from '../../platform/db/place-sql.ts';
import { AppError } from '../../lib/app-error.ts';
import { isTimeZone, zonedToInstant } from '../../lib/time-zone.ts';
import { fileUrl } from '../documents/index.ts';
import { sanitizeOverlayHtml } from './sanitize.ts';
import { matchesPage } from './url-patterns.ts';

type OverlayRow = typeof overlays.$inferSelect;
type TextRow = typeof overlayTexts.$inferSelect;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Draft and published hold the same content: the language is published as it is. */
const sameContent = (a: OverlayContentRow, b: OverlayContentRow | null) => b !== null && JSON.stringify(a) === JSON.stringify(b);

export function languageState(t: Pick<TextRow, 'draft' | 'published'>): 'draft' | 'published' | 'changed' {
  if (t.published === null) return 'draft';
  return sameContent(t.draft, t.published) ? 'published' : 'changed';
}

/** Whether the schedule lets the overlay show at `now`. */
export const scheduledAt = (o: Pick<OverlayRow, 'startsAt' | 'endsAt'>, now: Date) =>
  (o.startsAt === null || o.startsAt <= now) && (o.endsAt === null || now < o.endsAt);

/**
 * The language a visitor sees: theirs when published, else the first published one of the
 * fallback chain, else the first published at all (an overlay with something published always
 * shows); null when nothing is.
 */
export function shownLanguage(published: readonly string[], visitor: string | null, fallback: readonly string[]): string | null {
  if (visitor && published.includes(visitor)) return visitor;
  return fallback.find((l) => published.includes(l)) ?? published[0] ?? null;
}

export interface OverlayEvents {
  changed(publicId: string): void;
}

/** The business side of overlays and the public answer (./README.md). Every lookup is by id and owner. */
export function overlaysService(db: Db, events: OverlayEvents) {
  /** The business's content languages (its profile's), or its app language when it offers none. */
  async function offered(ownerId: number): Promise<string[]> {
    const list = await rows<{ key: string }>(
      db,
      sql`select l.key from user_languages ul join languages l on l.id = ul.language_id where ul.user_id = ${ownerId}
        order by ul.is_default desc, ul.id`,
    );
    if (list.length > 0) return list.map((r) => r.key);
    const own = await rows<{ key: string | null }>(
      db,
      sql`select l.key from users u left join languages l on l.id = u.language_id where u.id = ${ownerId}`,
    );
    return [own[0]?.key ?? 'en'];
  }

  async function needOffered(ownerId: number, languages: readonly string[]) {
    const ok = new Set(await offered(ownerId));
    if (languages.some((l) => !ok.has(l))) throw new AppError(ErrorKey.overlayLanguageNotOffered, 400);
  }

  /** The business's site (the embed's id), made on first use. */
  async function site(ownerId: number): Promise<string> {
    const [found] = await db.select().from(overlaySites).where(eq(overlaySites.ownerId, ownerId));
    if (found) return found.publicId;
    await db
      .insert(overlaySites)
      .values({ ownerId, publicId: crypto.randomBytes(12).toString('base64url') })
      .onConflictDoNothing();
    const [made] = await db.select().from(overlaySites).where(eq(overlaySites.ownerId, ownerId));
    return made!.publicId;
  }

  async function own(ownerId: number, id: number): Promise<OverlayRow> {
    const [row] = await db
      .select()
      .from(overlays)
      .where(and(eq(overlays.id, id), eq(overlays.ownerId, ownerId)));
    if (!row) throw new AppError(ErrorKey.overlayNotFound, 404);
    return row;
  }

  /** Settings as stored: checked against what the business owns and offers, the schedule as instants. */
  async function settingsRow(ownerId: number, s: OverlaySettings) {
    if (!isTimeZone(s.schedule.timeZone)) throw new AppError(ErrorKey.overlayTimeZone, 400);
    await needOffered(ownerId, s.fallback);
    if (s.where.widgetIds.length > 0) {
      const mine = await rows<{ id: number }>(
        db,
        sql`select id from widgets where owner_id = ${ownerId} and id in (${sql.join(
          s.where.widgetIds.map((w) => sql`${w}`),
          sql`, `,
        )})`,
      );
      if (mine.length !== new Set(s.where.widgetIds).size) throw new AppError(ErrorKey.overlayWidget, 400);
    }
    return {
      name: s.name,
      format: s.format,
      where: { ...s.where, widgetIds: [...new Set(s.where.widgetIds)], urlPatterns: [...new Set(s.where.urlPatterns)] },
      trigger: s.trigger,
      frequency: s.frequency,
      schedule: s.schedule,
      startsAt: s.schedule.from ? zonedToInstant(s.schedule.from, s.schedule.timeZone) : null,
      endsAt: s.schedule.until ? zonedToInstant(s.schedule.until, s.schedule.timeZone) : null,
      fallback: [...new Set(s.fallback)],
    };
  }

  /** Content as stored: the rich text sanitized, the picture and the buttons' targets checked. */
  async function contentRow(ownerId: number, c: OverlayContent): Promise<OverlayContentRow> {
    if (c.imageDocumentId !== null) {
      const [doc] = await db
        .select({ mime: documents.mimeType })
        .from(documents)
        .where(and(eq(documents.id, c.imageDocumentId), eq(documents.ownerId, ownerId)));
      if (!doc || !doc.mime.startsWith('image/')) throw new AppError(ErrorKey.overlayImage, 400);
    }
    for (const b of c.buttons) await checkButton(ownerId, b);
    return {
      title: c.title,
      html: sanitizeOverlayHtml(c.html),
      imageDocumentId: c.imageDocumentId,
      buttons: c.buttons.map((b) => (b.kind === 'url' ? { ...b, url: b.url.trim() } : b)),
    };
  }

  /** A place or list a visitor may open (public ones), a chat only when the business has a guest app. */
  async function checkButton(ownerId: number, b: OverlayButton) {
    let ok = true;
    if (b.kind === 'place')
      ok = (await rows(db, sql`select 1 from places where places.id = ${b.placeId} and ${placeReadableSql(0, false)}`)).length > 0;
    if (b.kind === 'list')
      ok = (await rows(db, sql`select 1 from lists where lists.id = ${b.listId} and ${listReadableSql(0)}`)).length > 0;
    if (b.kind === 'message') ok = (await rows(db, sql`select 1 from guest_apps where owner_id = ${ownerId}`)).length > 0;
    if (!ok) throw new AppError(ErrorKey.overlayButtonTarget, 400);
  }

  async function textsOf(ids: number[]): Promise<Map<number, TextRow[]>> {
    const by = new Map<number, TextRow[]>();
    if (ids.length === 0) return by;
    const list = await db
      .select()
      .from(overlayTexts)
      .where(
        sql`${overlayTexts.overlayId} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(overlayTexts.language));
    for (const t of list) by.set(t.overlayId, [...(by.get(t.overlayId) ?? []), t]);
    return by;
  }

  const view = (o: OverlayRow, texts: TextRow[]): OverlayView => ({
    id: o.id,
    name: o.name,
    format: o.format as OverlayView['format'],
    where: o.where,
    trigger: o.trigger,
    frequency: o.frequency,
    schedule: o.schedule,
    fallback: o.fallback,
    languages: texts.map((t) => ({
      language: t.language,
      state: languageState(t),
      draftUpdatedAt: t.draftUpdatedAt.toISOString(),
      publishedAt: iso(t.publishedAt),
    })),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  });

  const languageView = (t: TextRow): OverlayLanguageView => ({
    id: t.overlayId,
    language: t.language,
    state: languageState(t),
    draft: t.draft,
    published: t.published,
    draftUpdatedAt: t.draftUpdatedAt.toISOString(),
    publishedAt: iso(t.publishedAt),
  });

  async function one(ownerId: number, id: number): Promise<OverlayView> {
    const o = await own(ownerId, id);
    return view(o, (await textsOf([o.id])).get(o.id) ?? []);
  }

  /** Tells the public answer of the business's site that it changed. */
  async function changed(ownerId: number) {
    events.changed(await site(ownerId));
  }

  async function bump(id: number) {
    await db
      .update(overlays)
      .set({ revision: sql`${overlays.revision} + 1` })
      .where(eq(overlays.id, id));
  }

  return {
    offered,

    /** 404 unless the overlay is the business's. */
    async mine(ownerId: number, id: number): Promise<void> {
      await own(ownerId, id);
    },

    async list(ownerId: number): Promise<{ list: OverlayView[]; publicId: string }> {
      const list = await db.select().from(overlays).where(eq(overlays.ownerId, ownerId)).orderBy(asc(overlays.name), asc(overlays.id));
      const texts = await textsOf(list.map((o) => o.id));
      return { list: list.map((o) => view(o, texts.get(o.id) ?? [])), publicId: await site(ownerId) };
    },

    async create(ownerId: number, input: OverlaySettings & { language: string; content: OverlayContent }): Promise<OverlayView> {
      const [{ n }] = await db.select({ n: count() }).from(overlays).where(eq(overlays.ownerId, ownerId));
      if (Number(n) >= OVERLAY_MAX) throw new AppError(ErrorKey.overlayTooMany, 409);
      await needOffered(ownerId, [input.language]);
      const settings = await settingsRow(ownerId, input);
      const draft = await contentRow(ownerId, input.content);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(overlays)
          .values({ ownerId, ...settings })
          .returning({ id: overlays.id });
        await tx
          .insert(overlayTexts)
          .values({ overlayId: row!.id, language: input.language, draft, imageDocumentId: draft.imageDocumentId });
        return row!.id;
      });
      await site(ownerId);
      return one(ownerId, id);
    },

    async language(ownerId: number, id: number, lang: string): Promise<OverlayLanguageView> {
      await own(ownerId, id);
      const [t] = await db
        .select()
        .from(overlayTexts)
        .where(and(eq(overlayTexts.overlayId, id), eq(overlayTexts.language, lang)));
      if (!t) throw new AppError(ErrorKey.overlayNotFound, 404);
      return languageView(t);
    },

    /** Saves a language's draft (a new language starts here); what visitors see stays as published. */
    async saveDraft(ownerId: number, id: number, lang: string, content: OverlayContent): Promise<OverlayLanguageView> {
      await own(ownerId, id);
      await needOffered(ownerId, [lang]);
      const draft = await contentRow(ownerId, content);
      const now = new Date();
      const [t] = await db
        .insert(overlayTexts)
        .values({ overlayId: id, language: lang, draft, draftUpdatedAt: now, imageDocumentId: draft.imageDocumentId })
        .onConflictDoUpdate({
          target: [overlayTexts.overlayId, overlayTexts.language],
          set: { draft, draftUpdatedAt: now, imageDocumentId: draft.imageDocumentId },
        })
        .returning();
      return languageView(t!);
    },

    /** Publishes a language's content as sent: the draft becomes equal to it, visitors see it. */
    async publish(ownerId: number, id: number, lang: string, content: OverlayContent): Promise<OverlayLanguageView> {
      await own(ownerId, id);
      await needOffered(ownerId, [lang]);
      const c = await contentRow(ownerId, content);
      const now = new Date();
      const t = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(overlayTexts)
          .values({
            overlayId: id,
            language: lang,
            draft: c,
            published: c,
            draftUpdatedAt: now,
            publishedAt: now,
            imageDocumentId: c.imageDocumentId,
          })
          .onConflictDoUpdate({
            target: [overlayTexts.overlayId, overlayTexts.language],
            set: { draft: c, published: c, draftUpdatedAt: now, publishedAt: now, imageDocumentId: c.imageDocumentId },
          })
          .returning();
        await tx
          .update(overlays)
          .set({ revision: sql`${overlays.revision} + 1` })
          .where(eq(overlays.id, id));
        return row!;
      });
      await changed(ownerId);
      return languageView(t);
    },

    /** Deletes one language; the overlay goes with its last one. */
    async deleteLanguage(ownerId: number, id: number, lang: string): Promise<'language' | 'overlay'> {
      await own(ownerId, id);
      const gone = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(overlayTexts)
          .where(and(eq(overlayTexts.overlayId, id), eq(overlayTexts.language, lang)))
          .returning({ language: overlayTexts.language });
        if (removed.length === 0) throw new AppError(ErrorKey.overlayNotFound, 404);
        const [{ n }] = await tx.select({ n: count() }).from(overlayTexts).where(eq(overlayTexts.overlayId, id));
        if (Number(n) === 0) {
          await tx.delete(overlays).where(eq(overlays.id, id));
          return 'overlay' as const;
        }
        await tx
          .update(overlays)
          .set({ revision: sql`${overlays.revision} + 1` })
          .where(eq(overlays.id, id));
        return 'language' as const;
      });
      await changed(ownerId);
      return gone;
    },

    /** The settings all languages share. */
    async updateAll(ownerId: number, id: number, input: OverlaySettings): Promise<OverlayView> {
      await own(ownerId, id);
      const settings = await settingsRow(ownerId, input);
      await db.update(overlays).set(settings).where(eq(overlays.id, id));
      await bump(id);
      await changed(ownerId);
      return one(ownerId, id);
    },

    /** Every overlay of mine in one language: its draft, or what is published (those without any left out). */
    async inLanguage(ownerId: number, lang: string, isDraft: boolean) {
      const list = await rows<{ id: number; name: string; format: string; draft: OverlayContentRow; published: OverlayContentRow | null }>(
        db,
        sql`select o.id, o.name, o.format, t.draft, t.published from overlays o join overlay_texts t on t.overlay_id = o.id and t.language = ${lang}
          where o.owner_id = ${ownerId} order by o.name, o.id`,
      );
      return {
        list: list.flatMap((r) => {
          const content = isDraft ? r.draft : r.published;
          return content ? [{ id: r.id, name: r.name, format: r.format as OverlayView['format'], content }] : [];
        }),
      };
    },

    /** Mine that visitors can see now: a published language, and the schedule lets them. */
    async active(ownerId: number, now = new Date()): Promise<{ list: OverlayView[]; publicId: string }> {
      const all = await this.list(ownerId);
      const rowsById = new Map((await db.select().from(overlays).where(eq(overlays.ownerId, ownerId))).map((o) => [o.id, o] as const));
      return {
        publicId: all.publicId,
        list: all.list.filter((o) => o.languages.some((l) => l.publishedAt !== null) && scheduledAt(rowsById.get(o.id)!, now)),
      };
    },

    /**
     * GET /api/public/overlay/{publicId}: what a visitor should see now, in `lang` or by the
     * fallback chain, on the page `url` (the embed), in the guest app (`where=guest`) or over a
     * widget (`where=widget:<publicId>`). Null when the site is unknown.
     */
    async publicOverlays(publicId: string, q: { lang: string | null; url: string | null; where: string | null }, now = new Date()) {
      const [s] = await db.select().from(overlaySites).where(eq(overlaySites.publicId, publicId));
      if (!s) return null;
      // the business lost the flag: visitors see nothing (the overlays stay for when it is back)
      const [owner] = await db.select({ on: users.overlayactivated }).from(users).where(eq(users.id, s.ownerId));
      if (!owner?.on) return { ownerId: s.ownerId, overlays: [] as PublicOverlay[] };
      const list = await db.select().from(overlays).where(eq(overlays.ownerId, s.ownerId)).orderBy(asc(overlays.id));
      const texts = await textsOf(list.map((o) => o.id));
      let widgetId: number | null = null;
      if (q.where?.startsWith('widget:')) {
        const [w] = await rows<{ id: number }>(
          db,
          sql`select id from widgets where public_id = ${q.where.slice('widget:'.length)} and owner_id = ${s.ownerId}`,
        );
        widgetId = w?.id ?? -1;
      }
      const guestApp = (
        await rows<{ publicId: string }>(db, sql`select public_id as "publicId" from guest_apps where owner_id = ${s.ownerId}`)
      )[0];
      const overlaysShown: PublicOverlay[] = [];
      for (const o of list) {
        if (!scheduledAt(o, now)) continue;
        const here =
          q.where === 'guest'
            ? o.where.guestApp
            : widgetId !== null
              ? o.where.widgetIds.includes(widgetId)
              : q.url !== null && o.where.urlPatterns.some((p) => matchesPage(p, q.url!));
        if (!here) continue;
        const published = (texts.get(o.id) ?? []).filter((t) => t.published !== null);
        const lang = shownLanguage(
          published.map((t) => t.language),
          q.lang,
          o.fallback,
        );
        if (!lang) continue;
        const c = published.find((t) => t.language === lang)!.published!;
        let imageUrl: string | null = null;
        if (c.imageDocumentId !== null) {
          const [doc] = await db
            .select({ id: documents.id, sha256: documents.sha256 })
            .from(documents)
            .where(eq(documents.id, c.imageDocumentId));
          imageUrl = doc ? fileUrl(doc) : null;
        }
        overlaysShown.push({
          id: o.id,
          revision: o.revision,
          format: o.format as PublicOverlay['format'],
          trigger: o.trigger,
          frequency: o.frequency,
          language: lang,
          title: c.title,
          html: c.html,
          imageUrl,
          buttons: c.buttons.flatMap((b) => {
            const href =
              b.kind === 'url'
                ? b.url
                : b.kind === 'place'
                  ? `/place/${b.placeId}`
                  : b.kind === 'list'
                    ? `/lists/${b.listId}`
                    : guestApp
                      ? `/g/${guestApp.publicId}#chat`
                      : null;
            return href ? [{ kind: b.kind, label: b.label, href }] : [];
          }),
        });
      }
      return { ownerId: s.ownerId, overlays: overlaysShown };
    },
  };
}
export type OverlaysService = ReturnType<typeof overlaysService>;
