import type {
  AdminRole,
  AdminUserDetail,
  AdminUserList,
  AppealOutcome,
  AuditList,
  DeadJob,
  Integration,
  JobQueueView,
  NoticeList,
  Report,
  ReportDecisionInput,
  ReportList,
  SavedFilter,
  UserFlag,
} from '@spotlist/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { checkSession } from '../../../lib/auth';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isUser = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && typeof v.email === 'string';
const isReport = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && typeof v.resource === 'string';

/** The query of a console list: its filters (f.*) and page (p.*), empty values left out. */
const listQuery = (filters: Record<string, string>, page: number, size: number) => ({
  ...Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [`f.${k}`, v.trim()]),
  ),
  'p.i': page,
  'p.s': size,
});

export const CONSOLE_PAGE_SIZE = 25;

// ---- accounts ----

export const useAdminUsers = (filters: Record<string, string>, page: number) =>
  useQuery({
    queryKey: ['admin', 'users', filters, page],
    queryFn: () => api.get<AdminUserList>('/admin/user/list', { query: listQuery(filters, page, CONSOLE_PAGE_SIZE), guard: isPage }),
    placeholderData: keepPreviousData,
  });

export const useAdminUser = (id: number) =>
  useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: () => api.get<AdminUserDetail>(`/admin/user/${id}`, { guard: isUser, silent: true }),
  });

export const useAdminRoles = () =>
  useQuery({
    queryKey: ['admin', 'roles'],
    queryFn: async () => (await api.get<{ list: AdminRole[] }>('/admin/role/list', { guard: isPage })).list,
  });

export type UserChange =
  | { kind: 'flags'; flags: Partial<Record<UserFlag, boolean>> }
  | { kind: 'roles'; roleIds: number[] }
  | { kind: 'lock'; reason?: string }
  | { kind: 'unlock' };

/** Every change answers the account as it is now: it replaces the cached one; the lists read again. */
export function useChangeUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => {
      const url = `/admin/user/${id}`;
      if (change.kind === 'flags') return api.post<AdminUserDetail>(`${url}/flags`, change.flags, { guard: isUser });
      if (change.kind === 'roles') return api.post<AdminUserDetail>(`${url}/roles`, { roleIds: change.roleIds }, { guard: isUser });
      if (change.kind === 'lock')
        return api.post<AdminUserDetail>(`${url}/lock`, change.reason ? { reason: change.reason } : {}, { guard: isUser });
      return api.post<AdminUserDetail>(`${url}/unlock`, undefined, { guard: isUser });
    },
    onSuccess: async (user) => {
      client.setQueryData(['admin', 'user', id], user);
      await client.invalidateQueries({ queryKey: ['admin', 'users'] });
      // a change of one's own roles changes one's own console
      await checkSession();
    },
  });
}

