export { analyticsRoutes, EVENTS_PER_MINUTE } from './analytics.routes.ts';
export { addressLimiter, analyticsService, checkRange, emptyDays, type AnalyticsService } from './analytics.service.ts';
