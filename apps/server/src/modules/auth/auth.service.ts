import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorKey, type AppLanguage, type Credentials, type Signup, type User } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Db } from '../../platform/db/client.ts';
import { authSessions, passwordResetTokens, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../integrations/smtp/mailer.ts';
import { assertPasswordPolicy, dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { FAILURE_MEMORY_SECONDS, waitSeconds, type ThrottleStore } from '../../lib/throttle.ts';
import { deviceCookieFor, knownDevice } from './device-cookie.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { findUserByEmail, loadUserView } from '../users/index.ts';
import type { Translate } from '../../lib/mail-texts.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { sendMail } from './auth.jobs.ts';

export interface IssuedTokens {
  authtoken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function authService(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Mails go out through the mail.send job (auth.jobs.ts): queued with the request, sent by a worker. */
  jobs: Pick<JobQueue, 'send'>;
  throttle: ThrottleStore;
  defaultClientId: () => Promise<number>;
  mailText: Translate;
  /** Sessions ending or changing without a request of their user (refresh rotation, a reused refresh token, logout, reset by mailed token) emit 'session.revoked'. */
  events: EventBus;
  /** Signs device cookies. */
  secret: string;
}) {
  const { db, config, mailer, throttle, events } = deps;
  const userChanged = (userId: number) => events.emit('session.revoked', { userId });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

  async function issue(userId: number, familyId: string = crypto.randomUUID()): Promise<IssuedTokens> {
    const authtoken = randomToken();
    const refreshToken = randomToken();
    const now = Date.now();
    await db.insert(authSessions).values({
      userId,
      familyId,
      accessHash: hashToken(authtoken),
      accessExpiresAt: new Date(now + config.ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(now + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return {
      authtoken,
      refreshToken,
      expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshExpiresIn: config.REFRESH_TOKEN_TTL_SECONDS,
    };
  }

  /** The user as answered; country names follow the request's app-language. */
  async function view(userId: number, lang: AppLanguage = 'en'): Promise<User> {
    const u = await loadUserView(db, userId, lang);
    if (!u) throw new AppError(ErrorKey.tokenInvalid, 401);
    return u;
  }

  /** Mints a one-time token for the account and mails its link; the mail.send job's work. */
  async function deliverTokenMail(purpose: 'reset' | 'verify', userId: number, idempotencyId: string) {
    const rows = await db
      .select({ email: users.email, languageId: users.languageId, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const user = rows[0];
    // the account went away, or the address was confirmed, while the mail waited: nothing to send
    if (!user || (purpose === 'verify' && user.emailVerified)) return;
    const email = user.email;
    const language = user.languageId === 2 ? 'de' : 'en';
    const token = randomToken();
    await db.insert(passwordResetTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + (purpose === 'reset' ? RESET_TTL_MS : VERIFY_TTL_MS)),
    });
    const link =
      purpose === 'reset'
        ? `${publicUrl}/password-reset?token=${encodeURIComponent(token)}`
        : `${publicUrl}/api/email/verify?token=${encodeURIComponent(token)}`;
    const t = deps.mailText(language);
    await mailer.send(
      {
        to: email,
        subject: t(purpose === 'reset' ? 'reset.subject' : 'verify.subject'),
        text: `${t(purpose === 'reset' ? 'reset.body' : 'verify.body')}\n\n${link}\n`,
      },
      idempotencyId,
    );
  }

  /** Consumes a one-time mail token; returns its user id or null. */
  async function consumeToken(token: string, purpose: 'reset' | 'verify', executor: Db = db): Promise<number | null> {
    const rows = await executor
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.purpose, purpose),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return rows[0]?.userId ?? null;
  }

  const accountAddressKey = (email: string, ip: string) =>
    `acct:${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex')}:${ip}`;
  const addressKey = (ip: string) => `addr:${ip}`;

  /**
   * Checks an account's password under the login's throttle (SPEC §7; README "Rules"): failures
   * slow down the next attempt per account × address and per address, or per known device.
   * Throws `failKey` (401) for an unknown account, an account without a password or a wrong one;
   * answers the device id of a known device cookie.
   */
  async function checkPassword(
    user: { id: number; passwordHash: string | null } | undefined,
    email: string,
    password: string,
    ip: string,
    device: string | undefined,
    failKey: string,
  ): Promise<string | null> {
    const deviceId = user ? knownDevice(deps.secret, device, user.id) : null;
    const keys = deviceId ? [`device:${deviceId}`] : [accountAddressKey(email, ip), addressKey(ip)];
    const frees = deviceId
      ? [config.LOGIN_MAX_FAILURES_PER_ACCOUNT]
      : [config.LOGIN_MAX_FAILURES_PER_ACCOUNT, config.LOGIN_MAX_FAILURES_PER_ADDRESS];
    const counts = await Promise.all(keys.map((k) => throttle.get(k)));
    const wait = Math.max(...counts.map((c, i) => waitSeconds(c, frees[i], config.LOGIN_WINDOW_SECONDS)));
    if (wait > 0) throw new AppError(ErrorKey.loginThrottled, 429, undefined, wait);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user?.passwordHash || !ok) {
      await Promise.all(keys.map((k) => throttle.hit(k, FAILURE_MEMORY_SECONDS)));
      throw new AppError(failKey, 401);
    }
    await throttle.reset(keys[0]);
    return deviceId;
  }

  /** A session for an account that proved who it is: refused while locked, or unverified when the server asks for verified addresses. */
  async function startSession(
    user: { id: number; lockedAt: Date | null; emailVerified: boolean },
    lang: AppLanguage = 'en',
  ): Promise<User & IssuedTokens> {
    if (user.lockedAt) throw new AppError(ErrorKey.accountLocked, 403);
    if (config.REQUIRE_EMAIL_VERIFICATION && !user.emailVerified) throw new AppError(ErrorKey.userUnverified, 403);
    return { ...(await view(user.id, lang)), ...(await issue(user.id)) };
  }

  return {
    async signup(input: Signup, lang: AppLanguage = 'en'): Promise<User & IssuedTokens> {
      assertPasswordPolicy(input.password, input.email);
      if (await findUserByEmail(db, input.email)) throw new AppError(ErrorKey.emailTaken, 409);
      const passwordHash = await hashPassword(input.password);
      const clientId = await deps.defaultClientId();
      const inserted = await db
        .insert(users)
        .values({
          clientId,
          email: input.email,
          passwordHash,
          accountType: input.accountType.id,
          nickname: input.nickname?.value.trim() ?? '',
          languageId: input.language?.id ?? 1,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!inserted[0]) throw new AppError(ErrorKey.emailTaken, 409);
      const id = inserted[0].id;
      await deps.jobs.send(sendMail, { kind: 'verify', userId: id });
      if (config.REQUIRE_EMAIL_VERIFICATION) throw new AppError(ErrorKey.userUnverified, 403);
      return { ...(await view(id, lang)), ...(await issue(id)) };
    },

    /**
     * Same answer for an unknown e-mail and a wrong password. Failures slow down the next attempt
     * (exponential delay with Retry-After, never a lockout) per account × address and per address;
     * a device that logged into this account before (its signed device cookie) is counted on its
     * own, so failures from elsewhere never stop its owner. Answers the device cookie to keep.
     */
    async login(
      input: Credentials,
      ip: string,
      device: string | undefined,
      lang: AppLanguage = 'en',
    ): Promise<User & IssuedTokens & { device: string }> {
      const user = await findUserByEmail(db, input.email);
      const deviceId = await checkPassword(user, input.email, input.password, ip, device, ErrorKey.loginFailed);
      if (!user) throw new AppError(ErrorKey.loginFailed, 401);
      return { ...(await startSession(user, lang)), device: deviceCookieFor(deps.secret, user.id, deviceId ?? undefined) };
    },

    checkPassword,
    startSession,

    /** Rotates a refresh token. Reusing an already rotated one revokes its whole family. */
    async refresh(refreshToken: string, lang: AppLanguage = 'en'): Promise<User & IssuedTokens> {
      const rows = await db
        .select()
        .from(authSessions)
        .where(eq(authSessions.refreshHash, hashToken(refreshToken)))
        .limit(1);
      const s = rows[0];
      if (!s || s.revokedAt || s.refreshExpiresAt <= new Date()) throw new AppError(ErrorKey.refreshInvalid, 401);
      const rotated = await db
        .update(authSessions)
        .set({ rotatedAt: new Date() })
        .where(and(eq(authSessions.id, s.id), isNull(authSessions.rotatedAt)))
        .returning({ id: authSessions.id });
      await userChanged(s.userId);
      if (!rotated[0]) {
        await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.familyId, s.familyId));
        await userChanged(s.userId);
        throw new AppError(ErrorKey.refreshInvalid, 401);
      }
      return { ...(await view(s.userId, lang)), ...(await issue(s.userId, s.familyId)) };
    },

    /** Ends the session (by its access token's session, or its refresh token's family); answers whose it was, or null. */
    async logout(sessionId: number | null, refreshToken?: string): Promise<number | null> {
      let userId: number | null = null;
      if (sessionId !== null) {
        const rows = await db
          .select({ familyId: authSessions.familyId, userId: authSessions.userId })
          .from(authSessions)
          .where(eq(authSessions.id, sessionId));
        if (rows[0]) {
          userId = rows[0].userId;
          await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.familyId, rows[0].familyId));
        }
      }
      if (refreshToken) {
        const revoked = await db
          .update(authSessions)
          .set({ revokedAt: new Date() })
          .where(eq(authSessions.familyId, sql`(select family_id from ${authSessions} where refresh_hash = ${hashToken(refreshToken)})`))
          .returning({ userId: authSessions.userId });
        if (revoked[0]) {
          userId ??= revoked[0].userId;
          await userChanged(revoked[0].userId);
        }
      }
      return userId;
    },

    view,
    deliverTokenMail,

    /** Always answers the same; mails a link only when the account exists. */
    async requestReset(email: string) {
      const user = await findUserByEmail(db, email);
      if (user) await deps.jobs.send(sendMail, { kind: 'reset', userId: user.id });
    },

    async resetWithToken(token: string, newPassword: string) {
      assertPasswordPolicy(newPassword);
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        const id = await consumeToken(token, 'reset', tx as unknown as Db);
        if (id === null) throw new AppError(ErrorKey.resetTokenInvalid, 400);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
        // a password reset ends every session of the account
        await tx.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, id));
        return id;
      });
      await userChanged(userId);
    },

    async changePassword(userId: number, sessionId: number, oldPassword: string, newPassword: string) {
      const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      const user = rows[0];
      if (!user || !(await verifyPassword(user.passwordHash ?? (await dummyHash()), oldPassword))) {
        throw new AppError(ErrorKey.passwordWrong, 400);
      }
      assertPasswordPolicy(newPassword, user.email);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        // other sessions end; the one that changed the password stays
        await tx
          .update(authSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(authSessions.userId, userId), sql`${authSessions.id} <> ${sessionId}`));
      });
    },

    async verifyEmail(token: string): Promise<boolean> {
      const userId = await consumeToken(token, 'verify');
      if (userId === null) return false;
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      await userChanged(userId);
      return true;
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
