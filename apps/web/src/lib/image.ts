import { config } from './config';

const absolute = (u: string) => /^https?:\/\//i.test(u);

/**
 * An address the API answered ('/api/document/7/thumb?v=…') as this page can load it: resolved
 * against the API's origin when the API lives elsewhere (the native shells load the app from
 * capacitor://localhost or https://localhost, VITE_API_BASE is absolute), as it is otherwise.
 */
export function apiResourceUrl(url: string, apiBase: string = config.apiBase): string {
  if (!absolute(apiBase)) return url;
  // the API's paths only: the app's own assets (/assets/…) are this page's
  const prefix = `${new URL(apiBase).pathname.replace(/\/+$/, '')}/`;
  return url.startsWith(prefix) ? new URL(url, apiBase).toString() : url;
}

/**
 * SPEC §5: image URLs that are empty, the text null or undefined, or only the api prefix (the
 * configured api base by default) are ignored (null is returned). The API's own addresses come
 * back loadable from this page (apiResourceUrl).
 */
export function usableImageUrl(url: string | null | undefined, apiPrefix: string = config.apiBase): string | null {
  if (!url) return null;
  const u = url.trim();
  if (u === '' || u === 'null' || u === 'undefined') return null;
  const bare = (absolute(apiPrefix) ? new URL(apiPrefix).pathname : apiPrefix).replace(/\/+$/, '');
  if (u === bare || u === `${bare}/`) return null;
  return apiResourceUrl(u, apiPrefix);
}
