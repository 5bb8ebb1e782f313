import { eq, sql } from 'drizzle-orm';
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
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { countries, industries, userLocations, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { FAILURE_MEMORY_SECONDS, waitSeconds, type ThrottleStore } from '../../lib/throttle.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import type { AccountData } from '../../platform/account-data/account-data.ts';
import { loadUserView } from '../users/index.ts';

const fieldError = (path: string, key: string) => new AppError(ErrorKey.validation, 400, [{ path, key }]);

/**
 * SPEC §7 "Profile and settings": read, update (one transaction), delete after the password is
 * confirmed, and the GDPR export. The SPEC §5 rules ran in the contract before a body gets here;
 * this service adds what needs the database (the referenced rows exist, the e-mail is free).
 */
export function profileService(deps: { db: Db; config: Config; throttle: ThrottleStore; accountData: AccountData }) {
  const { db, config, throttle, accountData } = deps;

  async function view(userId: number, lang: AppLanguage): Promise<User> {
    const u = await loadUserView(db, userId, lang);
    if (!u) throw new AppError(ErrorKey.tokenInvalid, 401);
    return u;
  }

  async function update(me: UserActor, body: ProfileUpdate, lang: AppLanguage): Promise<User> {
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

  /**
   * Deletes the account and, through the foreign keys and every module's part of the account data
   * (platform/account-data), everything it owns: sessions, lists, shares, private places, files.
   */
  async function remove(me: UserActor, password: string): Promise<void> {
    const key = deleteKey(me.id);
    const wait = waitSeconds(await throttle.get(key), config.LOGIN_MAX_FAILURES_PER_ACCOUNT, config.LOGIN_WINDOW_SECONDS);
    if (wait > 0) throw new AppError(ErrorKey.loginThrottled, 429, undefined, wait);
    const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    if (!rows[0] || !(await verifyPassword(rows[0].passwordHash ?? (await dummyHash()), password))) {
      await throttle.hit(key, FAILURE_MEMORY_SECONDS);
      throw new AppError(ErrorKey.passwordWrong, 400);
    }
    await accountData.remove(me.id, async (tx) => void (await tx.delete(users).where(eq(users.id, me.id))));
    await throttle.reset(key);
  }

  /** GDPR export: everything the account owns, each module's sections from its part; secrets (password hash, token hashes) never. */
  async function exportData(me: UserActor, lang: AppLanguage): Promise<ProfileExport> {
    return { format: 'spotlist-export', version: 1, exportedAt: new Date().toISOString(), ...(await accountData.export(me.id, lang)) };
  }

  return { view, update, remove, exportData };
}
export type ProfileService = ReturnType<typeof profileService>;
