export { listRoutes } from './lists.routes.ts';
export { centreOf, listsService } from './lists.service.ts';
