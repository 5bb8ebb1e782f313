/** Fetching the public API (same origin as the frame and guest pages). */
import type { PublicGuestApp, PublicWidget, WidgetEvent } from '@spotlist/contracts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key?: string,
  ) {
    super(key ?? `HTTP ${status}`);
  }
}

export async function request<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { credentials: 'omit', ...init });
  if (!res.ok) {
    let key: string | undefined;
    try {
      key = ((await res.json()) as { key?: string }).key;
    } catch {
      // no error body
    }
    throw new HttpError(res.status, key);
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The publicId of `/w/{publicId}` or `/g/{publicId}`. */
export const publicIdFromPath = (pathname: string): string | null => pathname.match(/^\/[wg]\/([\w-]{8,32})\/?$/)?.[1] ?? null;

export const getWidget = (publicId: string, lang: string) =>
  request<PublicWidget>(`/api/public/widget/${encodeURIComponent(publicId)}?lang=${encodeURIComponent(lang)}`);

export const guestAppUrl = (publicId: string, lang: string) =>
  `/api/public/guest-app/${encodeURIComponent(publicId)}?lang=${encodeURIComponent(lang)}`;
export const getGuestApp = (publicId: string, lang: string) => request<PublicGuestApp>(guestAppUrl(publicId, lang));

/** Counts an event (no answer needed): a beacon when the browser has one, else a keep-alive fetch. */
export function sendEvent(publicId: string, event: WidgetEvent, placeId?: number): void {
  beacon(`/api/public/widget/${encodeURIComponent(publicId)}/event`, placeId ? { event, placeId } : { event });
}

/** POSTs a JSON body nobody waits for: `navigator.sendBeacon` when the browser has one, else a keep-alive fetch. */
export function beacon(url: string, payload: unknown): void {
  const body = JSON.stringify(payload);
  try {
    // text/plain: a "simple" request, no preflight; the server parses the JSON body.
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) return;
  } catch {
    // fall through to fetch
  }
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(
    () => {},
  );
}
