import type { OverlayAnalytics, OverlayContentInput, OverlayLanguageView, OverlaySettingsInput, OverlayView } from '@spotlist/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The overlay API of SPEC §7 "Overlays and AI" (contracts overlays.ts; server
 * modules/overlays/README.md). Answers are checked structurally (no zod in this chunk). A
 * language's save or publish answers that language (it replaces the cached one) and changes the
 * overview's states, so the overview is read again.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isOverlayList = (v: unknown): boolean => isObject(v) && Array.isArray(v.list) && typeof v.publicId === 'string';
const isOverlay = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && Array.isArray(v.languages);
const isLanguageView = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && isObject(v.draft);
const isLanguages = (v: unknown): boolean => isObject(v) && Array.isArray(v.languages);
const isAnalytics = (v: unknown): boolean => isObject(v) && Array.isArray(v.days) && isObject(v.totals) && Array.isArray(v.languages);

export interface OverlayList {
  list: OverlayView[];
  /** The site id a website's snippet names. */
  publicId: string;
}

const OVERLAYS_KEY = ['overlays'] as const;
const listKey = ['overlays', 'list'] as const;
const languagesKey = ['overlays', 'languages'] as const;
export const languageKey = (id: number, lang: string) => ['overlays', 'language', id, lang] as const;

/** GET /api/overlays: the business's overlays with each language's state, and its site id. */
export const useOverlays = () =>
  useQuery({ queryKey: listKey, queryFn: () => api.get<OverlayList>('/overlays', { guard: isOverlayList }) });

/** GET /api/overlay/allenabledlanguages: the languages the business offers (its profile's content languages). */
export const useOfferedLanguages = () =>
  useQuery({
    queryKey: languagesKey,
    queryFn: async () => (await api.get<{ languages: string[] }>('/overlay/allenabledlanguages', { guard: isLanguages })).languages,
  });

/** GET /api/overlay?id&lang: one language's draft and published content (only for a language the overlay has). */
export const useOverlayLanguage = (id: number, lang: string, enabled: boolean) =>
  useQuery({
    queryKey: languageKey(id, lang),
    queryFn: () => api.get<OverlayLanguageView>('/overlay', { query: { id, lang }, guard: isLanguageView }),
    enabled,
  });

/** Fetches a language's content once (the "copy from language" action). */
export function useFetchLanguage() {
  const client = useQueryClient();
  return (id: number, lang: string) =>
    client.fetchQuery({
      queryKey: languageKey(id, lang),
      queryFn: () => api.get<OverlayLanguageView>('/overlay', { query: { id, lang }, guard: isLanguageView }),
    });
}

/** POST /api/overlay: the shared settings and the first language's draft. */
export function useCreateOverlay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverlaySettingsInput & { language: string; content: OverlayContentInput }) =>
      api.post<OverlayView>('/overlay', body, { guard: isOverlay }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/** POST /api/overlay/savedraft or /publish ?id&lang with the language's content. */
export function useSaveContent(id: number, lang: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, publish }: { content: OverlayContentInput; publish: boolean }) =>
      api.post<OverlayLanguageView>(publish ? '/overlay/publish' : '/overlay/savedraft', content, {
        query: { id, lang },
        guard: isLanguageView,
      }),
    onSuccess: (answer) => {
      client.setQueryData(languageKey(id, lang), answer);
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** POST /api/overlay/delete?id&lang: one language; the overlay goes with its last one. */
export function useDeleteLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lang }: { id: number; lang: string }) =>
      api.post<{ ok: boolean; deleted: 'language' | 'overlay' }>('/overlay/delete', undefined, { query: { id, lang }, guard: isObject }),
    onSuccess: (_answer, { id, lang }) => {
      client.removeQueries({ queryKey: languageKey(id, lang) });
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** POST /api/overlay/update/all: the settings every language shares. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverlaySettingsInput & { id: number }) => api.post<OverlayView>('/overlay/update/all', body, { guard: isOverlay }),
    onSuccess: () => client.invalidateQueries({ queryKey: OVERLAYS_KEY }),
  });
}

/** GET /api/overlay/analytics?id&from&to: views, clicks and closes per day, totals and per language. */
export const useOverlayAnalytics = (id: number, from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: ['overlays', 'analytics', id, from, to],
    queryFn: () => api.get<OverlayAnalytics>('/overlay/analytics', { query: { id, from, to }, guard: isAnalytics }),
    enabled,
  });

const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);

/** GET /api/widget/all: the business's widgets (an overlay may show over chosen ones); only with a widget flag. */
export const useBusinessWidgets = (enabled: boolean) =>
  useQuery({
    queryKey: ['overlays', 'widgets'],
    enabled,
    queryFn: async () =>
      (await api.get<{ list: { id: number; name: string }[] }>('/widget/all', { query: { 'p.s': 100, 'o.sort': 'name' }, guard: isPage }))
        .list,
  });

/** GET /api/list/mine?f.kind=list: the business's own lists (a list button names one of its public ones). */
export const useOwnLists = () =>
  useQuery({
    queryKey: ['overlays', 'lists'],
    queryFn: async () =>
      (await api.get<{ list: { id: number; name: string }[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage }))
        .list,
  });
