export { moderationRoutes } from './moderation.routes.ts';
