import crypto from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { AccountType, GERMANY, Gender, Visibility } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { clients, securityRoles, userLocations, userSecurityRoles, users } from '../schema/index.ts';
import { hashPassword } from '../../../lib/password.ts';
import { seedDemoPictures, type DemoFileStore } from './pictures.ts';
import { seedDemoPlaces } from './places.ts';
import { seedDemoConversations } from './conversations.ts';
import { seedDemoWidgets } from './widgets.ts';
import { seedDemoFleet } from './fleet.ts';
import { seedDemoOverlays } from './overlays.ts';
import { ADMIN_ROLE_KEY, DEFAULT_CLIENT_DOMAIN } from './reference.ts';

export async function defaultClientId(db: Db): Promise<number> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.domain, DEFAULT_CLIENT_DOMAIN));
  if (!rows[0]) throw new Error('the default client is missing: reference data was not seeded');
  return rows[0].id;
}

/** München as the city search answers it (SPEC §3 selected place for a city). */
const MUNICH = { city: 'München', latitude: 48.13743, longitude: 11.57549, placeid: 'geonames:2867714' };

/**
 * Demo logins printed by `npm start` and listed in the README, with filled profiles that are
 * valid under SPEC §5 (the business is a hospitality business in Germany: rooms, country, no tax id).
 */
export const DEMO_USERS = [
  {
    email: 'business@demo.spotlist.app',
    password: 'demo-business-2026',
    accountType: AccountType.business,
    nickname: 'Hotel Isarblick',
    industryId: 1,
    profile: {
      firstname: 'Katharina',
      lastname: 'Huber',
      description:
        'A family-run hotel on the Isar, five minutes on foot from the Deutsches Museum and the Viktualienmarkt. 42 rooms, breakfast from local producers and bicycles for our guests.',
      homepageUrl: 'https://isarblick.example',
      street: 'Zweibrückenstraße',
      streetnumber: '12',
      zip: '80331',
      city: MUNICH.city,
      cityLatitude: MUNICH.latitude,
      cityLongitude: MUNICH.longitude,
      cityPlaceid: MUNICH.placeid,
      countryId: GERMANY.id,
      numberofrooms: 42,
    },
  },
  {
    email: 'blogger@demo.spotlist.app',
    password: 'demo-blogger-2026',
    accountType: AccountType.blogger,
    nickname: 'Munich Foodie',
    industryId: null,
    profile: {
      firstname: 'Lena',
      lastname: 'Schmid',
      description: 'Eating my way through Munich since 2015: markets, beer gardens, and the best Weißwurst before noon.',
      homepageUrl: 'https://munichfoodie.example',
      bloggertype: 'Food and travel',
      gender: Gender.female,
      birthday: '1991-05-14',
    },
  },
  {
    email: 'private@demo.spotlist.app',
    password: 'demo-private-2026',
    accountType: AccountType.private,
    nickname: 'Alex',
    industryId: null,
    profile: {
      firstname: 'Alex',
      lastname: 'Berger',
      description: 'Born in Haidhausen. The places I take friends to when they visit.',
      nameVisibility: Visibility.friends,
    },
  },
];

/** The demo accounts this database has (all of them once seeded; none when it had users before). */
export async function demoAccountsPresent(db: Db): Promise<typeof DEMO_USERS> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((d) => d.email),
      ),
    );
  return DEMO_USERS.filter((d) => rows.some((r) => r.email === d.email));
}

/** The demo hotel's location (SPEC §3 locationList.list). */
const DEMO_BUSINESS_LOCATION = {
  name: 'Hotel Isarblick',
  city: MUNICH.city,
  country: GERMANY.countrykey,
  latitude: 48.1339,
  longitude: 11.5842,
  placeid: MUNICH.placeid,
  visibility: Visibility.all,
};

/** A new random password (the admin's when none is given): 16 characters, 96 bits. */
export const generatePassword = (): string => crypto.randomBytes(12).toString('base64url');

/**
 * The admin account. Its password comes from ADMIN_PASSWORD; when that is not set on the first
 * start, one is generated and returned so the caller prints it once.
 */
export async function seedAdmin(db: Db, email: string, password?: string): Promise<{ created: boolean; password?: string }> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing[0]) return { created: false };
  const pw = password ?? generatePassword();
  const clientId = await defaultClientId(db);
  const [admin] = await db
    .insert(users)
    .values({
      clientId,
      email,
      passwordHash: await hashPassword(pw),
      emailVerified: true,
      accountType: AccountType.private,
      nickname: 'Admin',
      profileFilled: true,
    })
    .returning({ id: users.id });
  const [role] = await db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.key, ADMIN_ROLE_KEY));
  await db.insert(userSecurityRoles).values({ userId: admin.id, securityRoleId: role.id });
  return { created: true, password: password ? undefined : pw };
}

/**
 * Demo users of each account type with filled profiles, only into a database that has no users
 * but the admin; then the demo places around Munich, with likes and a list for the private user
 * and the blogger, the business's widget and guest app, and — when `files` is given (the server
 * passes its file storage) — the profile pictures and the business's logo.
 */
export async function seedDemo(db: Db, files?: DemoFileStore): Promise<boolean> {
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
        ...d.profile,
        profileFilled: true,
      })
      .onConflictDoNothing();
  }
  const idOf = async (email: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0]?.id;
  const hotel = await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.business)!.email);
  if (hotel) await db.insert(userLocations).values({ userId: hotel, position: 0, ...DEMO_BUSINESS_LOCATION });
  await seedDemoPlaces(db, {
    private: await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.private)!.email),
    blogger: await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.blogger)!.email),
  });
  const businessId = await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.business)!.email);
  if (businessId) {
    await seedDemoWidgets(db, businessId);
    await seedDemoOverlays(db, businessId);
    await seedDemoFleet(db, businessId, DEMO_BUSINESS_LOCATION);
  }
  await seedDemoConversations(db, {
    private: await idOf(DEMO_USERS.find((d) => d.accountType === AccountType.private)!.email),
    business: businessId,
  });
  if (files) {
    try {
      await seedDemoPictures(db, files, idOf);
    } catch (err) {
      // the demo works without its pictures; a storage that is away must not stop the start
      console.warn(`demo pictures not stored: ${(err as Error).message}`);
    }
  }
  return true;
}
