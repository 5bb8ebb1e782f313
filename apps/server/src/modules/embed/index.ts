export { embedRoutes, frameCsp } from './embed.routes.ts';
