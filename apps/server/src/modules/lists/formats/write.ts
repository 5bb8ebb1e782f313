import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@spotlist/contracts';
import { writeCsv } from '../../../lib/csv.ts';

export interface ExportItem {
  name: string;
  note: string;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  category: string;
  website: string | null;
  phone: string | null;
  accessibility: string[];
  externalId: string | null;
}

export interface ExportList {
  name: string;
  description: string;
  items: ExportItem[];
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/** 6 decimals (about 0.1 m), the precision a round trip keeps. */
const coord = (n: number): string => n.toFixed(6);

/** XML 1.0 text: escaped, without the control characters XML cannot hold. */
const x = (s: string): string =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** GeoJSON (RFC 7946): Point features, `geometry: null` for places that need a location. */
function geojson(list: ExportList): string {
  return JSON.stringify(
    {
      type: 'FeatureCollection',
      name: list.name,
      features: list.items.map((i, position) => ({
        type: 'Feature',
        geometry: i.latitude === null ? null : { type: 'Point', coordinates: [Number(coord(i.longitude!)), Number(coord(i.latitude))] },
        properties: {
          name: i.name,
          note: i.note,
          position,
          description: i.description,
          address: i.address,
          city: i.city,
          country: i.country,
          category: i.category,
          website: i.website,
          phone: i.phone,
          accessibility: i.accessibility,
        },
      })),
    },
    null,
    2,
  );
}

/** GPX 1.1 waypoints (name, note as desc). A waypoint needs coordinates: places without are left out. */
function gpx(list: ExportList): string {
  const wpts = list.items
    .filter((i) => i.latitude !== null)
    .map(
      (i) =>
        `  <wpt lat="${coord(i.latitude!)}" lon="${coord(i.longitude!)}">\n    <name>${x(i.name)}</name>\n` +
        (i.note ? `    <desc>${x(i.note)}</desc>\n` : '') +
        (i.website ? `    <link href="${x(i.website)}"/>\n` : '') +
        '  </wpt>\n',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Spotlist" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `  <metadata>\n    <name>${x(list.name)}</name>\n` +
    (list.description ? `    <desc>${x(list.description)}</desc>\n` : '') +
    '  </metadata>\n' +
    wpts +
    '</gpx>\n'
  );
}

/** KML 2.2 (as Google My Maps reads it): Placemarks, note as description; no Point when unknown. */
function kml(list: ExportList): string {
  const marks = list.items
    .map(
      (i) =>
        `    <Placemark>\n      <name>${x(i.name)}</name>\n` +
        (i.note ? `      <description>${x(i.note)}</description>\n` : '') +
        (i.address ? `      <address>${x(i.address)}</address>\n` : '') +
        (i.latitude !== null ? `      <Point><coordinates>${coord(i.longitude!)},${coord(i.latitude)}</coordinates></Point>\n` : '') +
        '    </Placemark>\n',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Document>\n' +
    `    <name>${x(list.name)}</name>\n` +
    (list.description ? `    <description>${x(list.description)}</description>\n` : '') +
    marks +
    '  </Document>\n</kml>\n'
  );
}

/**
 * Google saved-list CSV (Title,Note,URL,Tags,Comment). The URL carries the coordinates
 * (maps search `query=lat,lng`), which the import reads back; a place without coordinates keeps
 * the link it was imported with, else a search for its name. UTF-8 with a BOM for spreadsheets.
 */
function csv(list: ExportList): string {
  const url = (i: ExportItem) =>
    i.latitude !== null
      ? `https://www.google.com/maps/search/?api=1&query=${coord(i.latitude)},${coord(i.longitude!)}`
      : i.externalId && /^https?:\/\//.test(i.externalId)
        ? i.externalId
        : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(i.name)}`;
  return '\ufeff' + writeCsv([['Title', 'Note', 'URL', 'Tags', 'Comment'], ...list.items.map((i) => [i.name, i.note, url(i), '', ''])]);
}

const WRITERS: Record<ExportFormat, (l: ExportList) => string> = { geojson, gpx, kml, csv };

/** A file name from the list name: letters, digits, - and _ (others become -). */
export const fileStem = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'list';

export function exportList(list: ExportList, format: ExportFormat): ExportFile {
  return { filename: `${fileStem(list.name)}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], body: WRITERS[format](list) };
}
