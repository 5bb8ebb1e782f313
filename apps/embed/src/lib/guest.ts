/**
 * The guest (SPEC §3: a guest user kept apart from the logged-in user, under its own local key).
 * The key is created on the first like and kept in localStorage under GUEST_STORAGE_KEY; the frame
 * and the guest app share it (same origin). Where storage is blocked (a third-party frame in a
 * strict browser) the key lives in memory for the visit.
 */
import { GUEST_KEY_HEADER, GUEST_STORAGE_KEY } from '@spotlist/contracts';
import { HttpError, request } from './api.ts';

/** GuestLikesSchema's shape (the schema itself would bring zod into the bundle). */
type GuestLikes = { placeIds: number[] };

let memoryKey: string | null = null;

export function readGuestKey(): string | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(GUEST_STORAGE_KEY);
  } catch {
    return memoryKey; // blocked storage
  }
  try {
    const key = raw ? (JSON.parse(raw) as { guestKey?: unknown }).guestKey : null;
    return typeof key === 'string' && key ? key : null;
  } catch {
    return null; // not ours to read: a new guest replaces it
  }
}

function writeGuestKey(key: string | null): void {
  memoryKey = key;
  try {
    if (key) localStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify({ guestKey: key }));
    else localStorage.removeItem(GUEST_STORAGE_KEY);
  } catch {
    // blocked storage: the key lives in memory
  }
}

/** Where a guest came from (GuestCreateInputSchema): the widget frame or the guest app. */
export type GuestSource = { widget: string } | { guestApp: string };

async function createGuest(source?: GuestSource): Promise<string> {
  const { guestKey } = await request<{ guestKey: string }>(
    '/api/public/guest',
    source ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(source) } : { method: 'POST' },
  );
  writeGuestKey(guestKey);
  return guestKey;
}

let creating: Promise<string> | null = null;

/**
 * One new guest at a time: likes tapped while it is being made wait for it and go to the same
 * guest (one guest per tap would split the likes, and only the last key would be kept).
 */
function newGuest(source?: GuestSource): Promise<string> {
  creating ??= createGuest(source).finally(() => {
    creating = null;
  });
  return creating;
}

/**
 * The guest's key, made now when there is none (the chat needs one before the guest's first
 * message: its socket authenticates with it).
 */
export const ensureGuestKey = (source?: GuestSource): Promise<string> => {
  const key = readGuestKey();
  return key ? Promise.resolve(key) : newGuest(source);
};

/** Forgets a key the server refused (unless another one has replaced it meanwhile). */
export function forgetGuestKey(key: string): void {
  if (readGuestKey() === key) writeGuestKey(null);
}

/** A guest key the server no longer knows (401/403): forget it. */
const unknownKey = (err: unknown) => err instanceof HttpError && (err.status === 401 || err.status === 403);

/** The guest's liked place ids; none without a key. */
export async function fetchLikes(): Promise<number[]> {
  const key = readGuestKey();
  if (!key) return [];
  try {
    return (await request<GuestLikes>('/api/public/guest/likes', { headers: { [GUEST_KEY_HEADER]: key } })).placeIds;
  } catch (err) {
    if (!unknownKey(err)) throw err;
    writeGuestKey(null);
    return [];
  }
}

/**
 * Likes (`liked` true) or unlikes a place. The first like creates the guest; a key the server
 * refuses is replaced by a new guest once (an unlike then has nothing to remove).
 */
export async function setLike(placeId: number, liked: boolean, widget?: string, source?: GuestSource): Promise<void> {
  const send = (key: string) =>
    liked
      ? request<unknown>('/api/public/guest/like', {
          method: 'POST',
          headers: { [GUEST_KEY_HEADER]: key, 'content-type': 'application/json' },
          body: JSON.stringify(widget ? { placeId, widget } : { placeId }),
        })
      : request<unknown>(`/api/public/guest/like/${placeId}`, { method: 'DELETE', headers: { [GUEST_KEY_HEADER]: key } });
  const key = readGuestKey();
  if (!key) {
    if (liked) await send(await newGuest(source));
    return;
  }
  try {
    await send(key);
  } catch (err) {
    // Nothing to remove is what an unlike wants.
    if (!liked && err instanceof HttpError && err.status === 404) return;
    if (!unknownKey(err)) throw err;
    writeGuestKey(null);
    if (liked) await send(await newGuest(source));
  }
}
