export { appLinkRoutes, APP_LINK_PATHS } from './app-links.routes.ts';
