/**
 * Paths of the place and list pages (the same literals as in app/routes.tsx, kept out of
 * lib/paths.ts so they cost the first bundle nothing beyond the route table).
 */
export const PLACE_PATHS = {
  marked: '/widget-marked-mylike',
  map: '/widget-marked-mylike-map',
  lists: '/lists',
  list: (id: number) => `/lists/${id}`,
  shared: (token: string) => `/s/${encodeURIComponent(token)}`,
} as const;
