import type { FastifyPluginAsync } from 'fastify';
import {
  SecurityRoleInputSchema,
  SecurityRoleSchema,
  UserSecurityRoleInputSchema,
  UserSecurityRoleSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { securityRoles, userSecurityRoles } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { securityRolesAccountPart } from './security-roles.account.ts';

/**
 * SPEC §7 /api/securityrole/ and /api/usersecurityrole/ through the generic resource factory.
 * Roles grant permissions (permissionsInclude); only an admin reads or changes them.
 */
export const securityRoleRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.accountData.register(securityRolesAccountPart(db));
  resource(app, db, {
    path: '/api/securityrole/',
    name: 'securityrole',
    table: securityRoles,
    item: SecurityRoleSchema,
    input: SecurityRoleInputSchema,
    policy: { read: 'admin', write: 'admin', report: false },
    toApi: (r) => ({ id: r.id, key: r.key, name: r.name, permissions: r.permissions }) as never,
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
    policy: { read: 'admin', write: 'admin', report: false },
    toApi: (r) => ({ id: r.id, userId: r.userId, securityRoleId: r.securityRoleId }) as never,
    toRow: (i) => ({ userId: i.userId, securityRoleId: i.securityRoleId }),
    defaults: () => ({}),
    list: {
      filters: { userId: userSecurityRoles.userId, securityRoleId: userSecurityRoles.securityRoleId },
      sorts: { id: userSecurityRoles.id, userId: userSecurityRoles.userId },
    },
    tags: ['security roles'],
  });
};
