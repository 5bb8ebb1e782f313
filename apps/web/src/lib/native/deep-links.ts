/**
 * Which links open a page in the native app: https links of the app's own public address
 * (VITE_PUBLIC_URL, the server's PUBLIC_URL), whose path is one of the app's pages. The server's
 * own pages (the API, the widget frame /w/, the guest app /g/, the embed loader, the meeting page)
 * are not the app's; links of any other host are not ours.
 */
const SERVER_PATHS = /^\/(api(\/|$)|[wg]\/|embed(\.js$|-assets\/)|meeting\/)/;

/** The in-app path ('/place/5?x=1#y') of `link`, or null when the app does not open it. */
export function deepLinkPath(link: string, publicUrl: string): string | null {
  if (!publicUrl) return null;
  let url: URL;
  let base: URL;
  try {
    url = new URL(link);
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.host !== base.host) return null;
  // a public address with a path of its own (https://example.org/spotlist) prefixes the app's paths
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  const path = url.pathname.slice(prefix.length) || '/';
  if (SERVER_PATHS.test(path)) return null;
  return `${path}${url.search}${url.hash}`;
}
