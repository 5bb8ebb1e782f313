export { savedFilterRoutes } from './saved-filters.routes.ts';
