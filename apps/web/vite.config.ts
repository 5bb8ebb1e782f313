import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * @ionic/react declares its class components as `class X extends React.Component {…}`; the
 * bundler must keep such a class even when unused (reading `React.Component` might have an
 * effect), and with it the web component it renders (tabs, back button, ion-icon: ~17 KB gzip in
 * the first bundle). Wrapping each top-level class in a pure-annotated function lets unused ones
 * go. The file is generated and formatted (a class ends at the first `}` in column 0); if a
 * release changes that shape, the build says so instead of silently shipping the extra code.
 */
function ionicReactPureClasses(): Plugin {
  const CLASS = /^class ([A-Za-z0-9_$]+) extends (React\.(?:Pure)?Component) \{\n([\s\S]*?)^\}$/gm;
  return {
    name: 'spotlist:ionic-react-pure-classes',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/ },
      handler(code) {
        let wrapped = 0;
        const out = code.replace(CLASS, (_all, name: string, base: string, body: string) => {
          wrapped += 1;
          return `const ${name} = /*@__PURE__*/ (() => class ${name} extends ${base} {\n${body}})();`;
        });
        if (wrapped === 0) this.warn('no class component found in @ionic/react: check ionicReactPureClasses');
        // React.memo/forwardRef/createContext only build values: unused ones may go too.
        return { code: out.replace(/= React\.(memo|forwardRef|createContext)\(/g, '= /*@__PURE__*/ React.$1('), map: null };
      },
    },
  };
}

/**
 * Web app build. Output: apps/web/dist (served by the server in production).
 *
 * VITE_PWA: "true"/"false"; default on for production builds, off for the dev server. When off,
 * no service worker is generated or registered (src/lib/pwa.ts).
 * API_PROXY_TARGET: where the dev and preview servers proxy /api and the visitor pages (/w/, /g/,
 * /embed.js; default http://localhost:3000).
 */
