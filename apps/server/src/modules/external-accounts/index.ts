export { externalAccountRoutes } from './external-accounts.routes.ts';
