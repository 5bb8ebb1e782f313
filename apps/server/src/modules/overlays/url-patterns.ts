/**
 * Whether a page (`https://hotel.example/rooms/12?x=1`, or without its scheme as the embed sends
 * it: `hotel.example/rooms/12`) is one an overlay's pattern names: a path
 * where `*` stands for any characters (`/rooms/*`, `/*` for every page), optionally led by a host
 * (`hotel.example/rooms/*`, case-insensitive). Without `*` the path must be the same, a trailing
 * slash aside. The query and fragment play no part.
 */
export function matchesPage(pattern: string, pageUrl: string): boolean {
  let page: URL;
  try {
    page = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(pageUrl) ? pageUrl : `https://${pageUrl}`);
  } catch {
    return false;
  }
  const slash = pattern.indexOf('/');
  const host = slash > 0 ? pattern.slice(0, slash).toLowerCase() : null;
  if (host !== null && host !== page.host.toLowerCase() && host !== page.hostname.toLowerCase()) return false;
  const path = pattern.slice(Math.max(slash, 0));
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  let pagePath: string;
  try {
    pagePath = decodeURI(page.pathname);
  } catch {
    pagePath = page.pathname;
  }
  if (!path.includes('*')) return trim(path) === trim(pagePath);
  return glob(path, pagePath) || glob(path, trim(pagePath));
}

/**
 * `*` wildcard matching in O(pattern × text) at worst, without a regular expression (a pattern of
 * many stars is a business's input: no backtracking blow-up).
 */
function glob(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
