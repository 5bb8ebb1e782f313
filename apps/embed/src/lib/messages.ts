/** The frame → host page message that carries the frame's content height (embed.js reads it). */
export const HEIGHT_MESSAGE = 'spotlist:height';

/*
 * The overlay frame (`/o/{sitePublicId}`) and embed.js talk by postMessage. embed.js trusts only
 * messages from the frame's origin and its window; the frame only messages from its parent window.
 */
/** frame → page: `{ type, overlays: [{ id, format, trigger }] }`, the overlays its frequency rules allow now. */
export const OVERLAY_LIST_MESSAGE = 'spotlist:overlay';
/** page → frame: `{ type, id }`, a trigger fired: show this overlay (the page has placed the frame). */
export const OVERLAY_SHOW_MESSAGE = 'spotlist:overlay-show';
/** frame → page: `{ type, height }`, the shown bar's or slide-in's height in CSS pixels. */
export const OVERLAY_SIZE_MESSAGE = 'spotlist:overlay-size';
/** frame → page: `{ type }`, the visitor closed the overlay: hide the frame, give focus back. */
export const OVERLAY_CLOSE_MESSAGE = 'spotlist:overlay-close';
