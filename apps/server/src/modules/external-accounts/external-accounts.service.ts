import { and, eq, lt } from 'drizzle-orm';
import {
  EXTERNAL_PROVIDERS,
  EXTERNAL_STATE_TTL_SECONDS,
  ErrorKey,
  type AppLanguage,
  type ExternalProvider,
  type SocialLogin,
  type User,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { externalAccounts, externalAuthStates, users } from '../../platform/db/schema/index.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { notConfigured } from '../../integrations/not-configured.ts';
import { findUserByEmail } from '../users/index.ts';
import type { AuthService, IssuedTokens } from '../auth/index.ts';
import type { ProviderAdapter, ProviderIdentity } from './providers.ts';
import { appErrorOf, connectionStore } from './connections.ts';

type StateRow = typeof externalAuthStates.$inferSelect;

/** Who calls, from where: the logged-in user (a connect), the address and device cookie (the password's throttle), the browser's binding cookie. */
export interface CallerContext {
  userId: number | null;
  accountType: number | null;
  ip: string;
  device: string | undefined;
  binding: string | undefined;
  lang: AppLanguage;
}

export type LoginResult = User & IssuedTokens & { newmodel?: boolean; connectedProvider?: ExternalProvider };

const DAY_MS = 86_400_000;

/**
 * External accounts (./README.md): sign-ins started and finished at a provider, the linking rules,
 * the connections' list, disconnect and refresh.
 */
export function externalAccountsService(deps: {
  db: Db;
  secrets: Secrets;
  auth: Pick<AuthService, 'checkPassword' | 'startSession'>;
  providers: Map<ExternalProvider, ProviderAdapter>;
  defaultClientId: () => Promise<number>;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { db, secrets, auth, providers } = deps;
  const connections = connectionStore(deps);
  const { upsertConnection } = connections;

  const provider = (name: ExternalProvider): ProviderAdapter => providers.get(name) ?? notConfigured(`external.${name}`);

  /** The started sign-in of this state; refused when unknown, used, expired, another provider's or another browser's. */
  async function stateOf(p: ProviderAdapter, state: string, binding: string | undefined): Promise<StateRow> {
    const [st] = await db
      .select()
      .from(externalAuthStates)
      .where(and(eq(externalAuthStates.stateHash, hashToken(state)), eq(externalAuthStates.provider, p.provider)));
    if (!st || st.usedAt || st.expiresAt <= new Date()) throw new AppError(ErrorKey.externalState, 400);
    if (st.bindingHash && (!binding || hashToken(binding) !== st.bindingHash)) throw new AppError(ErrorKey.externalState, 400);
    return st;
  }

  const identityContext = (st: StateRow) => `external-state:${st.id}`;
  const spend = (st: StateRow) =>
    db.update(externalAuthStates).set({ usedAt: new Date(), identity: null }).where(eq(externalAuthStates.id, st.id));

  /** What the provider confirms for this call: the sign-in's kept answer, or the code / ID token / access token redeemed now. */
  async function identify(p: ProviderAdapter, body: SocialLogin, st: StateRow | null): Promise<ProviderIdentity> {
    if (st?.identity) return JSON.parse(secrets.openSecret(st.identity, identityContext(st)), reviveDates) as ProviderIdentity;
    try {
      let id: ProviderIdentity;
      if (body.code && st) {
        const params = new URLSearchParams({ code: body.code, state: body.state! });
        if (body.iss) params.set('iss', body.iss);
        id = await p.fromCallback(params, { state: body.state!, nonce: st.nonce, codeVerifier: st.codeVerifier });
      } else if (body.idToken && st && p.fromIdToken) id = await p.fromIdToken(body.idToken, st.nonce);
      else if (body.accessToken && p.fromAccessToken) id = await p.fromAccessToken(body.accessToken);
      else throw new AppError(ErrorKey.externalState, 400);
      if (st) {
        // the code is spent at the provider: its answer waits here for the password or the terms
        await db
          .update(externalAuthStates)
          .set({ identity: secrets.sealSecret(JSON.stringify(id), identityContext(st)) })
          .where(eq(externalAuthStates.id, st.id));
      }
      return id;
    } catch (err) {
      if (st && !(err instanceof AppError)) await spend(st);
      throw appErrorOf(err);
    }
  }

  /** Apple sends the name once, in its `user` form field (the web) or the SDK's answer (native apps). */
  function namesOf(body: SocialLogin, id: ProviderIdentity): { firstname: string; lastname: string } {
    let first = body.firstName ?? null;
    let last = body.lastName ?? null;
    if (body.user) {
      try {
        const u = JSON.parse(body.user) as { name?: { firstName?: unknown; lastName?: unknown } };
        if (typeof u.name?.firstName === 'string') first = u.name.firstName;
        if (typeof u.name?.lastName === 'string') last = u.name.lastName;
      } catch {
        // not JSON: no name, as when Apple sends none
      }
    }
    return { firstname: (first ?? id.givenName ?? '').trim().slice(0, 60), lastname: (last ?? id.familyName ?? '').trim().slice(0, 60) };
  }

  return {
    ...connections,
    provider,

    /** GET /api/externalaccount/providers. */
    list() {
      // the order the contracts list them in: the logins everyone has first, the business ones last
      const order = (x: ProviderAdapter) => EXTERNAL_PROVIDERS.indexOf(x.provider);
      return [...providers.values()]
        .sort((a, b) => order(a) - order(b))
        .map((p) => ({
          provider: p.provider,
          externalaccountcategoryId: p.categoryId,
          login: p.login,
          businessOnly: p.businessOnly,
        }));
    },

    /** POST /api/externalaccount/authorize: a new state, nonce and PKCE verifier; a web sign-in is bound to `binding`. */
    async authorize(
      input: { provider: ExternalProvider; intent: 'login' | 'connect'; accountType?: { id: number }; termsaccepted?: boolean },
      caller: { userId: number | null; accountType: number | null },
      binding: string | null,
    ) {
      const p = provider(input.provider);
      if (input.intent === 'login' && !p.login) throw new AppError(ErrorKey.externalUnsupported, 400);
      if (input.intent === 'connect') {
        if (caller.userId === null) throw new AppError(ErrorKey.unauthorized, 401);
        if (p.businessOnly && caller.accountType !== 2) throw new AppError(ErrorKey.externalUnsupported, 400);
      }
      const state = randomToken();
      const nonce = randomToken();
      const codeVerifier = randomToken();
      const expiresAt = new Date(Date.now() + EXTERNAL_STATE_TTL_SECONDS * 1000);
      // the authorization address first: a provider that is away leaves nothing behind
      let url: string;
      try {
        url = await p.authorizationUrl({ state, nonce, codeVerifier });
      } catch (err) {
        throw appErrorOf(err);
      }
      await db.insert(externalAuthStates).values({
        stateHash: hashToken(state),
        provider: p.provider,
        intent: input.intent,
        userId: input.intent === 'connect' ? caller.userId : null,
        bindingHash: binding ? hashToken(binding) : null,
        nonce,
        codeVerifier,
        accountType: input.accountType?.id ?? null,
        termsaccepted: input.termsaccepted === true,
        expiresAt,
      });
      // started sign-ins a day past their end go
      await db.delete(externalAuthStates).where(lt(externalAuthStates.expiresAt, new Date(Date.now() - DAY_MS)));
      return { url, state, nonce, expiresAt: expiresAt.toISOString() };
    },

    /**
     * A provider login or connect (SPEC §4, §5, §7; README "Linking rules"). Answers the session
     * for a login, or null for a connect of the logged-in user.
     */
    async complete(
      name: ExternalProvider,
      body: SocialLogin,
      caller: CallerContext,
      additionalInfo?: Record<string, unknown>,
      onlyConnect = false,
    ): Promise<{ session: LoginResult | null; connected: boolean }> {
      const p = provider(name);
      const st = body.state ? await stateOf(p, body.state, caller.binding) : null;
      if (body.error) {
        if (st) await spend(st);
        throw new AppError(ErrorKey.externalDenied, 400);
      }
      if (!st && !(body.accessToken && p.fromAccessToken)) throw new AppError(ErrorKey.externalState, 400);
      // a connect: the sign-in was started for it, or a logged-in app sends its token
      const connectUserId = st ? (st.intent === 'connect' ? st.userId : null) : caller.userId;
      if (st?.intent === 'connect' && caller.userId !== null && caller.userId !== st.userId)
        throw new AppError(ErrorKey.externalState, 400);
      if (onlyConnect && connectUserId === null) throw new AppError(ErrorKey.externalState, 400);
      if (st?.intent === 'login' && !p.login) throw new AppError(ErrorKey.externalUnsupported, 400);
      const id = await identify(p, body, st);
      const finish = async () => {
        if (st) await spend(st);
      };
      const [linked] = await db
        .select()
        .from(externalAccounts)
        .where(and(eq(externalAccounts.provider, p.provider), eq(externalAccounts.subject, id.subject)));

      if (connectUserId !== null) {
        if (linked && linked.userId !== connectUserId) {
          await finish();
          throw new AppError(ErrorKey.externalLinkedElsewhere, 409);
        }
        await upsertConnection(db, connectUserId, p, id, additionalInfo);
        await finish();
        return { session: null, connected: true };
      }

      if (linked) {
        const [u] = await db.select().from(users).where(eq(users.id, linked.userId));
        const session = await auth.startSession(u, caller.lang);
        await upsertConnection(db, linked.userId, p, id, additionalInfo);
        await finish();
        return { session, connected: false };
      }

      const refuse = async (key: string, status: number) => {
        await finish();
        throw new AppError(key, status);
      };
      if (!id.email) return refuse(ErrorKey.externalEmailMissing, 400);
      // an address the provider does not vouch for never links, and never makes an account
      if (!id.emailVerified) return refuse(ErrorKey.externalEmailUnverified, 409);
      const existing = await findUserByEmail(db, id.email);
      if (existing) {
        if (!existing.passwordHash) return refuse(ErrorKey.externalExists, 409);
        // the state keeps the provider's answer: the client asks for the password and retries
        if (!body.password) throw new AppError(ErrorKey.existingPasswordRequired, 409);
        await auth.checkPassword(existing, id.email, body.password, caller.ip, caller.device, ErrorKey.existingPasswordWrong);
        const session = await auth.startSession(existing, caller.lang);
        await upsertConnection(db, existing.id, p, id, additionalInfo);
        await finish();
        return { session: { ...session, connectedProvider: p.provider }, connected: true };
      }

      if (!(body.termsaccepted === true || st?.termsaccepted)) throw new AppError(ErrorKey.externalTermsRequired, 400);
      const names = namesOf(body, id);
      const accountType = p.businessOnly ? 2 : (body.accountType?.id ?? st?.accountType ?? 1);
      const clientId = await deps.defaultClientId();
      const languageId = caller.lang === 'de' ? 2 : 1;
      const userId = await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({
            clientId,
            email: id.email!,
            passwordHash: null,
            emailVerified: true,
            accountType,
            firstname: names.firstname,
            lastname: names.lastname,
            nickname: names.firstname,
            languageId,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!u) throw new AppError(ErrorKey.emailTaken, 409);
        await upsertConnection(tx as unknown as Db, u.id, p, id, additionalInfo);
        return u.id;
      });
      await finish();
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      const session = await auth.startSession(u, caller.lang);
      return { session: { ...session, newmodel: true, connectedProvider: p.provider }, connected: true };
    },
  };
}
export type ExternalAccountsService = ReturnType<typeof externalAccountsService>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
function reviveDates(_key: string, value: unknown): unknown {
  return typeof value === 'string' && ISO.test(value) ? new Date(value) : value;
}
