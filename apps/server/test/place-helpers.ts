import type { FastifyInstance } from 'fastify';
import type { PlaceInput } from '@spotlist/contracts';
import { req } from './helpers.ts';

/** Munich landmarks used across the place, like and list tests (real coordinates). */
export const SPOTS = {
  marienplatz: { lat: 48.137154, lng: 11.57549 },
  viktualienmarkt: { lat: 48.135125, lng: 11.5762 },
  deutschesMuseum: { lat: 48.1299, lng: 11.5834 },
  olympiapark: { lat: 48.1731, lng: 11.5466 },
  nymphenburg: { lat: 48.1583, lng: 11.5033 },
  allianzArena: { lat: 48.2188, lng: 11.6247 },
  berlinBrandenburgerTor: { lat: 52.516275, lng: 13.377704 },
};

/** Adds a place through the API and returns its id. */
export async function addPlace(
  app: FastifyInstance,
  token: string,
  name: string,
  at: { lat: number; lng: number },
  extra: Partial<PlaceInput> = {},
): Promise<number> {
  const res = await req(app, 'POST', '/api/place/add', { token, body: { name, latitude: at.lat, longitude: at.lng, ...extra } });
  if (res.statusCode !== 200) throw new Error(`place add failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function addList(app: FastifyInstance, token: string, name: string, visibility = 1): Promise<number> {
  const res = await req(app, 'POST', '/api/list/add', { token, body: { name, visibility: { id: visibility } } });
  if (res.statusCode !== 200) throw new Error(`list add failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function addItem(app: FastifyInstance, token: string, listId: number, placeId: number, note?: string) {
  const res = await req(app, 'POST', `/api/list/${listId}/items/add`, {
    token,
    body: { placeId, ...(note !== undefined ? { note } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`item add failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[]) {
  const boundary = `----spotlist${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/list/import with a file (and optional list name). */
export function importFile(
  app: FastifyInstance,
  token: string | undefined,
  content: string | Buffer,
  filename = 'upload.bin',
  name?: string,
) {
  const { payload, contentType } = multipart([
    ...(name !== undefined ? [{ name: 'name', value: name }] : []),
    { name: 'file', value: content, filename },
  ]);
  return req(app, 'POST', '/api/list/import', { token, headers: { 'content-type': contentType }, payload });
}
