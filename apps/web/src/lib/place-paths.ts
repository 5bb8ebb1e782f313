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
  /** One place (route `place-detail`). */
  place: (id: number) => `/place/${id}`,
  /** The place form (route `place-edit`): a new place, or one the user may change. */
  newPlace: '/place-edit/new',
  editPlace: (id: number) => `/place-edit/${id}`,
} as const;
