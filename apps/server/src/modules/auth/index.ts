export { REFRESH_COOKIE, authRoutes, buildAuthService, sessionAnswer } from './auth.routes.ts';
export type { AuthService, IssuedTokens } from './auth.service.ts';
export { DEVICE_COOKIE } from './device-cookie.ts';
export { setPasswordEndingSessions } from './set-password.ts';
