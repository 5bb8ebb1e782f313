import type { GuestAppUpdate, GuestAppView, ListView, WidgetView } from '@spotlist/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isGuestApp = (v: unknown): boolean => isObject(v) && typeof v.publicId === 'string' && Array.isArray(v.links);

const GUEST_APP_KEY = ['guest-app'] as const;

/** GET /api/guestapp: the business's guest app (created on the first call). */
export const useGuestApp = () =>
  useQuery({ queryKey: GUEST_APP_KEY, queryFn: () => api.get<GuestAppView>('/guestapp', { guard: isGuestApp }) });

/** POST /api/guestapp: absent fields stay as they are; answers the guest app. */
export function useSaveGuestApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: GuestAppUpdate) => api.post<GuestAppView>('/guestapp', update, { guard: isGuestApp }),
    onSuccess: (app) => client.setQueryData(GUEST_APP_KEY, app),
  });
}

/** GET /api/widget/all: the business's widgets (only asked with a widget flag: the API refuses others). */
export const useOwnWidgets = (enabled: boolean) =>
  useQuery({
    queryKey: ['guest-app', 'widgets'],
    enabled,
    queryFn: async () =>
      (await api.get<{ list: WidgetView[] }>('/widget/all', { query: { 'p.s': 100, 'o.sort': 'name' }, guard: isPage })).list,
  });

/** GET /api/list/mine?f.kind=list: the business's own lists. */
export const useOwnLists = () =>
  useQuery({
    queryKey: ['guest-app', 'lists'],
    queryFn: async () =>
      (await api.get<{ list: ListView[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage })).list,
  });

/** The QR code path of the guest link (of one room or table), as PNG or SVG. */
export const qrPath = (unit: string | null, format: 'png' | 'svg') => ({
  path: '/guestapp/qr',
  query: { format, ...(unit ? { unit } : {}) },
});

/**
 * GET /api/guestapp/qr: needs the X-Auth-Token header, so an <img src> or a plain link cannot
 * fetch it; the image is read through the api client and shown or saved from a Blob.
 */
export async function fetchQr(unit: string | null, format: 'png' | 'svg'): Promise<Blob> {
  const { path, query } = qrPath(unit, format);
  const res = await api.request<Response>(path, { query, raw: true });
  return res.blob();
}

/** Saves a QR code as a file (`guest-link[-unit].png|svg`). */
export async function downloadQr(unit: string | null, format: 'png' | 'svg'): Promise<void> {
  const safe = unit ? `-${unit.replace(/[^\p{L}\p{N}_-]+/gu, '_')}` : '';
  saveBlob(await fetchQr(unit, format), `guest-link${safe}.${format}`);
}
