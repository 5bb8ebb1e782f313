export { countryView, isIsoCountry } from './country-names.ts';
export { referenceRoutes } from './reference.routes.ts';
