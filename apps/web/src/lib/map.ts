/**
 * Map defaults shared by the map pages and the profile's map picker (SPEC §3: a fixed
 * Munich-area coordinate, Marienplatz, zoom 10; SPEC §9 marker size 29x35). No Leaflet here:
 * importing this costs nothing; Leaflet loads with the map components.
 */
export const MAP_DEFAULT_CENTER: [number, number] = [48.137154, 11.576124];
export const MAP_DEFAULT_ZOOM = 10;
export const MARKER_SIZE: [number, number] = [29, 35];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Leaflet shows the attribution as HTML: the translated text is escaped, the link is ours. */
export const osmAttribution = (text: string): string =>
  `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`;

/** OpenStreetMap, when the page carries no tile URL (the Vite dev server). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The map tile URL ({z}/{x}/{y}): the server puts its `MAP_TILE_URL` — the one its content security
 * policy allows — into index.html as `<meta name="spotlist-tiles">` when it serves it (as it does for
 * the widget frame and guest pages), so a change needs no rebuild and the map never asks a host the
 * policy blocks.
 */
export function mapTileUrl(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="spotlist-tiles"]')?.content.trim() || DEFAULT_TILE_URL;
}
