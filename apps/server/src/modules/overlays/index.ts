export { overlayRoutes } from './overlays.routes.ts';
