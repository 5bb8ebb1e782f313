import type { FastifyPluginAsync } from 'fastify';
import {
  BUILT_IN_ROLES,
  ErrorKey,
  Permission,
  SecurityRoleInputSchema,
  SecurityRoleSchema,
  UserSecurityRoleInputSchema,
  UserSecurityRoleSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { securityRoles, userSecurityRoles } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { AppError } from '../../lib/app-error.ts';
import { securityRolesAccountPart } from './security-roles.account.ts';
import { assertAdministratorLeft } from './security-roles.rules.ts';

const isBuiltIn = (key: unknown) => BUILT_IN_ROLES.some((r) => r.key === key);

/**
 * SPEC §7 /api/securityrole/ and /api/usersecurityrole/ through the generic resource factory.
 * Roles grant permissions (permissionsInclude); `admin.roles` reads and changes them. Built-in
 * roles are not changed (409 error.role.builtin); the last administrator keeps the role (409
 * error.role.lastadmin). Every write is audited (the factory, with the rows before and after).
 */
export const securityRoleRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.accountData.register(securityRolesAccountPart(db));
  resource(app, db, {
    path: '/api/securityrole/',
    name: 'securityrole',
    table: securityRoles,
    item: SecurityRoleSchema,
    input: SecurityRoleInputSchema,
    policy: { read: Permission.adminRoles, write: Permission.adminRoles, report: false },
    toApi: (r) => ({ id: r.id, key: r.key, name: r.name, permissions: r.permissions }) as never,
    guardWrite: async (_tx, op, before) => {
      if (op !== 'add' && isBuiltIn(before?.key)) throw new AppError(ErrorKey.roleBuiltIn, 409);
    },
    toRow: (i) => ({ key: i.key, name: i.name, permissions: i.permissions }),
    defaults: () => ({ key: '', name: '', permissions: [] }),
    list: { filters: { key: securityRoles.key }, sorts: { key: securityRoles.key, name: securityRoles.name, id: securityRoles.id } },
    tags: ['security roles'],
  });

  resource(app, db, {
    path: '/api/usersecurityrole/',
    name: 'usersecurityrole',
    table: userSecurityRoles,
    item: UserSecurityRoleSchema,
    input: UserSecurityRoleInputSchema,
    policy: { read: Permission.adminRoles, write: Permission.adminRoles, report: false },
    toApi: (r) => ({ id: r.id, userId: r.userId, securityRoleId: r.securityRoleId }) as never,
    guardWrite: async (tx, op) => {
      if (op !== 'add') await assertAdministratorLeft(tx);
    },
    toRow: (i) => ({ userId: i.userId, securityRoleId: i.securityRoleId }),
    defaults: () => ({}),
    list: {
      filters: { userId: userSecurityRoles.userId, securityRoleId: userSecurityRoles.securityRoleId },
      sorts: { id: userSecurityRoles.id, userId: userSecurityRoles.userId },
    },
    tags: ['security roles'],
  });
};
