import type { ConversationStatus, MessageCategoryView, MessageOverview } from '@spotlist/contracts';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unreadMessages } from '../../../lib/unread-messages';
import { isObject, isPage } from './guards';

/** Query keys: everything of messaging under `messages` (a message event refreshes the overview only). */
export const MESSAGES_KEY = ['messages'] as const;
export const OVERVIEW_KEY = ['messages', 'overview'] as const;
export const CATEGORIES_KEY = ['messages', 'categories'] as const;
export const FEATURES_KEY = ['messages', 'features'] as const;

/** SPEC §3 message overview: 30 conversations a page, the latest activity first. */
export const OVERVIEW_PAGE_SIZE = 30;

export interface OverviewFilter {
  category: number | null;
  /** A business's inbox state (null: both). */
  status: ConversationStatus | null;
  unread: boolean;
  /** A member's name. */
  q: string;
}
export const NO_FILTER: OverviewFilter = { category: null, status: null, unread: false, q: '' };

export const overviewKey = (filter: OverviewFilter) => [...OVERVIEW_KEY, filter] as const;

/** GET /api/messageoverview/list?f.category&f.status&f.unread&f.q&p.i&p.s; sets the menu badge from `unreadTotal`. */
export async function getOverview(filter: OverviewFilter, pageIndex: number): Promise<MessageOverview> {
  const answer = await api.get<MessageOverview>('/messageoverview/list', {
    query: {
      'f.category': filter.category ?? undefined,
      'f.status': filter.status ?? undefined,
      'f.unread': filter.unread ? true : undefined,
      'f.q': filter.q.trim() || undefined,
      'p.i': pageIndex,
      'p.s': OVERVIEW_PAGE_SIZE,
    },
    guard: isPage,
  });
  if (typeof answer.unreadTotal === 'number') unreadMessages.set(answer.unreadTotal);
  return answer;
}

export const overviewQuery = (filter: OverviewFilter) => ({
  queryKey: overviewKey(filter),
  queryFn: ({ pageParam }: { pageParam: number }) => getOverview(filter, pageParam),
  initialPageParam: 0,
  getNextPageParam: (last: MessageOverview, pages: MessageOverview[]) => {
    const loaded = pages.reduce((n, p) => n + p.list.length, 0);
    return loaded < last.total && last.list.length > 0 ? last.pageIndex + 1 : undefined;
  },
});
export const useOverview = (filter: OverviewFilter) => useInfiniteQuery(overviewQuery(filter));

/** GET /api/messagecategory/list (seeded: personal, enquiry, guest, booking, support; admins may add more). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: CATEGORIES_KEY,
    queryFn: async () => (await api.get<{ list: MessageCategoryView[] }>('/messagecategory/list', { guard: isPage })).list,
    staleTime: 10 * 60_000,
  });
export const useCategories = () => useQuery(categoriesQuery());

export interface MessagingFeatures {
  translation: boolean;
  meetingHost: string;
  meetingJwt: boolean;
}
/** GET /api/messaging/features: what this server offers (Translate only when a provider is configured). Silent: without it nothing optional shows. */
export const featuresQuery = () =>
  queryOptions({
    queryKey: FEATURES_KEY,
    queryFn: () => api.get<MessagingFeatures>('/messaging/features', { guard: isObject, silent: true }),
    staleTime: 10 * 60_000,
  });
export const useMessagingFeatures = () => useQuery(featuresQuery());
