export { sendMail } from './auth.jobs.ts';
export { REFRESH_COOKIE, authRoutes } from './auth.routes.ts';
export { authService } from './auth.service.ts';
