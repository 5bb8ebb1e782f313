// Gzip sizes of the built web app (apps/web/dist) and embed (apps/embed/dist), shared by the
// benchmark report and the CI size check. 1 KB = 1000 bytes, as Vite prints them. Gzip level 9
// (what a static server precompresses).
//
//   initial JS    what index.html loads before anything renders: its <script src> files, its
//                 <link rel="modulepreload"> files and every chunk those import statically.
//   lazy chunks   the other JS files under assets/ (loaded by a dynamic import()).
//   pages         lazy chunks whose stable name ends in "-page" (Vite names a lazy chunk after
//                 its module: pages/login-page.tsx → assets/login-page-<hash>.js). A page's size is
//                 its chunk plus the lazy chunks it imports statically (what opening it downloads
//                 on top of the initial JS).
//   embed         embed.js (the loader), and the initial JS of frame.html, guest.html and
//                 overlay.html measured like index.html's (their URLs /embed-assets/x are
//                 dist/assets/x).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const KB = 1000;

export const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/** `login-page-DkX0a_9z.js` → `login-page` (Vite/Rolldown append "-" and an 8-character hash). */
export function stableName(file) {
  const base = path.basename(file).replace(/\.m?js$/, '');
  const m = base.match(/^(.+)-[A-Za-z0-9_-]{8}$/);
  return m ? m[1] : base;
}

/** Relative chunk paths a minified ES module imports statically (`import … from "./x.js"`, `import "./x.js"`). */
export function staticImports(source) {
  const out = new Set();
  const re = /(?:\bfrom\s*|\bimport\s*)["']((?:\.{1,2})?\/[^"'\s]+?\.m?js)["']/g;
  for (const m of source.matchAll(re)) out.add(m[1]);
  return [...out];
}

function attr(tag, name) {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return m ? (m[2] ?? m[3] ?? m[4]) : undefined;
}

/** Files index.html references (scripts, modulepreloads, stylesheets), as paths relative to dist. */
export function htmlReferences(html) {
  const local = (url) => (url && !/^[a-z]+:|^\/\//i.test(url) ? url.replace(/^\.?\//, '').split(/[?#]/)[0] : undefined);
  const scripts = [];
  const preloads = [];
  const styles = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = local(attr(tag, 'src'));
    if (src) scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const href = local(attr(tag, 'href'));
    if (!href) continue;
    if (rel === 'modulepreload') preloads.push(href);
    else if (rel === 'stylesheet') styles.push(href);
  }
  return { scripts, preloads, styles };
}

