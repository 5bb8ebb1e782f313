export { shareRoutes } from './shares.routes.ts';
