export { infoRoutes } from './info.routes.ts';
export { healthRoutes } from './health.routes.ts';
