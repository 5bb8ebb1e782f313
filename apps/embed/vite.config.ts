import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/**
 * Embed build. Output: apps/embed/dist, served by the server:
 *   embed.js          GET /embed.js            the loader business websites include (classic script, no framework)
 *   frame.html        GET /w/{publicId}        the widget frame page
 *   guest.html        GET /g/{publicId}        the guest app page
 *   overlay.html      GET /o/{sitePublicId}    the overlay frame embed.js puts on business websites
 *   shuttle.html      GET /shuttle/{token}     a shared "where is my shuttle?" link
 *   assets/*          GET /embed-assets/*      the pages' hashed JS and CSS (and the map chunk, loaded on demand)
 *   guest-sw.js       GET /guest-sw.js         the guest app's service worker (scope /g/)
 *   guest.webmanifest GET /guest.webmanifest   the guest app's manifest (copied from public/)
 *
 * Map tiles are not a build setting: the server puts its MAP_TILE_URL into frame.html and guest.html
 * (`<meta name="spotlist-tiles">`, read by src/lib/tiles.ts) when it serves them.
 */
const ASSET_URL = '/embed-assets/';
const src = (file: string) => path.join(import.meta.dirname, 'src', file);

/** A classic, minified, self-contained script (IIFE) from one TypeScript entry. */
async function script(entry: string, define: Record<string, string> = {}): Promise<string> {
  const out = await esbuild({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2019',
    legalComments: 'none',
    define,
  });
  return out.outputFiles[0].text;
}

/**
 * The loader and the service worker are not pages: esbuild bundles each into one classic script
 * at the root of dist. The service worker learns the hashed assets it precaches from the bundle.
 */
function rootScripts(): Plugin {
  return {
    name: 'spotlist:embed-root-scripts',
    apply: 'build',
    // The manifest is served at the root (/guest.webmanifest), not under the assets' base:
    // linked after Vite has rewritten the page's URLs.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.filename.endsWith('guest.html')
          ? html.replace('</title>', '</title>\n    <link rel="manifest" href="/guest.webmanifest" />')
          : html,
    },
    async generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: await script(src('loader/embed.ts')) });
      // Everything the guest page may load: its entry, chunks (the map too) and stylesheets.
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f))
        .sort()
        .map((f) => ASSET_URL + f.slice('assets/'.length));
      const version = assets.join('|');
      let hash = 0;
      for (let i = 0; i < version.length; i++) hash = (hash * 31 + version.charCodeAt(i)) | 0;
      this.emitFile({
        type: 'asset',
        fileName: 'guest-sw.js',
        source: await script(src('guest/sw.ts'), {
          __SW_ASSETS__: JSON.stringify(assets),
          __SW_VERSION__: JSON.stringify((hash >>> 0).toString(36)),
        }),
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: ASSET_URL,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [rootScripts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    sourcemap: 'hidden',
    rolldownOptions: {
      input: {
        frame: path.join(import.meta.dirname, 'frame.html'),
        guest: path.join(import.meta.dirname, 'guest.html'),
        overlay: path.join(import.meta.dirname, 'overlay.html'),
        shuttle: path.join(import.meta.dirname, 'shuttle.html'),
      },
      treeshake: {
        // The contracts only declare schemas and constants: only the constants used here stay
        // (they sit in zod-free modules, so zod stays out of the bundle).
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  experimental: {
    // Files live in dist/assets and are served under /embed-assets/ (not /embed-assets/assets/).
    renderBuiltUrl: (fileName) => ASSET_URL + fileName.replace(/^assets\//, ''),
  },
});
