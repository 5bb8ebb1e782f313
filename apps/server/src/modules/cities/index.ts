export { cityRoutes } from './cities.routes.ts';
