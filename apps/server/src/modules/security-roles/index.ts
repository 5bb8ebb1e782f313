export { securityRoleRoutes } from './security-roles.routes.ts';
