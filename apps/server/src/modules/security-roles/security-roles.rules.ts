import { and, count, eq, isNull } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE_KEY, ErrorKey } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { securityRoles, userSecurityRoles, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Inside a write's transaction, after it: refuses (409 error.role.lastadmin, the transaction rolls
 * back) when no unlocked account holds the administrator role any more — nobody could give it back.
 */
export async function assertAdministratorLeft(tx: Db): Promise<void> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(userSecurityRoles)
    .innerJoin(securityRoles, eq(securityRoles.id, userSecurityRoles.securityRoleId))
    .innerJoin(users, eq(users.id, userSecurityRoles.userId))
    .where(and(eq(securityRoles.key, ADMINISTRATOR_ROLE_KEY), isNull(users.lockedAt)));
  if (n === 0) throw new AppError(ErrorKey.lastAdministrator, 409);
}
