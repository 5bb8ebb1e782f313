import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  AccountType,
  cityMatchesCountry,
  ErrorKey,
  FormError,
  type AppLanguage,
  type ProfileExport,
  type ProfileUpdate,
  type User,
  Visibility,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  authSessions,
  countries,
  listItems,
  lists,
  industries,
  objectionableReports,
  passwordResetTokens,
  places,
  securityRoles,
  settings,
  userLocations,
  userSecurityRoles,
  users,
} from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { ThrottleStore } from '../../lib/throttle.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
import { listUserLanguages } from '../user-languages/user-languages.service.ts';
import { loadUserView } from '../users/users.repo.ts';
import { documentKeysOf, documentsOf } from '../documents/documents.service.ts';
import { deleteKeys, storageFromConfig } from '../documents/storage.ts';

const fieldError = (path: string, key: string) => new AppError(ErrorKey.validation, 400, [{ path, key }]);
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * SPEC §7 "Profile and settings": read, update (one transaction), delete after the password is
 * confirmed, and the GDPR export. The SPEC §5 rules ran in the contract before a body gets here;
 * this service adds what needs the database (the referenced rows exist, the e-mail is free).
 */
export function profileService(deps: { db: Db; config: Config; throttle: ThrottleStore }) {
  const { db, config, throttle } = deps;

  async function view(userId: number, lang: AppLanguage): Promise<User> {
    const u = await loadUserView(db, userId, lang);
    if (!u) throw new AppError(ErrorKey.tokenInvalid, 401);
    return u;
  }

  async function update(me: SessionUser, body: ProfileUpdate, lang: AppLanguage): Promise<User> {
    if (body.id !== undefined && body.id !== me.id) throw new AppError(ErrorKey.forbidden, 403);
    await db.transaction(async (tx) => {
      const set: PgUpdateSetSource<typeof users> = {
        email: body.email,
        // a changed address is unverified again
        emailVerified: sql`case when lower(${users.email}) <> ${body.email} then false else ${users.emailVerified} end`,
        nickname: body.nickname.value,
        // the required part (SPEC §5) was validated, so the profile counts as filled
        profileFilled: true,
      };
      if (me.accountType !== AccountType.business) {
        set.industryId = null;
      } else if (body.industry2) {
        const found = await tx.select({ id: industries.id }).from(industries).where(eq(industries.id, body.industry2.id));
        if (!found[0]) throw fieldError('body.industry2', FormError.hasId);
        set.industryId = found[0].id;
      }
      if (body.description !== undefined) set.description = body.description;
      if (body.homepageUrl !== undefined) set.homepageUrl = body.homepageUrl;
      if (body.name?.firstname !== undefined) set.firstname = body.name.firstname ?? '';
      if (body.name?.lastname !== undefined) set.lastname = body.name.lastname ?? '';
      if (body.name?.visibility !== undefined) set.nameVisibility = body.name.visibility;

      if (body.country !== undefined) {
        if (body.country === null) set.countryId = null;
        else {
          const found = await tx.select().from(countries).where(eq(countries.id, body.country.id));
          if (!found[0]) throw fieldError('body.country', FormError.hasId);
          // SPEC §5: the picked city lies in the chosen country (the contract could not know the code)
          if (!cityMatchesCountry(body.cityPlace, found[0])) throw fieldError('body.city', FormError.cityCountry);
          set.countryId = found[0].id;
        }
      }
      if (body.street !== undefined) set.street = body.street;
      if (body.streetnumber !== undefined) set.streetnumber = body.streetnumber;
      if (body.zip !== undefined) set.zip = body.zip;
      if (body.city !== undefined) set.city = body.city;
      if (body.taxid !== undefined) set.taxid = body.taxid;
      if (body.numberofrooms !== undefined) set.numberofrooms = body.numberofrooms;
      if (body.bloggertype !== undefined) set.bloggertype = body.bloggertype;
      if (body.gender !== undefined) set.gender = body.gender;
      if (body.cityPlace !== undefined) {
        set.cityLatitude = body.cityPlace?.latitude ?? null;
        set.cityLongitude = body.cityPlace?.longitude ?? null;
        set.cityPlaceid = body.cityPlace?.placeid ?? null;
      }
      if (body.birthday !== undefined) set.birthday = body.birthday?.value ?? null;

      if (body.locationList) {
        // replaced as a whole
        await tx.delete(userLocations).where(eq(userLocations.userId, me.id));
        if (body.locationList.list.length > 0) {
          await tx.insert(userLocations).values(
            body.locationList.list.map((l, position) => ({
              userId: me.id,
              position,
              name: l.name ?? null,
              city: l.city,
              country: l.country,
              latitude: l.latitude,
              longitude: l.longitude,
              placeid: l.placeid,
              visibility: l.visibility.id,
            })),
          );
        }
      }

      // The unique index on lower(email) decides whether the address is free (no racy pre-check);
      // when it refuses, the whole transaction (locations included) rolls back.
      try {
        await tx.update(users).set(set).where(eq(users.id, me.id));
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION && (pgConstraint(err) ?? 'users_email_lower_idx') === 'users_email_lower_idx') {
          throw new AppError(ErrorKey.emailTaken, 409);
        }
        throw err;
      }
    });
    return view(me.id, lang);
  }

  const deleteKey = (userId: number) => `delete:${userId}`;

  /** Deletes the account and, through the foreign keys, everything it owns (sessions, lists, shares too). */
  async function remove(me: SessionUser, password: string): Promise<void> {
    const key = deleteKey(me.id);
    if ((await throttle.get(key)) >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT) throw new AppError(ErrorKey.loginThrottled, 429);
    const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    if (!rows[0] || !(await verifyPassword(rows[0].passwordHash, password))) {
      await throttle.hit(key, config.LOGIN_WINDOW_SECONDS);
      throw new AppError(ErrorKey.passwordWrong, 400);
    }
    // The document rows cascade with the account; their files in the storage go after the commit.
    const fileKeys = await documentKeysOf(db, me.id);
    await db.transaction(async (tx) => {
      // Private places (imports, 1/4/32/64) are the user's data and go too; public ones stay in the
      // catalogue without a creator (places.creator_id on delete set null).
      await tx.delete(places).where(and(eq(places.creatorId, me.id), ne(places.visibility, Visibility.all)));
      await tx.delete(users).where(eq(users.id, me.id));
    });
    await deleteKeys(storageFromConfig(config), fileKeys);
    await throttle.reset(key);
  }

  /** GDPR export: everything the account owns; secrets (password hash, token hashes) never. */
  async function exportData(me: SessionUser, lang: AppLanguage): Promise<ProfileExport> {
    const [user, account, mySettings, languages, roles, sessions, tokens, reports, myLists, items, created, docs] = await Promise.all([
      view(me.id, lang),
      db.select({ createdAt: users.createdAt, updatedAt: users.updatedAt }).from(users).where(eq(users.id, me.id)),
      db
        .select({ id: settings.id, key: settings.key, value: settings.value })
        .from(settings)
        .where(eq(settings.userId, me.id))
        .orderBy(settings.key),
      listUserLanguages(db, me.id),
      db
        .select({ key: securityRoles.key, name: securityRoles.name, permissions: securityRoles.permissions })
        .from(userSecurityRoles)
        .innerJoin(securityRoles, eq(securityRoles.id, userSecurityRoles.securityRoleId))
        .where(eq(userSecurityRoles.userId, me.id))
        .orderBy(securityRoles.key),
      db
        .select({
          createdAt: authSessions.createdAt,
          accessExpiresAt: authSessions.accessExpiresAt,
          refreshExpiresAt: authSessions.refreshExpiresAt,
          rotatedAt: authSessions.rotatedAt,
          revokedAt: authSessions.revokedAt,
        })
        .from(authSessions)
        .where(eq(authSessions.userId, me.id))
        .orderBy(authSessions.id),
      db
        .select({
          purpose: passwordResetTokens.purpose,
          createdAt: passwordResetTokens.createdAt,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
        })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, me.id))
        .orderBy(passwordResetTokens.id),
      db
        .select({
          resource: objectionableReports.resource,
          resourceId: objectionableReports.resourceId,
          reason: objectionableReports.reason,
          createdAt: objectionableReports.createdAt,
        })
        .from(objectionableReports)
        .where(eq(objectionableReports.reporterId, me.id))
        .orderBy(objectionableReports.id),
      db
        .select({
          id: lists.id,
          kind: lists.kind,
          name: lists.name,
          description: lists.description,
          visibility: lists.visibility,
          createdAt: lists.createdAt,
        })
        .from(lists)
        .where(eq(lists.ownerId, me.id))
        .orderBy(lists.id),
      db
        .select({
          listId: listItems.listId,
          placeId: places.id,
          name: places.name,
          latitude: places.latitude,
          longitude: places.longitude,
          note: listItems.note,
        })
        .from(listItems)
        .innerJoin(lists, eq(lists.id, listItems.listId))
        .innerJoin(places, eq(places.id, listItems.placeId))
        .where(eq(lists.ownerId, me.id))
        .orderBy(listItems.listId, listItems.position, listItems.id),
      db
        .select({
          id: places.id,
          name: places.name,
          latitude: places.latitude,
          longitude: places.longitude,
          address: places.address,
          city: places.city,
          visibility: places.visibility,
          source: places.source,
          createdAt: places.createdAt,
        })
        .from(places)
        .where(eq(places.creatorId, me.id))
        .orderBy(places.id),
      documentsOf(db, me.id),
    ]);
    return {
      format: 'spotlist-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      account: { createdAt: iso(account[0].createdAt), updatedAt: iso(account[0].updatedAt) },
      user,
      settings: mySettings,
      languages,
      securityRoles: roles,
      sessions: sessions.map((s) => ({
        createdAt: iso(s.createdAt),
        accessExpiresAt: iso(s.accessExpiresAt),
        refreshExpiresAt: iso(s.refreshExpiresAt),
        rotatedAt: isoOrNull(s.rotatedAt),
        revokedAt: isoOrNull(s.revokedAt),
      })),
      mailTokens: tokens.map((t) => ({
        purpose: t.purpose,
        createdAt: iso(t.createdAt),
        expiresAt: iso(t.expiresAt),
        usedAt: isoOrNull(t.usedAt),
      })),
      reports: reports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      lists: myLists.map((l) => ({
        ...l,
        createdAt: iso(l.createdAt),
        items: items.filter((i) => i.listId === l.id).map(({ listId: _listId, ...item }) => item),
      })),
      places: created.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
      documents: docs,
    };
  }

  return { view, update, remove, exportData };
}
export type ProfileService = ReturnType<typeof profileService>;
