export { REFRESH_COOKIE, authRoutes } from './auth.routes.ts';
export { setPasswordEndingSessions } from './set-password.ts';
