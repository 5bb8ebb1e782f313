import type { ExportFormat, ImportResult, ListDetail, ListView, MyListView, Share, SharedList } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isList = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && typeof v.name === 'string';
const isDetail = (v: unknown): boolean => isList(v) && isPage((v as { items?: unknown }).items);

export const MY_LISTS_KEY = ['lists', 'mine'] as const;
export const listKey = (id: number) => ['lists', id] as const;

/** GET /api/list/mine?f.kind=list: the user's own lists, each with its cover (like lists live on the places page). */
export const getMyLists = async (): Promise<MyListView[]> =>
  (await api.get<{ list: MyListView[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage })).list;
export const useMyLists = () => useQuery({ queryKey: MY_LISTS_KEY, queryFn: getMyLists });

export const SHARED_LISTS_KEY = ['lists', 'shared'] as const;
/** GET /api/list/shared: others' lists I may read by a share or by their level (friends, followers, a group of theirs). */
export const getSharedLists = async (): Promise<ListView[]> =>
  (await api.get<{ list: ListView[] }>('/list/shared', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage, silent: true })).list;
export const useSharedLists = () => useQuery({ queryKey: SHARED_LISTS_KEY, queryFn: getSharedLists });

/** GET /api/list/{id}: the list and its items (by position). The page shows its errors itself (no toast). */
export const getList = (id: number): Promise<ListDetail> =>
  api.get<ListDetail>(`/list/${id}`, { query: { 'p.s': 100 }, guard: isDetail, silent: true });
export const listQuery = (id: number) => queryOptions({ queryKey: listKey(id), queryFn: () => getList(id) });
export const useList = (id: number) => useQuery(listQuery(id));

function useInvalidateLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: MY_LISTS_KEY });
}

/** POST /api/list/add { name } (private). */
export function useCreateList() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: (name: string) => api.post<ListView>('/list/add', { name }, { guard: isList }), onSuccess: invalidate });
}

/** POST /api/list/update/{id} { name }. */
export function useRenameList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api.post<ListView>(`/list/update/${id}`, { name }, { guard: isList }),
    onSuccess: invalidate,
  });
}

/** POST /api/list/update/{id} { visibility }: who may read the list (SPEC §3 levels). */
export function useSetListVisibility(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => api.post<ListView>(`/list/update/${id}`, { visibility: { id: level } }, { guard: isList }),
    onSuccess: (view) => {
      client.setQueryData<ListDetail>(listKey(id), (old) => (old ? { ...old, visibility: view.visibility } : old));
      void client.invalidateQueries({ queryKey: MY_LISTS_KEY });
    },
  });
}

/** POST /api/list/update/{id} { description }: the list's introduction ('' removes it). */
export function useSetListDescription(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => api.post<ListView>(`/list/update/${id}`, { description }, { guard: isList }),
    onSuccess: (view) => {
      client.setQueryData<ListDetail>(listKey(id), (old) => (old ? { ...old, description: view.description } : old));
      void client.invalidateQueries({ queryKey: MY_LISTS_KEY });
    },
  });
}

/** DELETE /api/list/delete/{id}. */
export function useDeleteList() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: (id: number) => api.request(`/list/delete/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export type ItemChange =
  | { kind: 'add'; placeId: number }
  | { kind: 'note'; itemId: number; note: string }
  | { kind: 'remove'; itemId: number }
  | { kind: 'reorder'; itemIds: number[] };

/** Item changes answer the whole list (as GET /api/list/{id} does): it replaces the cached one. */
export function useChangeItems(listId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ItemChange): Promise<ListDetail> => {
      const base = `/list/${listId}/items`;
      if (change.kind === 'add') return api.post<ListDetail>(`${base}/add`, { placeId: change.placeId }, { guard: isDetail });
      if (change.kind === 'remove') return api.request<ListDetail>(`${base}/${change.itemId}`, { method: 'DELETE', guard: isDetail });
      if (change.kind === 'note')
        return api.post<ListDetail>(`${base}/update/${change.itemId}`, { note: change.note }, { guard: isDetail });
      return api.post<ListDetail>(`${base}/reorder`, { itemIds: change.itemIds }, { guard: isDetail });
    },
    onSuccess: (detail) => {
      client.setQueryData(listKey(listId), detail);
      void client.invalidateQueries({ queryKey: MY_LISTS_KEY });
    },
  });
}

/** POST /api/share { listId, public: true } → the link (token and url, answered once). */
export const shareList = (listId: number): Promise<Share> => api.post<Share>('/share', { listId, public: true }, { guard: isObject });

export const sharesKey = (listId: number) => ['lists', listId, 'shares'] as const;

/** GET /api/list/{id}/shares: the list's shares (links keep no token: it is shown once, at creation). */
export const getShares = async (listId: number): Promise<Share[]> =>
  (await api.get<{ list: Share[] }>(`/list/${listId}/shares`, { query: { 'p.s': 100 }, guard: isPage })).list;
export const sharesQuery = (listId: number) => queryOptions({ queryKey: sharesKey(listId), queryFn: () => getShares(listId) });
export const useShares = (listId: number) => useQuery(sharesQuery(listId));

/** POST /api/share/revoke { id }: ends a link after a reload, when its token is no longer known. */
export const revokeShareById = (id: number): Promise<unknown> => api.post('/share/revoke', { id });

/** GET /api/share/{token} (public). Silent: the page shows expired/revoked/not found itself. */
export const getSharedList = (token: string): Promise<SharedList> =>
  api.get<SharedList>(`/share/${encodeURIComponent(token)}`, { query: { 'p.s': 100 }, guard: isDetail, silent: true });

/** POST /api/list/import (multipart `file`, optional `name`). Silent: the page shows the error. */
export function importList(file: File, name?: string): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  if (name) form.append('name', name);
  return api.request<ImportResult>('/list/import', { method: 'POST', body: form, silent: true, guard: isObject });
}

/**
 * GET /api/list/{id}/export?format=…: needs the X-Auth-Token header, so a plain link cannot fetch
 * it; the answer is read and saved through a Blob link under the server's file name.
 */
export async function downloadExport(listId: number, format: ExportFormat, fallbackName: string): Promise<void> {
  const res = await api.request<Response>(`/list/${listId}/export`, { query: { format }, raw: true });
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const name = utf8 ? decodeURIComponent(utf8[1]) : plain ? plain[1] : `${fallbackName}.${format}`;
  saveBlob(await res.blob(), name);
}

/** POST /api/list/objectionable/{id} { reason } (SPEC §7 "report content"): a list the reader may see but not change. */
export function useReportList() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post(`/list/objectionable/${id}`, reason.trim() ? { reason: reason.trim() } : {}, { silent: true }),
  });
}
