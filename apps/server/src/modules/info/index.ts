export { infoRoutes } from './info.routes.ts';
