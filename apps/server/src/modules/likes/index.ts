export { likeRoutes } from './likes.routes.ts';
export { likesService } from './likes.service.ts';
