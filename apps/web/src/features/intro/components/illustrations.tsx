import type { ReactNode } from 'react';

/**
 * The intro's illustrations: small inline SVGs in the primary green and soft tints of it, drawn
 * here so the page needs no image file or icon font. Decorative: hidden from assistive technology
 * (the slide's heading and text say what they show). Coloured by classes (intro.css: the theme's
 * tokens), not fill attributes, so they follow dark mode: `PAPER` is a card's surface, `ON_BRAND`
 * a mark drawn on the green.
 */
const BRAND = 'art-brand';
const TINT_1 = 'art-tint-1';
const TINT_2 = 'art-tint-2';
const TINT_3 = 'art-tint-3';
const WHITE = 'art-paper';
const ON_BRAND = 'art-on-brand';
/** The same colours for outlines. */
const LINE: Record<string, string> = {
  [BRAND]: 'art-line-brand',
  [TINT_2]: 'art-line-tint-2',
  [TINT_3]: 'art-line-tint-3',
  [ON_BRAND]: 'art-line-on-brand',
};

function Art({ children }: { children: ReactNode }) {
  return (
    <svg className="intro-art" viewBox="0 0 240 160" aria-hidden="true" focusable="false">
      <circle className={TINT_1} cx="120" cy="84" r="70" />
      <circle className={TINT_2} cx="36" cy="36" r="6" />
      <circle className={TINT_2} cx="206" cy="132" r="8" />
      {children}
    </svg>
  );
}

/** A map pin whose tip is at (x, y). */
function Pin({ x, y, color = BRAND, scale = 1 }: { x: number; y: number; color?: string; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path className={color} d="M0 0S-14-14-14-24a14 14 0 0 1 28 0C14-14 0 0 0 0z" />
      <circle className={WHITE} cy="-24" r="5" />
    </g>
  );
}

/** A heart centred on (x, y). */
function Heart({ x, y, color = BRAND }: { x: number; y: number; color?: string }) {
  return <path className={color} transform={`translate(${x} ${y})`} d="M0 14S-18 4-18-6a9 9 0 0 1 18-3 9 9 0 0 1 18 3C18 4 0 14 0 14z" />;
}

/** A rounded bar, the illustrations' stand-in for a line of text. */
const Line = ({ x, y, w, color = TINT_2 }: { x: number; y: number; w: number; color?: string }) => (
  <rect className={color} x={x} y={y} width={w} height="7" rx="3.5" />
);

