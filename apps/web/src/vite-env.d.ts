/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

/** Set by vite.config.ts from VITE_PWA (default: on for production builds). */
declare const __PWA_ENABLED__: boolean;

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** The server's public address, for links the native shells share and open (scripts/build-native.mjs). */
  readonly VITE_PUBLIC_URL?: string;
  readonly VITE_PWA?: string;
  readonly VITE_HELP_URL?: string;
  readonly VITE_HELP_URL_DE?: string;
  readonly VITE_HOME_URL?: string;
  readonly VITE_IMPRINT_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_LOGO_LINK_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
