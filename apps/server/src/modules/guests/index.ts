export { guestAppExists } from './guest-app.service.ts';
export { guestRoutes } from './guests.routes.ts';
