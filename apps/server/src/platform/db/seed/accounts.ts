import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { AccountType } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { clients, securityRoles, userSecurityRoles, users } from '../schema/index.ts';
import { hashPassword } from '../../../lib/password.ts';
import { seedDemoPlaces } from './places.ts';
import { seedDemoWidgets } from './widgets.ts';
import { ADMIN_ROLE_KEY, DEFAULT_CLIENT_DOMAIN } from './reference.ts';

export async function defaultClientId(db: Db): Promise<number> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.domain, DEFAULT_CLIENT_DOMAIN));
  if (!rows[0]) throw new Error('the default client is missing: reference data was not seeded');
  return rows[0].id;
}

/** Demo logins printed by `npm start` and listed in the README. */
export const DEMO_USERS = [
  { email: 'business@demo.spotlist.app', password: 'demo-business-2026', accountType: AccountType.business, nickname: 'Hotel Isarblick', industryId: 1 },
  { email: 'blogger@demo.spotlist.app', password: 'demo-blogger-2026', accountType: AccountType.blogger, nickname: 'Munich Foodie', industryId: null },
  { email: 'private@demo.spotlist.app', password: 'demo-private-2026', accountType: AccountType.private, nickname: 'Alex', industryId: null },
];

/**
 * The admin account. Its password comes from ADMIN_PASSWORD; when that is not set on the first
 * start, one is generated and returned so the caller prints it once.
 */
export async function seedAdmin(db: Db, email: string, password?: string): Promise<{ created: boolean; password?: string }> {
  const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing[0]) return { created: false };
  const pw = password ?? crypto.randomBytes(12).toString('base64url');
  const clientId = await defaultClientId(db);
  const [admin] = await db
    .insert(users)
    .values({ clientId, email, passwordHash: await hashPassword(pw), emailVerified: true, accountType: AccountType.private, nickname: 'Admin', profileFilled: true })
    .returning({ id: users.id });
  const [role] = await db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.key, ADMIN_ROLE_KEY));
  await db.insert(userSecurityRoles).values({ userId: admin.id, securityRoleId: role.id });
  return { created: true, password: password ? undefined : pw };
}

/**
 * Demo users of each account type, only into a database that has no users but the admin; then the
 * demo places around Munich, with likes and a list for the private user and the blogger.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 1) return false;
  const clientId = await defaultClientId(db);
  for (const d of DEMO_USERS) {
    await db
      .insert(users)
      .values({
        clientId,
        email: d.email,
        passwordHash: await hashPassword(d.password),
        emailVerified: true,
        accountType: d.accountType,
        nickname: d.nickname,
        industryId: d.industryId,
        profileFilled: true,
      })
      .onConflictDoNothing();
  }
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`))[0]?.id;
  await seedDemoPlaces(db, {
    private: await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.private)!.email),
    blogger: await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.blogger)!.email),
  });
  const businessId = await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.business)!.email);
  if (businessId) await seedDemoWidgets(db, businessId);
  return true;
}
