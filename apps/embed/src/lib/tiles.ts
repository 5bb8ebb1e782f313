/** OpenStreetMap, when the page carries no tile URL (the Vite dev server). */
export const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The map tile URL ({z}/{x}/{y}): the server puts its `MAP_TILE_URL` — the one its content security
 * policy allows — into frame.html and guest.html as `<meta name="spotlist-tiles">` when it serves
 * them, so a change needs no rebuild and the map never asks a host the policy blocks.
 */
export function tileUrl(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="spotlist-tiles"]');
  return meta?.content.trim() || DEFAULT_TILES;
}
