export { coverRoutes } from './covers.routes.ts';
