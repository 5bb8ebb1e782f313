export { settingRoutes } from './settings.routes.ts';