export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const pwaEnabled = env.VITE_PWA ? env.VITE_PWA === 'true' : command === 'build';
  // Where `vite` / `vite preview` send /api (the server's default port).
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: false },
    // the visitor pages the server serves (apps/embed, /w/ and /g/): the widget preview frames them
    '^/(w|g)/': { target: apiTarget, changeOrigin: false },
    '^/embed(\\.js$|-assets/)': { target: apiTarget, changeOrigin: false },
  };

  return {
    root: import.meta.dirname,
    plugins: [
      react(),
      ionicReactPureClasses(),
      VitePWA({
        disable: !pwaEnabled,
        registerType: 'autoUpdate',
        // registered by src/lib/pwa.ts (only when enabled and supported)
        injectRegister: false,
        includeAssets: ['favicon.svg', 'assets/*.svg'],
        manifest: {
          name: 'Spotlist',
          short_name: 'Spotlist',
          description: 'Places you like, lists and recommendations.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#1b6e5a',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // Ionic's chunks stay far below, but a future map or PDF chunk must not break the build.
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
          navigateFallback: '/index.html',
          // The API (and its docs) are the server's; the service worker must never answer them.
          // Nor the widget frame (/w/…, also framed by the preview) and guest app (/g/…) pages of
          // apps/embed: the guest app has its own worker (scope /g/).
          // /meeting/ comes from the network: its answer carries the policy that lets the video host in
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/[wg]\//, /^\/meeting\//],
          cleanupOutdatedCaches: true,
          // Push notifications (show, and open the page on a click): a small plain file of
          // public/ loaded by the generated worker, so workbox keeps generating the caching part
          importScripts: ['push-sw.js'],
          clientsClaim: true,
          skipWaiting: true,
        },
      }),
    ],
    define: {
      __PWA_ENABLED__: JSON.stringify(pwaEnabled),
    },
    server: { port: 5173, proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: { polyfill: false },
      // Maps are written (for error reports and size analysis) but not referenced by the bundle.
      sourcemap: 'hidden',
      // The first chunk is ~500 KB before gzip (Ionic ships its CSS inside the components);
      // gzip sizes are what bench/check-size.mjs guards.
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        output: {
          // The first page's code in one chunk (docs/decisions/0012); lazy pages in shared groups
          // (docs/decisions/0013). includeDependenciesRecursively: false captures only modules of
          // the initial import chain: a component a lazy page takes from components/ionic stays with it.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
              // zod, the contracts' common schemas and the form library in one chunk, as the form pages
              // share them: the push code (lib/push.ts, the settings' notifications) also needs zod but
              // no forms, which made the bundler split them in two (+0.4 KB for every form page)
              {
                name: 'forms',
                test: /[\\/](node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]contracts[\\/]src[\\/]common\.ts$|src[\\/](lib[\\/]validation\.ts|components[\\/]form[\\/]text-field\.tsx)$)/,
                includeDependenciesRecursively: false,
              },
              // react-query in one chunk with its provider, however the pages share its parts
              { name: 'query-client', test: /[\\/](node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/]query-client\.tsx)/ },
              {
                name: 'places-page',
                test: /[\\/]src[\\/](features[\\/](places|likes|lists)[\\/](?!components[\\/](places-map|place-form|place-position)|api[\\/](save-place|place-position))|components[\\/]place-thumb|lib[\\/](distance|place-paths|place-queries|use-location)\.ts)/,
                includeDependenciesRecursively: false,
              },
              // The contracts' user and reference schemas together (the login, signup, profile, onboarding
              // and place forms read both): one chunk, not two that every form page loads
              {
                name: 'user',
                test: /[\\/]packages[\\/]contracts[\\/]src[\\/](user|reference|cities)\.ts$/,
                includeDependenciesRecursively: false,
              },
              // The contracts' profile schemas stay with the profile save (the profile and onboarding
              // pages load them); the place form reads some of them (website, visibility) from there
              {
                name: 'update-profile',
                test: /[\\/](packages[\\/]contracts[\\/]src[\\/]profile\.ts|src[\\/]features[\\/]profile[\\/]api[\\/]update-profile\.ts)$/,
                includeDependenciesRecursively: false,
              },
              // The place form (its fields, requests and the contracts' place schemas) is a lazy part of
              // the place-edit/place-new page (as the profile's business part is of the profile page):
              // the other place pages do not load react-hook-form, zod or the upload pieces
              {
                name: 'place-form',
                test: /[\\/](src[\\/]features[\\/]places[\\/](components[\\/](place-form|place-position)|api[\\/](save-place|place-position))|packages[\\/]contracts[\\/]src[\\/]place(s|-constants)\.ts$)/,
                includeDependenciesRecursively: false,
              },
              // The catalogue search, the plain text field and the rename/delete row: used by the place, list and widget pages
              {
                name: 'place-search',
                test: /[\\/]src[\\/](components[\\/](text-input|catalogue-search|editable-row)\.tsx|lib[\\/]place-search\.ts)/,
                includeDependenciesRecursively: false,
              },
              // The people pages (suggestions, connections, a profile) share one lazy chunk
              {
                name: 'people-page',
                test: /[\\/]src[\\/]features[\\/]people[\\/]/,
                includeDependenciesRecursively: false,
              },
              // The upload pieces (queue, transport, progress, picture picker) in one chunk, as the bundler
              // made it while only picture uploads used them: a page that uploads names one chunk, not four
              {
                name: 'upload-progress',
                test: /[\\/](src[\\/](lib[\\/](uploads[\\/][\w-]+|camera|image-reencode)\.ts|components[\\/](upload-progress|picture-picker|ionic[\\/]ion-progress-bar)\.tsx?)|packages[\\/]contracts[\\/]src[\\/]documents-constants\.ts|@ionic[\\/]core[\\/]components[\\/]ion-progress-bar\.js)$/,
                includeDependenciesRecursively: false,
              },
              // The inbox and a conversation share one lazy chunk (features/messages)
              {
                name: 'messages-page',
                test: /[\\/]src[\\/]features[\\/]messages[\\/]/,
                includeDependenciesRecursively: false,
              },
              // The widget and guest-app pages share one lazy chunk too; the analytics chart
              // (uPlot) and the POI picture upload (lib/uploads) load on demand, apart.
              {
                name: 'widgets-page',
                test: /[\\/]src[\\/](features[\\/](widgets|guest-app)[\\/](?!components[\\/](analytics-chart|poi-picture))|components[\\/]ionic[\\/]reorder-group)|[\\/]@ionic[\\/]core[\\/]components[\\/]ion-reorder-group\.js$/,
                includeDependenciesRecursively: false,
              },
              // The overlay editor's rich text (TipTap on ProseMirror, docs/decisions/0034) loads with
              // the editor only, as chunks by library fetched together: each stays under the lazy-chunk budget
              { name: 'prosemirror-view', test: /[\\/]node_modules[\\/]prosemirror-view[\\/]/ },
              {
                name: 'prosemirror',
                test: /[\\/]node_modules[\\/](prosemirror-[\w-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
                includeDependenciesRecursively: false,
              },
              { name: 'tiptap', test: /[\\/]node_modules[\\/]@tiptap[\\/]/ },
            ],
          },
        },
        treeshake: {
          // Ionic React creates some wrappers with unannotated factory calls; calling them has no
          // effect besides building the component, so unused ones (tabs, nav …) can go.
          manualPureFunctions: ['createForwardRef', 'createReactComponent'],
          // STACK-NOTES: without this every Ionic component lands in the first chunk. Ionic's
          // component modules only define custom elements when their component is used; CSS
          // keeps its side effects. First matching rule wins.
          moduleSideEffects: [
            { test: /\.css$/, sideEffects: true },
            { test: /[\\/]node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false },
            { test: /[\\/]node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]/, sideEffects: false },
            // The contracts only declare schemas and constants.
            { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          ],
        },
      },
    },
  };
});
