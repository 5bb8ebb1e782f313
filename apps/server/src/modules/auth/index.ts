export { REFRESH_COOKIE, authRoutes } from './auth.routes.ts';
