export { pushRoutes, pushLogout } from './push.routes.ts';
