import { and, eq, sql } from 'drizzle-orm';
import { USER_FLAGS, type User, type UserFlag } from '@spotlist/contracts';
import type { Db } from '../../db/client.ts';
import { clients, industries, languages, securityRoles, userSecurityRoles, users } from '../../db/schema/index.ts';

/** The permissions a user has through its security roles (SPEC §3 permissionsInclude). */
export const permissionsOf = (userId: unknown) => sql<string[]>`coalesce((
  select jsonb_agg(distinct p.value order by p.value)
  from ${userSecurityRoles} usr
  join ${securityRoles} r on r.id = usr.security_role_id
  cross join lateral jsonb_array_elements_text(r.permissions) p
  where usr.user_id = ${userId}), '[]'::jsonb)`;

/** Loads the user as the API shows it (SPEC §3), or null. */
export async function loadUserView(db: Db, userId: number): Promise<User | null> {
  const rows = await db
    .select({
      u: users,
      industryKey: industries.key,
      languageKey: languages.key,
      clientDomain: clients.domain,
      permissions: permissionsOf(users.id),
    })
    .from(users)
    .innerJoin(languages, eq(languages.id, users.languageId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { u } = row;
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, u[f]])) as Record<UserFlag, boolean>;
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    nickname: { value: u.nickname },
    name: { firstname: u.firstname, lastname: u.lastname, visibility: u.nameVisibility },
    accountType: { id: u.accountType },
    industry2: u.industryId && row.industryKey ? { id: u.industryId, key: row.industryKey } : null,
    language: { id: u.languageId, key: row.languageKey },
    profileFilled: u.profileFilled,
    permissionsInclude: row.permissions,
    picturedocument: null,
    logodocument: null,
    client: { id: u.clientId, domain: row.clientDomain },
    ...flags,
  };
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function userHasPermission(db: Db, userId: number, permission: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSecurityRoles.id })
    .from(userSecurityRoles)
    .innerJoin(securityRoles, eq(securityRoles.id, userSecurityRoles.securityRoleId))
    .where(and(eq(userSecurityRoles.userId, userId), sql`${securityRoles.permissions} ? ${permission}`))
    .limit(1);
  return rows.length > 0;
}
