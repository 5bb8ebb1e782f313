import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { APP_LANGUAGES, ErrorKey, type GuestAppUpdate, type GuestAppView, type PublicGuestApp } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { documents, guestApps, languages, listItems, lists, places, users, widgets } from '../../platform/db/schema/index.ts';
import type { GuestContactRow, GuestWelcomeRow } from '../../platform/db/schema/widgets.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { iso } from '../../platform/db/place-sql.ts';
import { overlaySitesOf, publicPoi, publicWidgetAnswers, servedLanguage } from '../widgets/index.ts';
import { documentUrls, poiPlaceColumns } from '../widgets/index.ts';
import { cleanTexts } from '../widgets/index.ts';
import { newPublicId } from '../../lib/tokens.ts';

type AppRow = typeof guestApps.$inferSelect;

/** The guest link of an app (and of one of its units). */
export const guestLink = (base: string, publicId: string, unit?: string | null): string =>
  `${base}/g/${publicId}${unit ? `?u=${encodeURIComponent(unit)}` : ''}`;

/** A file name part from a unit label: letters, digits and dashes only. */
const slug = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'unit';

const toView = (r: AppRow, base: string): GuestAppView => ({
  id: r.id,
  publicId: r.publicId,
  welcome: r.welcome ?? {},
  widgetIds: r.widgetIds,
  listIds: r.listIds,
  contact: r.contact ?? {},
  units: r.units,
  enabled: r.enabled,
  revision: r.revision,
  links: [{ unit: null, url: guestLink(base, r.publicId) }, ...r.units.map((u) => ({ unit: u, url: guestLink(base, r.publicId, u) }))],
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/**
 * The business's guest app (SPEC §2 GuestModeAppPage, `hasGuest`): one per business, made on the
 * first GET. Guests read it at GET /api/public/guest-app/{publicId} while it is enabled and its
 * owner has `hasGuest`; its widgets are their public answers.
 */
/** Whether a guest app is switched on and its owner has `hasGuest` (the /g/ page is served then). */
export async function guestAppExists(db: Db, publicId: string): Promise<boolean> {
  const [r] = await db
    .select({ id: guestApps.id })
    .from(guestApps)
    .innerJoin(users, eq(users.id, guestApps.ownerId))
    .where(and(eq(guestApps.publicId, publicId), eq(guestApps.enabled, true), eq(users.hasGuest, true)));
  return !!r;
}

/** QR codes made, by format and link, least recently used first (a PNG is ~15 KB: at most ~8 MB). */
const QR_CACHE_ENTRIES = 500;
const qrCodes = new Map<string, Buffer>();

export function guestAppService(db: Db) {
  async function ensure(user: UserActor): Promise<AppRow> {
    const [found] = await db.select().from(guestApps).where(eq(guestApps.ownerId, user.id));
    if (found) return found;
    await db.insert(guestApps).values({ ownerId: user.id, publicId: newPublicId() }).onConflictDoNothing();
    const [made] = await db.select().from(guestApps).where(eq(guestApps.ownerId, user.id));
    return made;
  }

  return {
    async get(user: UserActor, base: string): Promise<GuestAppView> {
      return toView(await ensure(user), base);
    },

    async update(user: UserActor, input: GuestAppUpdate, base: string): Promise<GuestAppView> {
      const app = await ensure(user);
      const set: Partial<typeof guestApps.$inferInsert> = {};
      if (input.widgetIds !== undefined) {
        const ids = input.widgetIds;
        const own =
          ids.length === 0
            ? []
            : await db
                .select({ id: widgets.id })
                .from(widgets)
                .where(and(eq(widgets.ownerId, user.id), inArray(widgets.id, ids)));
        if (own.length !== ids.length)
          throw new AppError(ErrorKey.referenceNotFound, 400, [{ path: 'body.widgetIds', key: ErrorKey.widgetNotFound }]);
        set.widgetIds = ids;
      }
      if (input.listIds !== undefined) {
        const ids = input.listIds;
        const own =
          ids.length === 0
            ? []
            : await db
                .select({ id: lists.id })
                .from(lists)
                .where(and(eq(lists.ownerId, user.id), eq(lists.kind, 'list'), inArray(lists.id, ids)));
        if (own.length !== ids.length)
          throw new AppError(ErrorKey.referenceNotFound, 400, [{ path: 'body.listIds', key: ErrorKey.listNotFound }]);
        set.listIds = ids;
      }
      if (input.welcome !== undefined) set.welcome = cleanTexts(input.welcome as Record<string, Record<string, string>>) as GuestWelcomeRow;
      if (input.contact !== undefined) {
        set.contact = Object.fromEntries(
          Object.entries(input.contact).filter(([, v]) => typeof v === 'string' && v !== ''),
        ) as GuestContactRow;
      }
      if (input.units !== undefined) set.units = input.units as string[];
      if (input.enabled !== undefined) set.enabled = input.enabled;
      const [row] = await db
        .update(guestApps)
        .set({ ...set, revision: app.revision + 1 })
        .where(eq(guestApps.id, app.id))
        .returning();
      return toView(row, base);
    },

    /**
     * A QR code of the guest link (PNG 1024 px or SVG). Made once per link (app, room) and format:
     * a PNG costs 0.3–0.6 s of CPU, and the link of an app and room never changes.
     */
    async qr(user: UserActor, unit: string | undefined, format: 'png' | 'svg', base: string) {
      const app = await ensure(user);
      const link = guestLink(base, app.publicId, unit);
      const name = `guest-app${unit ? `-${slug(unit)}` : ''}.${format}`;
      const type = format === 'svg' ? 'image/svg+xml' : 'image/png';
      const key = `${format}\n${link}`;
      let body = qrCodes.get(key);
      if (body) {
        qrCodes.delete(key); // the most recent last
      } else {
        body =
          format === 'svg'
            ? Buffer.from(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
            : await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 1024 });
      }
      qrCodes.set(key, body);
      if (qrCodes.size > QR_CACHE_ENTRIES) qrCodes.delete(qrCodes.keys().next().value!);
      return { body, type, name };
    },

    /** GET /api/public/guest-app/{publicId}: the answer with what it was made of (its owner, its widgets), or null. */
    async publicApp(publicId: string, requested: string): Promise<{ answer: PublicGuestApp; ownerId: number; widgetIds: string[] } | null> {
      const [app] = await db
        .select({
          app: guestApps,
          nickname: users.nickname,
          logoDocumentId: users.logoDocumentId,
          logoSha256: documents.sha256,
          ownerLanguage: languages.key,
          v1: users.widgetv1activated,
          v2: users.widgetv2activated,
        })
        .from(guestApps)
        .innerJoin(users, eq(users.id, guestApps.ownerId))
        .innerJoin(languages, eq(languages.id, users.languageId))
        .leftJoin(documents, eq(documents.id, users.logoDocumentId))
        .where(and(eq(guestApps.publicId, publicId), eq(guestApps.enabled, true), eq(users.hasGuest, true)));
      if (!app) return null;
      const a = app.app;
      // the app's widgets (still the owner's and switched on), in the order chosen
      const active: { publicId: string; languages: string[] }[] = [];
      if (a.widgetIds.length > 0) {
        const rows = await db
          .select({ id: widgets.id, publicId: widgets.publicId, version: widgets.version, languages: widgets.languages })
          .from(widgets)
          .where(and(eq(widgets.ownerId, a.ownerId), inArray(widgets.id, a.widgetIds)));
        for (const id of a.widgetIds) {
          const r = rows.find((x) => x.id === id);
          if (r && (r.version === 1 ? app.v1 : app.v2)) active.push(r);
        }
      }
      const offered = [
        ...new Set([
          ...Object.keys(a.welcome ?? {}),
          ...active.flatMap((w) => (w.languages.length > 0 ? w.languages : [app.ownerLanguage])),
        ]),
      ].filter((l) => (APP_LANGUAGES as readonly string[]).includes(l));
      const languagesOffered = offered.length > 0 ? offered : [app.ownerLanguage];
      const language = servedLanguage(requested, languagesOffered, app.ownerLanguage);
      // each widget's answer in that language as visitors of the widget get it
      const widgetAnswers: PublicGuestApp['widgets'] = await publicWidgetAnswers(
        db,
        active.map((w) => w.publicId),
        language,
      );

      const listAnswers: PublicGuestApp['lists'] = [];
      if (a.listIds.length > 0) {
        const ls = await db
          .select({ id: lists.id, name: lists.name, description: lists.description })
          .from(lists)
          .where(and(eq(lists.ownerId, a.ownerId), eq(lists.kind, 'list'), inArray(lists.id, a.listIds), isNull(lists.hiddenAt)));
        const items =
          ls.length === 0
            ? []
            : await db
                .select({
                  listId: listItems.listId,
                  placeId: places.id,
                  ...poiPlaceColumns,
                })
                .from(listItems)
                .innerJoin(places, eq(places.id, listItems.placeId))
                .where(
                  and(
                    inArray(
                      listItems.listId,
                      ls.map((l) => l.id),
                    ),
                    isNull(places.hiddenAt),
                  ),
                )
                .orderBy(asc(listItems.position), asc(listItems.id));
        for (const id of a.listIds) {
          const l = ls.find((x) => x.id === id);
          if (!l) continue;
          listAnswers.push({
            name: l.name,
            description: l.description,
            pois: items.filter((i) => i.listId === id).map((i) => publicPoi(i, language)),
          });
        }
      }
      const welcome = a.welcome?.[language] ?? a.welcome?.[languagesOffered[0]] ?? {};
      const answer: PublicGuestApp = {
        publicId: a.publicId,
        language,
        languages: languagesOffered,
        businessName: app.nickname,
        logoUrl: documentUrls({ id: app.logoDocumentId, sha256: app.logoSha256, thumbKey: null })?.url ?? null,
        title: welcome.title || app.nickname,
        text: welcome.text || '',
        contact: a.contact ?? {},
        widgets: widgetAnswers,
        lists: listAnswers,
        overlaySite: (await overlaySitesOf(db, [a.ownerId])).get(a.ownerId) ?? null,
      };
      return { answer, ownerId: a.ownerId, widgetIds: active.map((w) => w.publicId) };
    },
  };
}
export type GuestAppService = ReturnType<typeof guestAppService>;
