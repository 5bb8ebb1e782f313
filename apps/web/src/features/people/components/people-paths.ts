/**
 * Pages of other features these pages link to, as literals (the same as app/routes.tsx): importing
 * lib/place-paths would pull the places chunk in with them (vite.config.ts `places-page` group).
 */
export const LINKED_PATHS = {
  /** My places: where one likes places (the way to get suggestions). */
  marked: '/widget-marked-mylike',
  place: (id: number) => `/place/${id}`,
  list: (id: number) => `/lists/${id}`,
} as const;
