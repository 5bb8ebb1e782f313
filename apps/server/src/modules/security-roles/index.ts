export { securityRoleRoutes } from './security-roles.routes.ts';
export { assertAdministratorLeft } from './security-roles.rules.ts';
