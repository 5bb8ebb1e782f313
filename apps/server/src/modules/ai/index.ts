export { aiRoutes } from './ai.routes.ts';
