/** The meta tag's name the visitor pages and the web app read the map tile URL from. */
export const TILES_META_NAME = 'spotlist-tiles';

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A built page with the map tile URL of this server's configuration (`MAP_TILE_URL`, the URL the
 * content security policy allows) as `<meta name="spotlist-tiles" content="…">` right after `<head>`,
 * so the page and its policy always agree, without a rebuild. The URL is escaped for an attribute.
 */
export function withTilesMeta(html: Buffer, tileUrl: string): Buffer {
  const text = html.toString('utf8');
  const meta = `<meta name="${TILES_META_NAME}" content="${escapeAttr(tileUrl)}">`;
  // after <head>, else after the doctype (a page without <head> still gets one implicitly)
  const head = /<head(\s[^>]*)?>/i.exec(text) ?? /<!doctype[^>]*>/i.exec(text);
  const at = head ? head.index + head[0].length : 0;
  return Buffer.from(text.slice(0, at) + meta + text.slice(at));
}
