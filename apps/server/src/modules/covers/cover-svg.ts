import type { PlaceCategory } from '@spotlist/contracts';

/**
 * The generated cover of a place: its category's colour as a soft gradient, the category's icon
 * and its name on at most two lines. Pure: the same place gives the same bytes (the response
 * cache's ETag depends on it). Nothing in it loads or runs anything (no script, link, style
 * sheet, font or image), and the name only ever appears as escaped character data.
 */

/** The side of the square cover in SVG units (the thumbnail size of pictures, THUMB_SIZE). */
const SIZE = 240;

/** One colour per category, dark enough for white text (WCAG AA for large text on the lower half). */
export const CATEGORY_COLOURS: Record<PlaceCategory, string> = {
  sight: '#c2410c',
  museum: '#7e22ce',
  park: '#15803d',
  nature: '#4d7c0f',
  restaurant: '#b91c1c',
  cafe: '#92400e',
  bar: '#9d174d',
  market: '#b45309',
  shop: '#be185d',
  hotel: '#1d4ed8',
  venue: '#a21caf',
  sport: '#0e7490',
  transport: '#3730a3',
  other: '#475569',
};

/** One icon per category on a 24 × 24 grid, drawn as filled paths (even-odd holes). */
export const CATEGORY_ICONS: Record<PlaceCategory, string> = {
  // a camera
  sight:
    'M4 7h3l2-2h6l2 2h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM12 9a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM12 11a2 2 0 1 1 0 4a2 2 0 1 1 0-4z',
  // a building with columns
  museum: 'M12 2 2 7v2h20V7zM4 10h3v8H4zM10.5 10h3v8h-3zM17 10h3v8h-3zM2 19h20v3H2z',
  // a tree
  park: 'M12 2 5 11h3.5L4 17h7v5h2v-5h7l-4.5-6H19z',
  // mountains
  nature: 'M1 20 8.5 7l4.5 7.8L16 10l7 10z',
  // fork and knife
  restaurant: 'M6 2h1.5v6h1V2H10v6h1V2h1.5v7a3 3 0 0 1-2.25 2.9V22h-2.5V11.9A3 3 0 0 1 5.5 9V2zM17.5 2C15.6 2 14 4.7 14 8v5h2.5v9H19V2z',
  // a cup with a handle and a saucer
  cafe: 'M3 7h14v5a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6zM17 8h1.5a3 3 0 0 1 0 6H17v-2h1.5a1 1 0 0 0 0-2H17zM2 19h17v2H2z',
  // a cocktail glass
  bar: 'M3 3h18l-8 9v7h4v2H7v-2h4v-7z',
  // a stall under an awning
  market: 'M3 3h18l1.5 6a3 3 0 0 1-5.25 1.5A3 3 0 0 1 12 10.5a3 3 0 0 1-5.25 0A3 3 0 0 1 1.5 9zM4 13h2v6h12v-6h2v8H4z',
  // a shopping bag
  shop: 'M5 7h14l1 15H4zM8 7a4 4 0 0 1 8 0h-2a2 2 0 0 0-4 0z',
  // a bed
  hotel: 'M2 5h2v8h18v7h-2v-3H4v3H2zM7.5 8a2 2 0 1 0 0 4a2 2 0 1 0 0-4zM11 8h7a3 3 0 0 1 3 3v1H11z',
  // a star
  venue: 'M12 2l3 6.6 7.1.7-5.4 4.8 1.6 7L12 17.4 5.7 21.1l1.6-7L1.9 9.3 9 8.6z',
  // a trophy
  sport:
    'M7 3h10v2h4v3a4.5 4.5 0 0 1-4.6 4.5A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1a5 5 0 0 1-3.4-3.4A4.5 4.5 0 0 1 3 8V5h4zM5 7v1a2.5 2.5 0 0 0 2 2.45V7zM19 7h-2v3.45A2.5 2.5 0 0 0 19 8z',
  // a bus
  transport:
    'M5 4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v13a1 1 0 0 1-1 1v2h-2.5v-2h-7v2H6v-2a1 1 0 0 1-1-1zM7 5v6h10V5zM8 13.5a1.25 1.25 0 1 0 0 2.5a1.25 1.25 0 1 0 0-2.5zM16 13.5a1.25 1.25 0 1 0 0 2.5a1.25 1.25 0 1 0 0-2.5z',
  // a map pin
  other: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zM12 6.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z',
};

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text with & < > " ' as entities; what XML 1.0 does not allow at all is dropped. */
export function escapeXml(s: string): string {
  return (
    s
      // C0 controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF: not XML characters
      .replace(
        /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
        '',
      )
      .replace(/[&<>"']/g, (c) => XML_ENTITIES[c])
  );
}

/** Lines of the name: at most this many "narrow" characters each (a wide one counts twice). */
const LINE_UNITS = 16;
const MAX_LINES = 2;

const graphemes = (s: string): string[] => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);
/** East Asian wide characters and emoji take about twice the width of a Latin letter. */
const unitsOf = (g: string): number => ((g.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1);
const width = (gs: readonly string[]): number => gs.reduce((n, g) => n + unitsOf(g), 0);

/**
 * The name in at most two lines of about LINE_UNITS characters: broken between words where it
 * can, inside a word that is longer than a line, and ended with "…" when it does not fit.
 * Whitespace (newlines, tabs) is folded to single spaces; graphemes are never split.
 */
export function wrapName(name: string, lineUnits = LINE_UNITS, maxLines = MAX_LINES): string[] {
  const words = name.trim().split(/\s+/u).filter(Boolean).map(graphemes);
  const lines: string[][] = [];
  let cur: string[] = [];
  const push = () => {
    lines.push(cur);
    cur = [];
  };
  for (const word of words) {
    const sep = cur.length > 0 ? 1 : 0;
    if (width(cur) + sep + width(word) <= lineUnits) {
      if (sep) cur.push(' ');
      cur.push(...word);
      continue;
    }
    // the word starts a new line (or, when longer than a line, is cut across lines)
    if (cur.length > 0) push();
    let rest = word;
    while (width(rest) > lineUnits) {
      let n = 0;
      let u = 0;
      while (n < rest.length && u + unitsOf(rest[n]) <= lineUnits) u += unitsOf(rest[n++]);
      cur = rest.slice(0, n);
      push();
      rest = rest.slice(n);
    }
    cur = [...rest];
  }
  if (cur.length > 0) push();
  if (lines.length <= maxLines) return lines.map((l) => l.join(''));
  // too long: the last line that fits ends with an ellipsis
  const last = [...lines[maxLines - 1]];
  while (last.length > 0 && width(last) + 1 > lineUnits) last.pop();
  while (last.length > 0 && last[last.length - 1] === ' ') last.pop();
  return [...lines.slice(0, maxLines - 1).map((l) => l.join('')), `${last.join('')}…`];
}

/** `#rrggbb` mixed with white: `amount` 0 keeps the colour, 1 is white. */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif";
const FONT_SIZE = 20;
const LINE_HEIGHT = 25;
/** The icon: 88 units wide, centred in the upper part. */
const ICON_SIZE = 88;
const ICON_TOP = 34;

export interface CoverPlace {
  name: string;
  category: PlaceCategory;
}

/** The cover's SVG document (UTF-8 text). */
export function coverSvg(place: CoverPlace): string {
  const colour = CATEGORY_COLOURS[place.category] ?? CATEGORY_COLOURS.other;
  const icon = CATEGORY_ICONS[place.category] ?? CATEGORY_ICONS.other;
  const lines = wrapName(place.name);
  const scale = ICON_SIZE / 24;
  const iconX = (SIZE - ICON_SIZE) / 2;
  // one line sits a little lower, two are centred on the same point
  const firstBaseline = lines.length > 1 ? 172 : 186;
  const tspans = lines.map((l, i) => `<tspan x="${SIZE / 2}" y="${firstBaseline + i * LINE_HEIGHT}">${escapeXml(l)}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">` +
    `<title>${escapeXml(place.name)}</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">` +
    `<stop offset="0" stop-color="${tint(colour, 0.45)}"/><stop offset="1" stop-color="${colour}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>` +
    `<path transform="translate(${iconX} ${ICON_TOP}) scale(${scale.toFixed(4)})" fill="#fff" fill-opacity="0.92" fill-rule="evenodd" d="${icon}"/>` +
    `<text fill="#fff" font-family="${FONT}" font-size="${FONT_SIZE}" font-weight="600" text-anchor="middle">${tspans}</text>` +
    `</svg>`
  );
}
