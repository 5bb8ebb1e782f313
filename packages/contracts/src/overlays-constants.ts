/**
 * The overlays' constants without zod (contracts overlays.ts has the schemas): the web app's
 * overlay pages and the visitor pages import these, and a module of schemas would bring zod along.
 */
export const OVERLAY_FORMATS = ['topBar', 'bottomBar', 'modal', 'slideIn', 'fullScreen'] as const;
export type OverlayFormat = (typeof OVERLAY_FORMATS)[number];
export const OVERLAY_NAME_MAX = 120;
export const OVERLAY_TITLE_MAX = 200;
/** Characters of rich text as written (before sanitizing). */
export const OVERLAY_HTML_MAX = 20_000;
export const OVERLAY_BUTTON_LABEL_MAX = 60;
export const OVERLAY_BUTTONS_MAX = 2;
export const OVERLAY_URL_MAX = 2000;
/** A website page pattern (`/rooms/*`). */
export const OVERLAY_URL_PATTERN_MAX = 500;
export const OVERLAY_URL_PATTERNS_MAX = 20;
export const OVERLAY_WIDGETS_MAX = 50;
/** Seconds: the longest wait of a load trigger or of exit intent's fallback on phones. */
export const OVERLAY_DELAY_MAX = 600;
export const OVERLAY_AGAIN_DAYS_MAX = 365;
/**
 * Characters of visible text (title, text and button labels) a format holds comfortably: what
 * the AI translation review checks a draft against (a bar is one line on a phone).
 */
export const OVERLAY_TEXT_BUDGET: Record<OverlayFormat, number> = {
  topBar: 160,
  bottomBar: 160,
  slideIn: 600,
  modal: 1500,
  fullScreen: 4000,
};
/** Overlays per business. */
export const OVERLAY_MAX = 100;

/** A language's state: a draft never published, published (the draft equals it), or changed since publishing. */
export const OVERLAY_LANGUAGE_STATES = ['draft', 'published', 'changed'] as const;

/** What a visitor's page tells of an overlay (counted per day and language, nothing of the visitor). */
export const OVERLAY_EVENTS = ['view', 'click', 'close'] as const;
export type OverlayEvent = (typeof OVERLAY_EVENTS)[number];
