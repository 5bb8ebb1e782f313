import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIST_IMPORT_MAX_ITEMS, type ImportFormat } from '@spotlist/contracts';
import { CsvError, parseCsv, unprotectCell } from '../../../lib/csv.ts';

/** One place read from an import file; coordinates null when the file has none ("needs a location"). */
export interface ImportedPlace {
  name: string;
  note: string;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  address: string | null;
  country: string | null;
  website: string | null;
  phone: string | null;
  externalId: string | null;
}

export interface ParsedImport {
  format: ImportFormat;
  /** The list name the file carries (KML Document name, GPX metadata name, FeatureCollection name). */
  name: string | null;
  items: ImportedPlace[];
}

/** The file is not a recognised format or is malformed: 400 error.import.format. */
export class ImportFormatError extends Error {}
/** More places than LIST_IMPORT_MAX_ITEMS: 400 error.import.toomany. */
export class ImportTooManyError extends Error {}

const NAME_MAX = 200;
const NOTE_MAX = 2000;
const TEXT_MAX = 5000;

const clip = (s: string, max: number): string =>
  s
    .replace(/\u0000/g, '')
    .trim()
    .slice(0, max);
const optional = (v: unknown, max: number): string | null => {
  const s = typeof v === 'string' ? clip(v, max) : typeof v === 'number' ? String(v) : '';
  return s === '' ? null : s;
};

const inRange = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** A coordinate pair, or a format error when the numbers are out of range. */
function coordinates(lat: unknown, lng: unknown): { latitude: number; longitude: number } {
  const a = typeof lat === 'string' ? Number(lat.trim()) : lat;
  const b = typeof lng === 'string' ? Number(lng.trim()) : lng;
  if (typeof a !== 'number' || typeof b !== 'number' || !inRange(a, b)) throw new ImportFormatError('coordinates out of range');
  return { latitude: a, longitude: b };
}

/**
 * Coordinates a map link carries: `@48.13,11.57,17z`, `!3d48.13!4d11.57`, or a `query`, `q`,
 * `ll`, `center`, `destination` parameter holding `lat,lng`. Null when it carries none.
 */
export function coordinatesFromUrl(url: string): { latitude: number; longitude: number } | null {
  const num = '(-?\\d{1,3}(?:\\.\\d+)?)';
  const pick = (m: RegExpExecArray | null) => {
    if (!m) return null;
    const lat = Number(m[1]);
    const lng = Number(m[2]);
    return inRange(lat, lng) ? { latitude: lat, longitude: lng } : null;
  };
  const data = pick(new RegExp(`!3d${num}!4d${num}`).exec(url));
  if (data) return data;
  const at = pick(new RegExp(`@${num},${num}(?:,|$|/|\\?)`).exec(url));
  if (at) return at;
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  for (const key of ['query', 'q', 'll', 'center', 'destination']) {
    const v = params.get(key);
    if (v) {
      const c = pick(new RegExp(`^\\s*${num}\\s*,\\s*${num}\\s*$`).exec(v));
      if (c) return c;
    }
  }
  return null;
}

const place = (p: Partial<ImportedPlace> & { name: string }): ImportedPlace => ({
  note: '',
  latitude: null,
  longitude: null,
  description: null,
  address: null,
  country: null,
  website: null,
  phone: null,
  externalId: null,
  ...p,
});

/** A name for a place the file left unnamed: its address, else its coordinates. */
const fallbackName = (p: { address?: string | null; latitude: number | null; longitude: number | null }, n: number): string =>
  p.address ?? (p.latitude !== null ? `${p.latitude.toFixed(6)}, ${p.longitude!.toFixed(6)}` : `#${n}`);

const limit = (n: number) => {
  if (n > LIST_IMPORT_MAX_ITEMS) throw new ImportTooManyError();
};

