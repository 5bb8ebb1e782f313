export { translationRoutes } from './translations.routes.ts';