export function useRevokeSession(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.request(`/admin/session/${sessionId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'user', userId] }),
  });
}

// ---- moderation ----

export const useReports = (filters: Record<string, string>, page: number) =>
  useQuery({
    queryKey: ['admin', 'reports', filters, page],
    queryFn: () => api.get<ReportList>('/admin/report/list', { query: listQuery(filters, page, CONSOLE_PAGE_SIZE), guard: isPage }),
    placeholderData: keepPreviousData,
    // the queue is what moderators watch: fresh each minute
    refetchInterval: 60_000,
  });

export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReportDecisionInput }) =>
      api.post<Report>(`/admin/report/${id}/decide`, input, { guard: isReport }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}

export function useDecideAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: number; outcome: AppealOutcome; note: string }) =>
      api.post<Report>(`/admin/report/${id}/appeal`, { outcome, note }, { guard: isReport }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}

// ---- audit log ----

export const useAudit = (filters: Record<string, string>, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () => api.get<AuditList>('/admin/audit/list', { query: listQuery(filters, page, CONSOLE_PAGE_SIZE), guard: isPage }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/audit/export with the same filters: saved under the server's file name. */
export async function downloadAudit(filters: Record<string, string>): Promise<void> {
  const query = listQuery(filters, 0, 1);
  delete (query as Record<string, unknown>)['p.i'];
  delete (query as Record<string, unknown>)['p.s'];
  const res = await api.request<Response>('/admin/audit/export', { query, raw: true });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'spotlist-audit.csv';
  saveBlob(await res.blob(), name);
}

// ---- the user's notices ----

export const NOTICES_KEY = ['notices'] as const;
export const useNotices = () => useQuery({ queryKey: NOTICES_KEY, queryFn: () => api.get<NoticeList>('/notice/list', { guard: isPage }) });

export function useAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => api.post<NoticeList>(`/notice/${id}/appeal`, { text }, { guard: isPage }),
    onSuccess: (list) => client.setQueryData(NOTICES_KEY, list),
  });
}

/** POST /api/notice/read: the menu's count of unread notices goes with the next session check. */
export async function markNoticesRead(): Promise<void> {
  await api.post('/notice/read', undefined, { silent: true });
  await checkSession();
}

// ---- jobs and integrations ----

export const useJobQueues = () =>
  useQuery({
    queryKey: ['admin', 'jobs'],
    queryFn: async () => (await api.get<{ list: JobQueueView[] }>('/admin/job/list', { guard: isPage })).list,
    // counts move while one watches
    refetchInterval: 10_000,
  });

export const useDeadJobs = (name: string | null) =>
  useQuery({
    queryKey: ['admin', 'jobs', name, 'dead'],
    queryFn: async () => (await api.get<{ list: DeadJob[] }>(`/admin/job/${encodeURIComponent(name!)}/dead`, { guard: isPage })).list,
    enabled: name !== null,
  });

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<{ retried: number }>(`/admin/job/${encodeURIComponent(name)}/retry`, undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}

export const useIntegrations = () =>
  useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: async () => (await api.get<{ list: Integration[] }>('/admin/integration/list', { guard: isPage })).list,
  });

// ---- translations (the remote overrides, SPEC §7) ----

/** GET /api/translation/{lang}: the overrides of one language (key → text), read afresh. */
export const useTranslationOverrides = (lang: string) =>
  useQuery({
    queryKey: ['admin', 'translations', lang],
    queryFn: () => api.get<Record<string, string>>(`/translation/${lang}`, { guard: isObject }),
  });

export function useSaveTranslation(lang: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string | null }) =>
      value === null
        ? api.request(`/translation/${lang}/${encodeURIComponent(key)}`, { method: 'DELETE' })
        : api.post(`/translation/${lang}`, { key, value }),
    // the answer of GET may be a browser-cached one for a minute: the cache here follows the write
    onSuccess: (_r, { key, value }) =>
      client.setQueryData<Record<string, string>>(['admin', 'translations', lang], (old) => {
        const next = { ...(old ?? {}) };
        if (value === null) delete next[key];
        else next[key] = value;
        return next;
      }),
  });
}

// ---- reference data (SPEC §7 generic resources) ----

export interface ReferenceRow {
  id: number;
  key: string;
  name: string;
  countrykey?: string;
}

/** GET {path}list sorted by key, 100 a page (the lists are short: some hundreds at most). */
export const useReferenceRows = (path: string, page: number) =>
  useQuery({
    queryKey: ['admin', 'reference', path, page],
    queryFn: () =>
      api.get<{ list: ReferenceRow[]; total: number }>(`${path}list`, {
        query: { 'o.sort': 'key', 'p.s': 100, 'p.i': page },
        guard: isPage,
      }),
    placeholderData: keepPreviousData,
  });

export function useSaveReference(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null ? api.post<ReferenceRow>(`${path}add`, body) : api.post<ReferenceRow>(`${path}update/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reference', path] }),
  });
}

export function useDeleteReference(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`${path}delete/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reference', path] }),
  });
}

// ---- saved filters (SPEC §7) ----

export const useSavedFilters = (view: string) =>
  useQuery({
    queryKey: ['saved-filters', view],
    queryFn: async () =>
      (await api.get<{ list: SavedFilter[] }>('/savedfilter/', { query: { 'f.view': view, 'o.sort': 'name', 'p.s': 100 }, guard: isPage }))
        .list,
  });

export function useSaveFilter(view: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: Record<string, string> }) =>
      api.post<SavedFilter>('/savedfilter/add', { view, name, query }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['saved-filters', view] }),
  });
}

export function useDeleteFilter(view: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/savedfilter/delete/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['saved-filters', view] }),
  });
}
