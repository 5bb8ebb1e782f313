/**
 * The embed loader (`/embed.js`), a classic script without a framework. The snippet a business
 * copies (the same as apps/embed/README.md and the preview page show):
 *
 *   <div data-spotlist-widget="PUBLICID" data-lang="de"></div>
 *   <script src="https://SPOTLIST/embed.js" async></script>
 *
 * Every element with `data-spotlist-widget` gets an iframe of `ORIGIN/w/PUBLICID?lang=xx`, where
 * ORIGIN is this script's own origin. The frame reports its content height with
 * `{ type: 'spotlist:height', height }`; only messages from ORIGIN and from that very frame resize
 * it. The one global is `window.SpotlistEmbed.scan()`, for elements added after the page loaded.
 *
 * Overlays: the first element with `data-spotlist-overlay="SITEID"` (usually this script tag:
 * `<script src="https://SPOTLIST/embed.js" data-spotlist-overlay="SITEID" async>`) gets one
 * hidden, fixed, sandboxed frame of `ORIGIN/o/SITEID?lang=xx&url=host/path`; the frame names the
 * overlays and triggers, the loader arms them here and places the frame when one fires
 * (apps/embed/README.md "Overlays").
 */
import { attachLoader } from './loader.ts';

attachLoader(window, document.currentScript as HTMLScriptElement | null);
