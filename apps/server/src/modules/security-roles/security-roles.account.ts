import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { securityRoles, userSecurityRoles } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';

/** The roles the user holds, in the export; the memberships go with the account (cascade). */
export const securityRolesAccountPart = (db: Db): AccountDataPart<'securityRoles'> => ({
  owner: 'security-roles',
  sections: ['securityRoles'],
  export: async (userId) => ({
    securityRoles: await db
      .select({ key: securityRoles.key, name: securityRoles.name, permissions: securityRoles.permissions })
      .from(userSecurityRoles)
      .innerJoin(securityRoles, eq(securityRoles.id, userSecurityRoles.securityRoleId))
      .where(eq(userSecurityRoles.userId, userId))
      .orderBy(securityRoles.key),
  }),
});
