import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shells (issue 25; docs/native.md). The web build in `dist` is the app; it calls the
 * API at the absolute address given at build time (API_BASE_URL → VITE_API_BASE, scripts/
 * build-native.mjs), with the token transport in the body (lib/api-client.ts tokenTransport): the
 * pages load from https://localhost (Android) and capacitor://localhost (iOS), which the server
 * allows by CORS (NATIVE_ORIGINS). No `server.url`: the shells never load pages from a server.
 */
const config: CapacitorConfig = {
  appId: process.env.APP_ID ?? 'app.spotlist.mobile',
  appName: 'Spotlist',
  webDir: 'dist',
  android: {
    // no http:// from the app's pages (the API and the tiles are https)
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'never',
  },
  plugins: {
    Keyboard: { resize: 'body', resizeOnFullScreen: true },
    StatusBar: { overlaysWebView: false },
    // iOS shows a notice that arrives while the app is open too (Android's FCM does not: the
    // server sends nothing to the conversation the user has open anyway)
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
