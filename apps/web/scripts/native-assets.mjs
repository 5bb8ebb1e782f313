// Draws the native shells' icons and splash screens from the product's own artwork (the pin of
// public/favicon.svg on the brand colour), replacing the Capacitor template's pictures at the
// sizes the generated projects use. Run after `cap add` (docs/native.md):
//   node scripts/native-assets.mjs
// Deterministic: the same artwork gives the same bytes, so a re-run changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BRAND = '#1b6e5a';
/** The pin of public/favicon.svg (its 64-unit box), white. */
const PIN =
  'M32 10a13.3 13.3 0 0 0-13.3 13.3c0 9.6 13.3 27.4 13.3 27.4s13.3-17.8 13.3-27.4A13.3 13.3 0 0 0 32 10Zm0 8.2a5.1 5.1 0 1 1 0 10.2 5.1 5.1 0 0 1 0-10.2Z';

/**
 * An SVG of `w`×`h`: the background (brand, a brand circle, or none) and the white pin, its
 * 64-unit box scaled to `pinShare` of the shorter side, centred.
 */
function artwork(w, h, { background, pinShare }) {
  const box = Math.min(w, h) * pinShare;
  const scale = box / 64;
  const x = (w - box) / 2;
  const y = (h - box) / 2;
  const bg =
    background === 'brand'
      ? `<rect width="${w}" height="${h}" fill="${BRAND}"/>`
      : background === 'circle'
        ? `<circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 2}" fill="${BRAND}"/>`
        : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${bg}` +
      `<path transform="translate(${x} ${y}) scale(${scale})" fill="#fff" fill-rule="evenodd" d="${PIN}"/></svg>`,
  );
}

/** Replaces the PNG at `file` with the artwork at its own size; iOS icons may not have an alpha channel. */
async function redraw(file, style, { flatten = false } = {}) {
  const { width, height } = await sharp(file).metadata();
  let img = sharp(artwork(width, height, style));
  if (flatten) img = img.flatten({ background: BRAND });
  const png = await img.png({ compressionLevel: 9 }).toBuffer();
  fs.writeFileSync(file, png);
  return `${path.relative(WEB, file)} ${width}x${height}`;
}

const walk = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];

async function main() {
  const done = [];
  const res = path.join(WEB, 'android/app/src/main/res');
  for (const file of walk(res).filter((f) => f.endsWith('.png'))) {
    const name = path.basename(file);
    // the launcher: full-bleed brand square (legacy), brand circle (round), pin alone on the adaptive
    // icon's brand background (its foreground keeps to the 66 % safe zone of the 108 dp layer)
    if (name === 'ic_launcher.png') done.push(await redraw(file, { background: 'brand', pinShare: 0.72 }));
    else if (name === 'ic_launcher_round.png') done.push(await redraw(file, { background: 'circle', pinShare: 0.72 }));
    else if (name === 'ic_launcher_foreground.png') done.push(await redraw(file, { background: 'transparent', pinShare: 0.5 }));
    else if (name === 'splash.png') done.push(await redraw(file, { background: 'brand', pinShare: 0.28 }));
  }
  const background = path.join(res, 'values/ic_launcher_background.xml');
  if (fs.existsSync(background)) {
    fs.writeFileSync(
      background,
      `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${BRAND.toUpperCase()}</color>\n</resources>\n`,
    );
  }
  const assets = path.join(WEB, 'ios/App/App/Assets.xcassets');
  for (const file of walk(path.join(assets, 'AppIcon.appiconset')).filter((f) => f.endsWith('.png')))
    done.push(await redraw(file, { background: 'brand', pinShare: 0.72 }, { flatten: true }));
  for (const file of walk(path.join(assets, 'Splash.imageset')).filter((f) => f.endsWith('.png')))
    done.push(await redraw(file, { background: 'brand', pinShare: 0.2 }));
  if (done.length === 0) throw new Error('no native project: run `npx cap add android` and `npx cap add ios` in apps/web first');
  console.log(done.join('\n'));
}

await main();
