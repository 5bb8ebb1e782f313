/**
 * The public widget and guest constants (re-exported by widgets-public.ts). No zod here: the embed
 * frame and guest pages (apps/embed) import these without pulling the schemas into their bundle.
 */

/** Request header carrying a guest's key (SPEC §3: the guest user, kept under its own local key). */
export const GUEST_KEY_HEADER = 'x-guest-key';
/** localStorage keys in the embed frame and guest app (apart from the logged-in user's keys). */
export const GUEST_STORAGE_KEY = 'spotlist.guest';
/** A widget's title and intro per language, in characters (the widget settings and the AI assistant's checks). */
export const WIDGET_TITLE_MAX = 200;
export const WIDGET_INTRO_MAX = 2000;
/** Analytics events counted per day, widget and POI. */
export const WIDGET_EVENTS = ['view', 'open', 'like', 'click'] as const;
export type WidgetEvent = (typeof WIDGET_EVENTS)[number];

/**
 * The snippet a business copies onto its website (the preview page shows it; apps/embed/README.md
 * explains it): an element naming the widget, and the loader script from the app's origin, which
 * puts the widget's frame (`ORIGIN/w/PUBLICID?lang=xx`) into every such element.
 */
export function embedSnippet(origin: string, publicId: string, lang?: string): string {
  const base = origin.replace(/\/+$/, '');
  const langAttr = lang ? ` data-lang="${lang}"` : '';
  return `<div data-spotlist-widget="${publicId}"${langAttr}></div>\n<script src="${base}/embed.js" async></script>`;
}

/**
 * The snippet a business puts on its website for its overlays (the overlay manager shows it;
 * apps/embed/README.md explains it): the same loader, told the business's overlay site id. The
 * loader asks which overlays apply to the page and shows them in a frame of `ORIGIN/o/ID`.
 */
export function overlaySnippet(origin: string, sitePublicId: string, lang?: string): string {
  const base = origin.replace(/\/+$/, '');
  const langAttr = lang ? ` data-lang="${lang}"` : '';
  return `<script src="${base}/embed.js" data-spotlist-overlay="${sitePublicId}"${langAttr} async></script>`;
}
