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