// --- GeoJSON (plain, and Google Maps Takeout "Saved Places.json") ---------------------------------

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function readGeoJson(doc: unknown): ParsedImport {
  if (!isObject(doc)) throw new ImportFormatError('not a GeoJSON object');
  const features = doc.type === 'FeatureCollection' ? doc.features : doc.type === 'Feature' ? [doc] : undefined;
  if (!Array.isArray(features)) throw new ImportFormatError('not a FeatureCollection');
  limit(features.length);
  const google = features.some(
    (f) =>
      isObject(f) &&
      isObject(f.properties) &&
      ('Google Maps URL' in f.properties ||
        'google_maps_url' in f.properties ||
        isObject(f.properties.Location) ||
        isObject(f.properties.location)),
  );
  const items: ImportedPlace[] = [];
  for (const f of features) {
    if (!isObject(f) || f.type !== 'Feature') throw new ImportFormatError('not a Feature');
    const props = isObject(f.properties) ? f.properties : {};
    const g = f.geometry;
    let coords: { latitude: number; longitude: number } | null = null;
    if (g !== null && g !== undefined) {
      if (!isObject(g)) throw new ImportFormatError('bad geometry');
      if (g.type !== 'Point') continue; // lines and areas are not places
      const c = g.coordinates;
      if (!Array.isArray(c) || c.length < 2) throw new ImportFormatError('bad Point');
      coords = coordinates(c[1], c[0]);
    }
    const loc = (isObject(props.Location) ? props.Location : isObject(props.location) ? props.location : {}) as Json;
    const url = optional(props['Google Maps URL'] ?? props.google_maps_url, 500);
    if (google) {
      // Takeout writes [0, 0] for places it has no coordinates for
      if (coords && coords.latitude === 0 && coords.longitude === 0) coords = null;
      const geo = isObject(loc['Geo Coordinates']) ? (loc['Geo Coordinates'] as Json) : null;
      if (!coords && geo && geo.Latitude !== undefined && geo.Longitude !== undefined) coords = coordinates(geo.Latitude, geo.Longitude);
      if (!coords && url) coords = coordinatesFromUrl(url);
    }
    const address = optional(props.address ?? loc.Address ?? loc.address, 300);
    const latitude = coords?.latitude ?? null;
    const longitude = coords?.longitude ?? null;
    const name =
      optional(props.name ?? props.Name ?? props.title ?? props.Title ?? loc['Business Name'] ?? loc.name, NAME_MAX) ??
      fallbackName({ address, latitude, longitude }, items.length + 1);
    const country = optional(props.country ?? loc['Country Code'] ?? loc.country_code, 2);
    items.push(
      place({
        name,
        note: optional(props.note ?? props.Note ?? props.Comment ?? props.comment, NOTE_MAX) ?? '',
        latitude,
        longitude,
        description: optional(props.description, TEXT_MAX),
        address,
        country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
        website: optional(props.website, 500),
        phone: optional(props.phone, 40),
        externalId: url,
      }),
    );
  }
  return { format: google ? 'google-takeout' : 'geojson', name: optional(doc.name, 120), items };
}

// --- KML and GPX ---------------------------------------------------------------------------------

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ['Document', 'Folder', 'Placemark', 'Point', 'wpt'].includes(name),
});

/** The text of an element (an element with attributes keeps it under #text). */
const textOf = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isObject(v) && typeof v['#text'] === 'string') return v['#text'];
  return null;
};

/** Every Placemark, in document order, however deep the Documents and Folders nest. */
function placemarks(node: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const n of node) placemarks(n, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Placemark') {
        for (const p of value as unknown[]) if (isObject(p)) out.push(p);
      } else if (key === 'Document' || key === 'Folder') placemarks(value, out);
    }
  }
  return out;
}

function readKml(root: Json): ParsedImport {
  const marks = placemarks(root);
  limit(marks.length);
  const items: ImportedPlace[] = [];
  for (const m of marks) {
    let point = Array.isArray(m.Point) ? (m.Point[0] as Json) : undefined;
    if (!point && isObject(m.MultiGeometry) && Array.isArray(m.MultiGeometry.Point)) point = m.MultiGeometry.Point[0] as Json;
    const hasOtherGeometry = ['LineString', 'Polygon', 'LinearRing', 'MultiGeometry', 'Model', 'Track'].some((k) => k in m);
    let coords: { latitude: number; longitude: number } | null = null;
    if (point) {
      const raw = textOf(point.coordinates);
      const parts = (raw ?? '').trim().split(/\s*,\s*/);
      if (parts.length < 2) throw new ImportFormatError('bad KML coordinates');
      coords = coordinates(parts[1], parts[0]); // KML writes lon,lat[,alt]
    } else if (hasOtherGeometry) continue; // a route or an area, not a place
    const address = optional(textOf(m.address), 300);
    const latitude = coords?.latitude ?? null;
    const longitude = coords?.longitude ?? null;
    items.push(
      place({
        name: optional(textOf(m.name), NAME_MAX) ?? fallbackName({ address, latitude, longitude }, items.length + 1),
        note: optional(textOf(m.description), NOTE_MAX) ?? '',
        latitude,
        longitude,
        address,
        phone: optional(textOf(m.phoneNumber), 40),
      }),
    );
  }
  const doc = Array.isArray(root.Document) ? (root.Document[0] as Json) : root;
  return { format: 'kml', name: optional(textOf(doc?.name), 120), items };
}

