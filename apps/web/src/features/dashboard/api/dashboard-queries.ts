import type { BusinessDashboard, LikedPlace, MyListView, PlaceView } from '@spotlist/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LatLng } from '../../../lib/geolocation';
import { LIKES_KEY } from '../../../lib/place-queries';
import { PLACE_SEARCH_KEY } from '../../../lib/place-search';

/**
 * The dashboard's reads, one hook per section. Every request is `silent`: a section shows its own
 * failure (one sentence) instead of a toast, so one unreachable part never covers the page.
 * Keys are those of the pages that read the same data (likes, my lists, searches), so a like here
 * refreshes them there (lib/place-queries invalidatePlaces) and a page opened next starts warm.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isBusinessDashboard = (v: unknown): boolean =>
  isObject(v) && isObject(v.totals) && Array.isArray(v.widgets) && isObject(v.guestApp) && isObject(v.checklist);

/** GET /api/like/default: the liked places, with distances once the position is known (the api client sends it). */
export const getLikedPlaces = async (): Promise<LikedPlace[]> =>
  (await api.get<{ list: LikedPlace[] }>('/like/default', { query: { 'p.s': 100 }, guard: isPage, silent: true })).list;
export const likedPlacesQuery = (location: LatLng | null) =>
  queryOptions({
    queryKey: [LIKES_KEY, 'default', location?.lat, location?.lng],
    queryFn: getLikedPlaces,
    // once the position is known the same places come again with distances: the rows stay meanwhile
    placeholderData: keepPreviousData,
  });
export const useLikedPlaces = (location: LatLng | null) => useQuery(likedPlacesQuery(location));

/** GET /api/list/mine?f.kind=list: the user's lists (newest change first), each with its cover. */
export const getMyLists = async (): Promise<MyListView[]> =>
  (await api.get<{ list: MyListView[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage, silent: true })).list;
export const myListsQuery = () => queryOptions({ queryKey: ['lists', 'mine'], queryFn: getMyLists });
export const useMyLists = () => useQuery(myListsQuery());

/** How many catalogue places Discover reads to find a few the user has not liked yet. */
const DISCOVER_READ = 30;

/** GET /api/place/list?f.near=…&o.sort=distance: catalogue places nearest `centre` first. */
export const getNearbyPlaces = async (centre: LatLng): Promise<PlaceView[]> =>
  (
    await api.get<{ list: PlaceView[] }>('/place/list', {
      query: { 'f.near': `${centre.lat};${centre.lng}`, 'o.sort': 'distance', 'p.s': DISCOVER_READ },
      guard: isPage,
      silent: true,
    })
  ).list;
export const useNearbyPlaces = (centre: LatLng) =>
  useQuery({
    queryKey: [PLACE_SEARCH_KEY, 'discover', centre.lat, centre.lng],
    queryFn: () => getNearbyPlaces(centre),
    placeholderData: keepPreviousData,
  });

/** GET /api/dashboard/business: weekly totals, widgets, guest app, checklist. */
export const getBusinessDashboard = (): Promise<BusinessDashboard> =>
  api.get<BusinessDashboard>('/dashboard/business', { guard: isBusinessDashboard, silent: true });
export const businessDashboardQuery = () => queryOptions({ queryKey: ['dashboard', 'business'], queryFn: getBusinessDashboard });
export const useBusinessDashboard = (enabled: boolean) => useQuery({ ...businessDashboardQuery(), enabled });