/** A place card with a picture and a heart: liking places. */
export function LikesArt() {
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_2]}`} x="58" y="32" width="112" height="100" rx="12" strokeWidth="2" />
      <rect className={TINT_2} x="68" y="42" width="92" height="50" rx="8" />
      <path className={TINT_3} d="M68 84l22-22 18 16 14-12 38 26H76a8 8 0 0 1-8-8z" />
      <circle className={WHITE} cx="140" cy="56" r="7" />
      <Line x={68} y={102} w={64} color={TINT_3} />
      <Line x={68} y={116} w={44} />
      <circle className={`${WHITE} ${LINE[TINT_2]}`} cx="172" cy="120" r="24" strokeWidth="2" />
      <Heart x={172} y={120} />
    </Art>
  );
}

/** A folded map with a route and pins: the map of one's places. */
export function MapArt() {
  return (
    <Art>
      <path
        className={`${WHITE} ${LINE[TINT_3]}`}
        d="M52 50l44-16 48 16 44-16v92l-44 16-48-16-44 16z"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path className={LINE[TINT_2]} d="M96 34v92M144 50v92" strokeWidth="2" />
      <path
        d="M72 116c14-26 38 6 54-18s34-10 44-34"
        className={LINE[TINT_3]}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 7"
      />
      <Pin x={72} y={118} color={TINT_3} scale={0.7} />
      <Pin x={170} y={66} color={TINT_3} scale={0.7} />
      <Pin x={124} y={100} />
    </Art>
  );
}

/** Share: three joined dots in a brand circle centred on (x, y). */
function ShareBadge({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle className={BRAND} r="22" />
      <path className={LINE[ON_BRAND]} d="M-8 0 7-8M-8 0 7 8" strokeWidth="3" />
      <circle className={ON_BRAND} cx="-8" r="4.5" />
      <circle className={ON_BRAND} cx="7" cy="-8" r="4.5" />
      <circle className={ON_BRAND} cx="7" cy="8" r="4.5" />
    </g>
  );
}

/** Two stacked lists and a share badge: lists and their links. */
export function ListsArt() {
  return (
    <Art>
      <rect className={TINT_2} x="82" y="24" width="100" height="104" rx="12" />
      <rect className={`${WHITE} ${LINE[TINT_2]}`} x="60" y="36" width="100" height="104" rx="12" strokeWidth="2" />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <circle className={i === 0 ? BRAND : TINT_3} cx="78" cy={62 + i * 26} r="7" />
          <Line x={92} y={58 + i * 26} w={i === 1 ? 40 : 52} />
        </g>
      ))}
      <ShareBadge x={170} y={122} />
    </Art>
  );
}

/** A file going in and the app's list going out: import and export. */
export function TransferArt() {
  return (
    <Art>
      <path
        className={`${WHITE} ${LINE[TINT_3]}`}
        d="M48 44h40l16 16v64a8 8 0 0 1-8 8H48a8 8 0 0 1-8-8V52a8 8 0 0 1 8-8z"
        strokeWidth="2"
      />
      <path className={LINE[TINT_3]} d="M88 44v16h16" fill="none" strokeWidth="2" strokeLinejoin="round" />
      <Line x={50} y={76} w={40} />
      <Line x={50} y={90} w={44} />
      <Line x={50} y={104} w={32} />
      <rect className={BRAND} x="144" y="32" width="60" height="104" rx="12" />
      <rect className={WHITE} x="151" y="44" width="46" height="80" rx="6" />
      <Pin x={174} y={82} scale={0.8} />
      <Line x={158} y={94} w={32} />
      <Line x={158} y={106} w={24} />
      <g className={LINE[BRAND]} fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        <path d="M112 70h20m-8-8 8 8-8 8" />
      </g>
      <g className={LINE[TINT_3]} fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        <path d="M132 100h-20m8-8-8 8 8 8" />
      </g>
    </Art>
  );
}

/** A profile card with a picture, a pen and a website globe: the blogger's profile. */
export function BloggerProfileArt() {
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_2]}`} x="48" y="36" width="144" height="96" rx="12" strokeWidth="2" />
      <circle className={TINT_2} cx="84" cy="72" r="20" />
      <circle className={BRAND} cx="84" cy="66" r="8" />
      <path className={BRAND} d="M70 86a14 14 0 0 1 28 0z" />
      <Line x={114} y={60} w={56} color={TINT_3} />
      <Line x={114} y={74} w={40} />
      <Line x={64} y={104} w={112} />
      <Line x={64} y={116} w={80} />
      <g transform="translate(186 38)">
        <circle className={BRAND} r="20" />
        <g className={LINE[ON_BRAND]} fill="none" strokeWidth="2.5">
          <circle r="10" />
          <path d="M-10 0h20M0-10c-6 6-6 14 0 20M0-10c6 6 6 14 0 20" />
        </g>
      </g>
      <path className={TINT_3} d="m150 96 24-24 8 8-24 24-11 3z" />
    </Art>
  );
}

/** Lists with a public link for readers: the blogger's public lists. */
export function PublicListsArt() {
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_2]}`} x="44" y="30" width="104" height="108" rx="12" strokeWidth="2" />
      <rect className={TINT_2} x="54" y="40" width="84" height="34" rx="6" />
      <Heart x={96} y={56} color={WHITE} />
      {[0, 1].map((i) => (
        <g key={i}>
          <circle className={i === 0 ? BRAND : TINT_3} cx="62" cy={92 + i * 22} r="6" />
          <Line x={74} y={88 + i * 22} w={i === 0 ? 56 : 40} />
        </g>
      ))}
      <rect className={BRAND} x="128" y="92" width="76" height="30" rx="15" />
      <g className={LINE[ON_BRAND]} fill="none" strokeWidth="3" strokeLinecap="round">
        <path d="M146 107h6m-3-6h-3a6 6 0 0 0 0 12h3m6-12h3a6 6 0 0 1 0 12h-3" />
      </g>
      <Line x={168} y={103.5} w={26} color={TINT_2} />
    </Art>
  );
}

/** A shop front with its locations around it: the business profile. */
export function BusinessProfileArt() {
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_3]}`} x="72" y="62" width="96" height="72" strokeWidth="2" />
      <path className={BRAND} d="M64 62l10-26h92l10 26z" />
      <path className={TINT_3} d="M64 62a14 10 0 0 0 28 0 14 10 0 0 0 28 0 14 10 0 0 0 28 0 14 10 0 0 0 28 0z" />
      <rect className={TINT_2} x="84" y="84" width="24" height="22" rx="3" />
      <rect className={TINT_2} x="124" y="94" width="28" height="40" rx="3" />
      <Pin x={44} y={122} color={TINT_3} scale={0.8} />
      <Pin x={198} y={100} scale={0.8} />
    </Art>
  );
}

