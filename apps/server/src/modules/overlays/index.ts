export { overlayRoutes } from './overlays.routes.ts';
export { overlaySiteExists } from './overlay-sites.ts';
export { overlaysService } from './overlays.service.ts';
