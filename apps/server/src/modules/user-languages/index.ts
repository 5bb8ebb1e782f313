export { userLanguageRoutes } from './user-languages.routes.ts';
export { listUserLanguages } from './user-languages.service.ts';
