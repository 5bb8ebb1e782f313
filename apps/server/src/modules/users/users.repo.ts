import { permissionsOf } from '../../platform/http/auth.ts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AccountType, USER_FLAGS, Visibility, type AppLanguage, type Location, type User, type UserFlag } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { preparedPerDb } from '../../platform/db/prepared.ts';
import {
  clients,
  countries,
  documents,
  industries,
  languages,
  securityRoles,
  userLocations,
  userSecurityRoles,
  userNotices,
  users,
} from '../../platform/db/schema/index.ts';
import { countryView } from '../reference/index.ts';

/** A business's locations in their order (SPEC §3 locationList.list), as one JSON value. */
const locationsOf = (userId: unknown) => sql<Location[]>`coalesce((
  select jsonb_agg(jsonb_build_object(
    'id', l.id, 'name', l.name, 'city', l.city, 'country', l.country, 'latitude', l.latitude,
    'longitude', l.longitude, 'placeid', l.placeid, 'visibility', jsonb_build_object('id', l.visibility)
  ) order by l.position)
  from ${userLocations} l
  where l.user_id = ${userId}), '[]'::jsonb)`;

const pictureDoc = alias(documents, 'picture_doc');
const logoDoc = alias(documents, 'logo_doc');

/** SPEC §3 picturedocument / logodocument: the id and the thumbnail URL (versioned by the file's hash). */
const documentRef = (id: number | null, sha: string | null) =>
  id !== null && sha !== null ? { id, urlThumb240: `/api/document/${id}/thumb?v=${sha.slice(0, 16)}` } : null;

/**
 * Loads the user as the API shows it (SPEC §3), or null, in one query. Country names follow
 * `language` (the request's app-language). locationList is sent for business accounts only.
 */
const userViewQuery = preparedPerDb((db) =>
  db
    .select({
      u: users,
      industryKey: industries.key,
      languageKey: languages.key,
      clientDomain: clients.domain,
      country: countries,
      permissions: permissionsOf(users.id),
      locations: sql<Location[] | null>`case when ${users.accountType} = ${AccountType.business} then ${locationsOf(users.id)} end`,
      pictureSha: pictureDoc.sha256,
      logoSha: logoDoc.sha256,
      notices: sql<{
        total: number;
        unread: number;
      }>`(select json_build_object('total', count(*)::int, 'unread', (count(*) filter (where n.read_at is null))::int)
        from ${userNotices} n where n.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(languages, eq(languages.id, users.languageId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(pictureDoc, eq(pictureDoc.id, users.pictureDocumentId))
    .leftJoin(logoDoc, eq(logoDoc.id, users.logoDocumentId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_view'),
);

export async function loadUserView(db: Db, userId: number, language: AppLanguage = 'en'): Promise<User | null> {
  const rows = await userViewQuery(db).execute({ id: userId });
  const row = rows[0];
  if (!row) return null;
  const { u } = row;
  const flags = Object.fromEntries(USER_FLAGS.map((f) => [f, u[f]])) as Record<UserFlag, boolean>;
  const country = row.country ? countryView(row.country, language) : null;
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
    picturedocument: documentRef(u.pictureDocumentId, row.pictureSha),
    logodocument: documentRef(u.logoDocumentId, row.logoSha),
    client: { id: u.clientId, domain: row.clientDomain },
    ...flags,
    suspendedUntil: u.suspendedUntil && u.suspendedUntil.getTime() > Date.now() ? u.suspendedUntil.toISOString() : null,
    notices: row.notices,
    description: u.description,
    homepageUrl: u.homepageUrl,
    street: u.street,
    streetnumber: u.streetnumber,
    zip: u.zip,
    city: u.city,
    cityPlace:
      u.city && u.cityPlaceid && u.cityLatitude !== null && u.cityLongitude !== null && country
        ? {
            city: u.city,
            country: country.countrykey,
            latitude: u.cityLatitude,
            longitude: u.cityLongitude,
            placeid: u.cityPlaceid,
            visibility: { id: Visibility.all },
          }
        : null,
    country,
    taxid: u.taxid,
    numberofrooms: u.numberofrooms,
    bloggertype: u.bloggertype,
    gender: u.gender,
    birthday: u.birthday ? { value: u.birthday } : null,
    ...(row.locations ? { locationList: { list: row.locations } } : {}),
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
