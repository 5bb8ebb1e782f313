export { placeRoutes } from './places.routes.ts';
export { placeValues, viewerOf } from './places.service.ts';
export { placesService, type PlacesService } from './places.service.ts';
