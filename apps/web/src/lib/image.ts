import { config } from './config';

/**
 * SPEC §5: image URLs that are empty, the text null or undefined, or only the api prefix (the
 * configured api base by default) are ignored (null is returned).
 */
export function usableImageUrl(url: string | null | undefined, apiPrefix: string = config.apiBase): string | null {
  if (!url) return null;
  const u = url.trim();
  if (u === '' || u === 'null' || u === 'undefined') return null;
  const bare = apiPrefix.replace(/\/+$/, '');
  if (u === bare || u === `${bare}/`) return null;
  return u;
}
