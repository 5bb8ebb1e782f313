/** The public overlay answer and its events (same origin as the overlay frame, the guest app and the widget frame). */
import type { OverlayEvent, PublicOverlay, PublicOverlays } from '@spotlist/contracts';
import { beacon, request } from '../lib/api.ts';

/** The site id of `/o/{sitePublicId}`. */
export const sitePublicIdFromPath = (pathname: string): string | null => pathname.match(/^\/o\/([\w-]{8,32})\/?$/)?.[1] ?? null;

/**
 * GET /api/public/overlay/{site}: the overlays that apply now, in `lang` or the overlay's fallback.
 * `where`: `guest` (the guest app), `widget:<publicId>` (a widget frame), none (a website page,
 * then `url`, host and path, picks them by their page patterns).
 */
export const getOverlays = (site: string, q: { lang: string; url?: string; where?: string }) =>
  request<PublicOverlays>(
    `/api/public/overlay/${encodeURIComponent(site)}?lang=${encodeURIComponent(q.lang)}` +
      (q.url !== undefined ? `&url=${encodeURIComponent(q.url)}` : '') +
      (q.where ? `&where=${encodeURIComponent(q.where)}` : ''),
  );

/** Counts a view, a button's click or a close (a beacon: text/plain JSON). */
export const sendOverlayEvent = (site: string, o: Pick<PublicOverlay, 'id' | 'language'>, event: OverlayEvent) =>
  beacon(`/api/public/overlay/${encodeURIComponent(site)}/event`, { overlayId: o.id, language: o.language, event });
