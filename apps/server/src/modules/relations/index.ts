export { relationRoutes } from './relations.routes.ts';
export { pictureRef, rowsOf } from './people.ts';