function readGpx(root: Json): ParsedImport {
  const wpts = Array.isArray(root.wpt) ? (root.wpt as unknown[]) : [];
  limit(wpts.length);
  const items: ImportedPlace[] = [];
  for (const w of wpts) {
    if (!isObject(w)) throw new ImportFormatError('bad wpt');
    if (w['@_lat'] === undefined || w['@_lon'] === undefined) throw new ImportFormatError('wpt without lat/lon');
    const { latitude, longitude } = coordinates(w['@_lat'], w['@_lon']);
    const link = isObject(w.link) ? optional(w.link['@_href'], 500) : null;
    items.push(
      place({
        name: optional(textOf(w.name), NAME_MAX) ?? fallbackName({ latitude, longitude }, items.length + 1),
        note: optional(textOf(w.desc) ?? textOf(w.cmt), NOTE_MAX) ?? '',
        latitude,
        longitude,
        website: link && /^https?:\/\//i.test(link) ? link : null,
      }),
    );
  }
  const meta = isObject(root.metadata) ? root.metadata : root; // GPX 1.1 metadata/name, GPX 1.0 name
  return { format: 'gpx', name: optional(textOf(meta.name), 120), items };
}

function readXml(text: string): ParsedImport {
  // Map files never need a DTD; refusing one rules out entity expansion and external entities.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ImportFormatError('DTDs are not accepted');
  if (XMLValidator.validate(text) !== true) throw new ImportFormatError('malformed XML');
  let doc: Json;
  try {
    doc = xml.parse(text) as Json;
  } catch {
    throw new ImportFormatError('malformed XML');
  }
  const rootKey = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootKey ? doc[rootKey] : undefined;
  const element = isObject(root) ? root : {};
  if (rootKey === 'kml') return readKml(element);
  if (rootKey === 'gpx') return readGpx(element);
  throw new ImportFormatError(`unknown XML root ${rootKey}`);
}

// --- Google saved-list CSV (Title,Note,URL,Tags,Comment) ------------------------------------------

function readCsv(text: string): ParsedImport {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new ImportFormatError(err.message);
    throw err;
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const title = col('title');
  if (title < 0) throw new ImportFormatError('no Title column');
  const note = col('note');
  const url = col('url');
  const comment = col('comment');
  const body = rows.slice(1).filter((r) => r.some((c) => c.trim() !== '')); // ",,,," rows are blank lines
  limit(body.length);
  const items: ImportedPlace[] = [];
  for (const r of body) {
    const cell = (i: number) => (i >= 0 && r[i] !== undefined ? unprotectCell(r[i]) : '');
    const link = optional(cell(url), 500);
    const coords = link ? coordinatesFromUrl(link) : null;
    const latitude = coords?.latitude ?? null;
    const longitude = coords?.longitude ?? null;
    items.push(
      place({
        name: optional(cell(title), NAME_MAX) ?? fallbackName({ latitude, longitude }, items.length + 1),
        note: optional(cell(note), NOTE_MAX) ?? optional(cell(comment), NOTE_MAX) ?? '',
        latitude,
        longitude,
        externalId: link,
      }),
    );
  }
  return { format: 'google-csv', name: null, items };
}

// --- detection -----------------------------------------------------------------------------------

/** Text from the file's bytes: UTF-8 (a BOM is dropped) or UTF-16 with a BOM. */
function decode(buf: Uint8Array): string {
  try {
    if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(buf.subarray(2));
    if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(buf.subarray(2));
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    throw new ImportFormatError('not UTF-8 text');
  }
}

/**
 * Reads an import file. The format comes from the content: JSON → GeoJSON (Google Takeout when
 * its features carry Google's properties), XML → KML or GPX by the root element, otherwise CSV
 * with a Title column (Google saved lists). Anything else is an ImportFormatError.
 */
export function parseImport(buf: Uint8Array): ParsedImport {
  const text = decode(buf);
  const start = text.trimStart();
  if (start === '') throw new ImportFormatError('empty file');
  if (start.startsWith('{') || start.startsWith('[')) {
    let doc: unknown;
    try {
      doc = JSON.parse(start);
    } catch {
      throw new ImportFormatError('malformed JSON');
    }
    return readGeoJson(doc);
  }
  if (start.startsWith('<')) return readXml(start);
  if (text.includes('\u0000')) throw new ImportFormatError('binary file');
  return readCsv(text);
}