/** A web page in a browser window with a places widget in it: widgets for the website. */
export function WidgetArt() {
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_3]}`} x="36" y="30" width="168" height="108" rx="10" strokeWidth="2" />
      <path className={TINT_2} d="M46 30h148a10 10 0 0 1 10 10v8H36v-8a10 10 0 0 1 10-10z" />
      <circle className={WHITE} cx="50" cy="39" r="3" />
      <circle className={WHITE} cx="60" cy="39" r="3" />
      <circle className={WHITE} cx="70" cy="39" r="3" />
      <Line x={50} y={62} w={56} color={TINT_3} />
      <Line x={50} y={76} w={48} />
      <Line x={50} y={90} w={54} />
      <Line x={50} y={104} w={36} />
      <rect className={`${TINT_1} ${LINE[BRAND]}`} x="118" y="58" width="72" height="68" rx="8" strokeWidth="2" />
      <Pin x={138} y={96} scale={0.7} />
      <Line x={150} y={74} w={30} color={TINT_3} />
      <Line x={150} y={86} w={22} />
      <Line x={128} y={106} w={52} />
    </Art>
  );
}

/** A phone with the guest page and a QR code for a room or table: the guest app. */
export function GuestAppArt() {
  const modules = [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
    [1, 3],
    [3, 1],
  ];
  return (
    <Art>
      <rect className={BRAND} x="62" y="22" width="68" height="120" rx="12" />
      <rect className={WHITE} x="68" y="34" width="56" height="96" rx="6" />
      <Line x={76} y={44} w={36} color={TINT_3} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect className={TINT_2} x="76" y={60 + i * 22} width="14" height="14" rx="3" />
          <Line x={96} y={63.5 + i * 22} w={20} />
        </g>
      ))}
      <g transform="translate(146 62)">
        <rect className={`${WHITE} ${LINE[TINT_3]}`} width="60" height="60" rx="8" strokeWidth="2" />
        {[
          [8, 8],
          [36, 8],
          [8, 36],
        ].map(([x, y]) => (
          <g key={`${x}-${y}`}>
            <rect className={BRAND} x={x} y={y} width="16" height="16" rx="2" />
            <rect className={WHITE} x={x! + 5} y={y! + 5} width="6" height="6" />
          </g>
        ))}
        {modules.map(([x, y]) => (
          <rect className={BRAND} key={`${x}-${y}`} x={30 + x! * 6} y={30 + y! * 6} width="5" height="5" />
        ))}
      </g>
    </Art>
  );
}

/** A bar chart with its trend: analytics. */
export function AnalyticsArt() {
  const bars = [30, 46, 40, 58, 70];
  return (
    <Art>
      <rect className={`${WHITE} ${LINE[TINT_2]}`} x="44" y="30" width="152" height="108" rx="12" strokeWidth="2" />
      <path className={LINE[TINT_2]} d="M60 120h120" strokeWidth="2" />
      {bars.map((h, i) => (
        <rect className={i === bars.length - 1 ? BRAND : TINT_3} key={i} x={66 + i * 22} y={118 - h} width="14" height={h} rx="3" />
      ))}
      <path
        d={`M${bars.map((h, i) => `${73 + i * 22} ${108 - h}`).join('L')}`}
        className={LINE[BRAND]}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Art>
  );
}
