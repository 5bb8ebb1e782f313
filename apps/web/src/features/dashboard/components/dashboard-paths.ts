/**
 * Paths of the pages the dashboard links to (the same literals as in app/routes.tsx; features do
 * not import each other, so the widget pages' own constants are not used here).
 */
export const DASHBOARD_LINKS = {
  widgetV1: '/widget',
  widgetList: '/widget-list',
  widgetDetail: (id: number) => `/widget-detail/${id}`,
  guestApp: '/guest-mode-app',
} as const;
