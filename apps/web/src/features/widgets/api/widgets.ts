import type { PlaceInput, WidgetAnalytics, WidgetDetail, WidgetStyle, WidgetUpdate, WidgetView } from '@spotlist/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The widget API of SPEC §7 (contracts widgets.ts). Answers are checked structurally (no zod in
 * this chunk: the pages have no schema-driven form). Every widget and POI change answers the
 * whole widget (WidgetDetail): it replaces the cached one.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isWidget = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && typeof v.publicId === 'string';
const isDetail = (v: unknown): boolean => isWidget(v) && Array.isArray((v as { pois?: unknown }).pois);
const isAnalytics = (v: unknown): boolean => isObject(v) && Array.isArray(v.days) && Array.isArray(v.pois) && isObject(v.totals);

export const WIDGETS_KEY = ['widgets'] as const;
const listKey = ['widgets', 'list'] as const;
export const widgetKey = (id: number) => ['widgets', 'detail', id] as const;
const v1Key = ['widgets', 'v1'] as const;

/** GET /api/widget/v2: the business's v2 widgets by name. */
export const getWidgets = async (): Promise<WidgetView[]> =>
  (await api.get<{ list: WidgetView[] }>('/widget/v2', { query: { 'p.s': 100, 'o.sort': 'name' }, guard: isPage })).list;
export const useWidgets = (enabled = true) => useQuery({ queryKey: listKey, queryFn: getWidgets, enabled });

/** GET /api/widget/all: every widget of the business (the guest app offers them). */
export const getAllWidgets = async (): Promise<WidgetView[]> =>
  (await api.get<{ list: WidgetView[] }>('/widget/all', { query: { 'p.s': 100, 'o.sort': 'name' }, guard: isPage })).list;

/** POST /api/widget/mine: the v1 widget, created on the first call. */
export function useMyWidget(enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: v1Key,
    enabled,
    queryFn: async () => {
      const detail = await api.post<WidgetDetail>('/widget/mine', {}, { guard: isDetail });
      client.setQueryData(widgetKey(detail.id), detail);
      return detail.id;
    },
  });
}

/** GET /api/widget/{id}. */
export const getWidget = (id: number): Promise<WidgetDetail> => api.get<WidgetDetail>(`/widget/${id}`, { guard: isDetail });
export const useWidget = (id: number | undefined) =>
  useQuery({ queryKey: widgetKey(id ?? 0), queryFn: () => getWidget(id!), enabled: id !== undefined && id > 0 });

/**
 * The business's defaults for new widgets, kept as its widget setting `default` (GET/POST
 * /api/widget/setting/default; `{}` before the first save): offered languages, style and allowed
 * domains. Read defensively: a value of another shape gives no defaults.
 */
export interface WidgetDefaults {
  languages?: string[];
  style?: WidgetStyle;
  allowedDomains?: string[];
}
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);
export function defaultsOf(value: unknown): WidgetDefaults {
  if (!isObject(value)) return {};
  const style = isObject(value.style) ? (value.style as WidgetStyle) : undefined;
  const out: WidgetDefaults = { languages: strings(value.languages), style, allowedDomains: strings(value.allowedDomains) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
const defaultsKey = ['widgets', 'setting', 'default'] as const;
export const useWidgetDefaults = () =>
  useQuery({
    queryKey: defaultsKey,
    queryFn: async () => defaultsOf((await api.get<{ value: unknown }>('/widget/setting/default', { guard: isObject })).value),
  });
export function useSaveWidgetDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: WidgetDefaults) => api.post<{ value: unknown }>('/widget/setting/default', { value }, { guard: isObject }),
    onSuccess: (answer) => client.setQueryData(defaultsKey, defaultsOf(answer.value)),
  });
}

/** POST /api/widget/add { name, version: 2, …the defaults }. */
export function useCreateWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, defaults }: { name: string; defaults: WidgetDefaults }) =>
      api.post<WidgetDetail>('/widget/add', { name, version: 2, ...defaults }, { guard: isDetail }),
    onSuccess: (detail) => {
      client.setQueryData(widgetKey(detail.id), detail);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** POST /api/widget/update/{id} { name }. */
export function useRenameWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.post<WidgetDetail>(`/widget/update/${id}`, { name }, { guard: isDetail }),
    onSuccess: (detail) => {
      client.setQueryData(widgetKey(detail.id), detail);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** DELETE /api/widget/delete/{id} (v2 only). */
export function useDeleteWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/widget/delete/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      client.removeQueries({ queryKey: widgetKey(id) });
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

export type WidgetChange =
  | { kind: 'update'; update: WidgetUpdate }
  | { kind: 'add'; add: { placeId: number } | { place: PlaceInput } }
  | { kind: 'remove'; poiId: number }
  | { kind: 'reorder'; poiIds: number[] }
  | { kind: 'texts'; poiId: number; texts: Record<string, { name?: string; description?: string }> };

/** POST /api/widget/update/{id} and /api/widgetpoi/add|remove|reorder|texts: each answers the widget. */
export function sendWidgetChange(widgetId: number, change: WidgetChange): Promise<WidgetDetail> {
  const opts = { guard: isDetail };
  switch (change.kind) {
    case 'update':
      return api.post<WidgetDetail>(`/widget/update/${widgetId}`, change.update, opts);
    case 'add':
      return api.post<WidgetDetail>('/widgetpoi/add', { widgetId, ...change.add }, opts);
    case 'remove':
      return api.post<WidgetDetail>('/widgetpoi/remove', { id: change.poiId }, opts);
    case 'reorder':
      return api.post<WidgetDetail>('/widgetpoi/reorder', { widgetId, poiIds: change.poiIds }, opts);
    case 'texts':
      return api.post<WidgetDetail>('/widgetpoi/texts', { id: change.poiId, texts: change.texts }, opts);
  }
}

export function useChangeWidget(widgetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WidgetChange) => sendWidgetChange(widgetId, change),
    onSuccess: (detail) => {
      client.setQueryData(widgetKey(widgetId), detail);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** The cached widget replaced by an answer from elsewhere (the picture upload), or read again. */
export function useSetWidget(widgetId: number) {
  const client = useQueryClient();
  return (detail: WidgetDetail | null) => {
    if (detail) client.setQueryData(widgetKey(detail.id), detail);
    else void client.invalidateQueries({ queryKey: widgetKey(widgetId) });
  };
}

/** GET /api/widget/analytics?widgetId=&from=&to= (days in UTC, both included). */
export const getAnalytics = (widgetId: number, from: string, to: string): Promise<WidgetAnalytics> =>
  api.get<WidgetAnalytics>('/widget/analytics', { query: { widgetId, from, to }, guard: isAnalytics });
export const useAnalytics = (widgetId: number, from: string, to: string, enabled: boolean) =>
  useQuery({ queryKey: ['widgets', 'analytics', widgetId, from, to], queryFn: () => getAnalytics(widgetId, from, to), enabled });
