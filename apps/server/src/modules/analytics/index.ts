export { analyticsRoutes } from './analytics.routes.ts';
export { addressLimiter, analyticsService, type AnalyticsService } from './analytics.service.ts';
