/**
 * Build-time configuration (Vite `VITE_*` variables, read once here). Every external address the
 * app links to comes from this object; the defaults use the reserved `.example` domain so a build
 * that forgot to configure them is obvious. See apps/web/README.md for the table.
 */
const env = import.meta.env;

const value = (v: string | undefined, fallback: string): string => (v && v.trim() !== '' ? v.trim() : fallback);

export const config = {
  /** API base path; the server mounts everything under /api (dev: Vite proxies it to :3000). */
  apiBase: value(env.VITE_API_BASE, '/api').replace(/\/+$/, ''),
  /** SPEC §2: help opens an external FAQ page, with a German path variant. */
  helpUrl: value(env.VITE_HELP_URL, 'https://spotlist.example/faq/'),
  helpUrlDe: value(env.VITE_HELP_URL_DE, 'https://spotlist.example/de/faq/'),
  /** SPEC §2 footer links and the side menu's logo link. */
  homeUrl: value(env.VITE_HOME_URL, 'https://spotlist.example/'),
  imprintUrl: value(env.VITE_IMPRINT_URL, 'https://spotlist.example/imprint/'),
  privacyUrl: value(env.VITE_PRIVACY_URL, 'https://spotlist.example/privacy/'),
  termsUrl: value(env.VITE_TERMS_URL, 'https://spotlist.example/terms/'),
  logoLinkUrl: value(env.VITE_LOGO_LINK_URL, 'https://spotlist.example/'),
  /**
   * The server's public address (PUBLIC_URL, given to native builds by scripts/build-native.mjs):
   * shared links point there, and only its links open pages in the app (lib/native/deep-links.ts).
   * Empty in a browser build: the page's own origin is the public one.
   */
  publicUrl: value(env.VITE_PUBLIC_URL, '').replace(/\/+$/, ''),
  /** The tiles' attribution (HTML); empty: the translated OpenStreetMap notice. */
  mapAttribution: value(env.VITE_MAP_ATTRIBUTION, ''),
} as const;

export type AppConfig = typeof config;
