export { cityRoutes } from './cities.routes.ts';
export { cityIndex, type CityIndex, type CityRecord } from './city-index.ts';