function listFiles(dir, prefix = '') {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

/**
 * Analyses a Vite build folder. Throws when the page (index.html) is missing.
 * Returns { dist, html, initial, css, lazy, pages }; every size is { raw, gzip } in bytes.
 * Options (for apps/embed): `page`, another HTML file; `urlPrefix`, the URL path the server serves
 * dist/assets under (`/embed-assets/` → assets/).
 */
export function analyzeWebDist(dist, { page = 'index.html', urlPrefix, build = 'npm run build -w @spotlist/web' } = {}) {
  const indexFile = path.join(dist, page);
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} not found: build it first (${build})`);
  const html = fs.readFileSync(indexFile, 'utf8');
  const prefix = urlPrefix?.replace(/^\//, '');
  const toDist = (rel) => (prefix && rel.startsWith(prefix) ? `assets/${rel.slice(prefix.length)}` : rel);
  const cache = new Map();
  const file = (rel) => {
    if (!cache.has(rel)) {
      const abs = path.join(dist, rel);
      const buf = fs.existsSync(abs) ? fs.readFileSync(abs) : null;
      cache.set(rel, buf && { file: rel, raw: buf.length, gzip: gzipSize(buf), source: buf.toString('utf8') });
    }
    return cache.get(rel);
  };
  const importsOf = (rel) => {
    const f = file(rel);
    if (!f || !/\.m?js$/.test(rel)) return [];
    return staticImports(f.source)
      .map((spec) => (spec.startsWith('/') ? toDist(spec.slice(1)) : path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec))))
      .filter((r) => file(r));
  };
  const closure = (roots, exclude = new Set()) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const rel = stack.pop();
      if (seen.has(rel) || exclude.has(rel) || !file(rel)) continue;
      seen.add(rel);
      stack.push(...importsOf(rel));
    }
    return seen;
  };
  const sum = (files) => files.reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const entry = (f) => ({ file: f.file, name: stableName(f.file), raw: f.raw, gzip: f.gzip });

  const found = htmlReferences(html);
  const refs = { scripts: found.scripts.map(toDist), preloads: found.preloads.map(toDist), styles: found.styles.map(toDist) };
  const initialSet = closure([...refs.scripts, ...refs.preloads].filter((r) => /\.m?js$/.test(r)));
  const initialFiles = [...initialSet].sort().map((r) => entry(file(r)));
  const cssFiles = refs.styles
    .map((r) => file(r))
    .filter(Boolean)
    .map(entry);

  const lazyFiles = listFiles(path.join(dist, 'assets'))
    .map((r) => `assets/${r}`)
    .filter((r) => /\.m?js$/.test(r) && !initialSet.has(r))
    .sort()
    .map((r) => entry(file(r)));
  const pages = lazyFiles
    .filter((f) => f.name.endsWith('-page'))
    .map((f) => {
      const files = [...closure([f.file], initialSet)].sort().map((r) => file(r));
      return { name: f.name, chunk: f.file, files: files.map((x) => x.file), ...sum(files) };
    });
  const largest = lazyFiles.reduce((a, f) => (!a || f.gzip > a.gzip ? f : a), null);

  return {
    dist,
    // Files index.html names that are not there: a build caught half-written, or a broken build.
    missing: [...refs.scripts, ...refs.preloads, ...refs.styles].filter((r) => !file(r)),
    html: { raw: Buffer.byteLength(html), gzip: gzipSize(Buffer.from(html)) },
    initial: { files: initialFiles, ...sum(initialFiles) },
    css: { files: cssFiles, ...sum(cssFiles) },
    lazy: {
      files: lazyFiles,
      count: lazyFiles.length,
      largest: largest ? { file: largest.file, name: largest.name, gzip: largest.gzip } : null,
    },
    pages,
  };
}

/**
 * The embed build (apps/embed/dist): the loader script business websites include, and the initial
 * JS of the widget frame page, of the guest app page and of the overlay frame page (what their
 * HTML loads, as for the web app; the map chunk loads on demand and is not part of it). The server
 * serves dist/assets under /embed-assets/. Throws when the build is missing; `overlay` is null in
 * a build without the overlay page (builds before it).
 */
export function analyzeEmbedDist(dist) {
  const build = 'npm run build -w @spotlist/embed';
  const loaderFile = path.join(dist, 'embed.js');
  if (!fs.existsSync(loaderFile)) throw new Error(`${loaderFile} not found: build it first (${build})`);
  const loader = fs.readFileSync(loaderFile);
  const page = (name) => analyzeWebDist(dist, { page: name, urlPrefix: '/embed-assets/', build });
  return {
    dist,
    loader: { raw: loader.length, gzip: gzipSize(loader) },
    frame: page('frame.html'),
    guest: page('guest.html'),
    overlay: fs.existsSync(path.join(dist, 'overlay.html')) ? page('overlay.html') : null,
  };
}

/**
 * The size-budget measures: key → { bytes, target, file? }. The keys are stable across builds,
 * so they can sit in bench/size-budget.json.
 */
export const SIZE_TARGETS = {
  initialJs: 160 * KB,
  lazyPage: 60 * KB,
  embedLoader: 3 * KB,
  embedFrameJs: 45 * KB,
  embedGuestJs: 45 * KB,
  embedOverlayJs: 20 * KB,
};

export function sizeMeasures(root) {
  const web = analyzeWebDist(path.join(root, 'apps/web/dist'));
  const measures = {
    'web:initial-js': { bytes: web.initial.gzip, target: SIZE_TARGETS.initialJs },
    'web:largest-lazy-chunk': { bytes: web.lazy.largest?.gzip ?? 0, target: SIZE_TARGETS.lazyPage, file: web.lazy.largest?.file },
  };
  for (const p of web.pages) {
    // Two chunks of the same stable name would share a key: keep the larger, which is the one a budget must hold.
    const key = `web:page:${p.name}`;
    if (!measures[key] || measures[key].bytes < p.gzip) measures[key] = { bytes: p.gzip, target: SIZE_TARGETS.lazyPage, file: p.chunk };
  }
  const embed = analyzeEmbedDist(path.join(root, 'apps/embed/dist'));
  measures['embed:loader'] = { bytes: embed.loader.gzip, target: SIZE_TARGETS.embedLoader, file: 'embed.js' };
  measures['embed:frame-initial-js'] = { bytes: embed.frame.initial.gzip, target: SIZE_TARGETS.embedFrameJs };
  measures['embed:guest-initial-js'] = { bytes: embed.guest.initial.gzip, target: SIZE_TARGETS.embedGuestJs };
  if (embed.overlay) measures['embed:overlay-initial-js'] = { bytes: embed.overlay.initial.gzip, target: SIZE_TARGETS.embedOverlayJs };
  return measures;
}

export const formatKB = (bytes) => (bytes == null ? '–' : `${(bytes / KB).toFixed(1)} KB`);
