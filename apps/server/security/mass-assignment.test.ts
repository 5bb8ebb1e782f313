import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, USER_FLAGS } from '@spotlist/contracts';
import { signup, waitForMail } from '../test/helpers.ts';
import { setFlags } from '../test/widget-helpers.ts';
import { loadOperations, urlOf, type JsonSchema, type Operation } from './openapi-routes.ts';
import { hasValidRequest, requestOf, validRequest, type Ctx, type ValidRequest } from './requests.ts';
import { answerProblem, describeRequest, isSuccess, requestCount, send, type SweepRequest } from './sweep.ts';
import { changes, snapshot } from './snapshot.ts';
import { buildWorld, type Actor, type World } from './world.ts';

/**
 * Mass assignment: every write route gets a valid body plus fields it must never take from a
 * client (ids, owner ids, flags, roles, profileFilled, accountType, emailVerified, …). Nothing of
 * them may persist: the caller's session user is the same as after the same request without them,
 * the answer shows none of them, and the bystander they name (as owner, as id) is unchanged.
 */
/** Removals last: the others' valid requests name the scratch objects they would remove. */
const removes = (op: Operation) => op.method === 'DELETE' || /\/(remove|revoke|delete)\b/.test(op.path);
const all = loadOperations().filter((op) => op.method !== 'GET');
// removals in reverse order: an item before its list, a POI before its widget, a role's link before the role
const ops = [...all.filter((op) => !removes(op)), ...all.filter(removes).reverse()];
let w: World;
/** Sends the requests with injected fields; `twin` (the other business) the same ones without. */
let me: Actor;
let twin: Actor;
beforeAll(async () => {
  w = await buildWorld();
  me = w.actors.find((a) => a.label === 'business2')!;
  twin = w.actors.find((a) => a.label === 'business1')!;
});
afterAll(() => w?.t.close());

const INJECTED_ID = 2_147_480_001;
/** What a client must never set; owners are the bystander's id (and an object of theirs). */
function injected(victim: Actor): Record<string, unknown> {
  return {
    id: INJECTED_ID,
    ownerId: victim.id,
    owner_id: victim.id,
    owner: { id: victim.id },
    userId: victim.id,
    user_id: victim.id,
    user: { id: victim.id },
    creatorId: victim.id,
    creator_id: victim.id,
    clientId: 999,
    ...Object.fromEntries(USER_FLAGS.map((f) => [f, true])),
    flags: Object.fromEntries(USER_FLAGS.map((f) => [f, true])),
    roles: ['admin'],
    securityRoles: [{ id: 1 }],
    permissions: ['admin'],
    permissionsInclude: ['admin'],
    isAdmin: true,
    admin: true,
    profileFilled: true,
    profile_filled: true,
    accountType: { id: AccountType.private },
    account_type: AccountType.private,
    emailVerified: true,
    email_verified: true,
    passwordHash: 'x',
    editable: true,
    revision: 999,
    publicId: 'AAAAAAAAAAAAAAAAAAAA',
    createdAt: '2000-01-01T00:00:00.000Z',
    updatedAt: '2000-01-01T00:00:00.000Z',
    deletedAt: '2000-01-01T00:00:00.000Z',
    entityType: 'place',
    entityId: victim.objects.placePrivate,
    sizeBytes: 1,
    sha256: '0'.repeat(64),
    mimeType: 'text/html',
    kind: 'likes',
    listId: victim.objects.listPrivate,
    widgetId: victim.objects.widgetV2?.id,
  };
}

/** Keys the schema itself takes at the top level: those are the route's to handle (some are checked below). */
const schemaKeys = (s: JsonSchema | undefined): string[] =>
  [s, ...(s?.anyOf ?? []), ...(s?.oneOf ?? [])].flatMap((x) => Object.keys(x?.properties ?? {}));

/** In-schema fields a route must still not take as given. */
const PROTECTED: Record<string, (victim: Actor) => Record<string, unknown>> = {
  // the stored account type replaces the body's; another's id is refused (403)
  'POST /api/myprofile/update': () => ({ accountType: { id: AccountType.private } }),
};

/** Routes that end or change the caller's account or session: run by a fresh user each time. */
const THROWAWAY = new Set([
  'DELETE /api/myprofile/delete',
  'POST /api/password/update',
  'POST /api/logout',
  'POST /api/password/update/token',
]);
/** …of which these end the session the request came with. */
const ENDS_SESSION = new Set(['DELETE /api/myprofile/delete', 'POST /api/logout', 'POST /api/password/update/token']);
/** Writes whose answer is a redirect by design (Apple's form_post handed on to the web app's callback page). */
const REDIRECTS = new Set(['POST /api/externalaccount/callback/apple']);

/** The valid request; a password reset gets a real token from the mail it sends. */
async function prepared(op: Operation, ctx: Ctx): Promise<ValidRequest | undefined> {
  const v = await validRequest(op, ctx);
  if (op.id !== 'POST /api/password/update/token' || !v) return v;
  await send(w.t.app, 'mass-assignment', { method: 'POST', url: '/api/password/reset', body: { email: ctx.me.email } });
  const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(w.t.dataDir, ctx.me.email, /password-reset\?token=/))![1];
  return { ...v, body: { ...(v.body as object), token } };
}

/** What of the session user no body may change. */
async function sessionOf(token: string) {
  const res = await send(w.t.app, 'mass-assignment', { method: 'GET', url: `/api/session/user?sweep=${Math.random()}`, token });
  if (res.status !== 200) return `${res.status} ${res.body}`;
  const u = res.json() as Record<string, unknown>;
  const pick = ['id', 'email', 'emailVerified', 'accountType', 'permissionsInclude', 'profileFilled', 'client', ...USER_FLAGS];
  return JSON.stringify(Object.fromEntries(pick.map((k) => [k, u[k]])));
}

/** The fields of an answer that show an injected value got in. */
function answerProblems(
  body: unknown,
  op: Operation,
  caller: Actor | null,
  victim: Actor,
  before: Record<string, unknown> | null,
  pathId?: number,
): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const out: string[] = [];
  const check = (o: Record<string, unknown>, where: string) => {
    if (o.id === INJECTED_ID && pathId !== INJECTED_ID) out.push(`${where}id is the injected one`);
    for (const k of ['ownerId', 'userId', 'creatorId']) if (o[k] === victim.id) out.push(`${where}${k} is the bystander`);
    for (const k of ['owner', 'user'])
      if ((o[k] as { id?: number } | undefined)?.id === victim.id) out.push(`${where}${k} is the bystander`);
    if (o.revision === 999) out.push(`${where}revision taken`);
    if (o.publicId === 'AAAAAAAAAAAAAAAAAAAA') out.push(`${where}publicId taken`);
    if (typeof o.createdAt === 'string' && o.createdAt.startsWith('2000-')) out.push(`${where}createdAt taken`);
    if (o.entityType === 'place' && o.entityId === victim.objects.placePrivate) out.push(`${where}entity taken`);
    if (o.sizeBytes === 1 || o.mimeType === 'text/html' || o.sha256 === '0'.repeat(64)) out.push(`${where}file facts taken`);
    if (o.kind === 'likes' && op.path === '/api/list/add') out.push(`${where}kind taken`);
    // a user answer: as it was before
    if (before && 'emailVerified' in o) {
      for (const k of ['emailVerified', 'profileFilled', 'permissionsInclude', 'accountType', ...USER_FLAGS]) {
        if (JSON.stringify(o[k]) !== JSON.stringify(before[k]))
          out.push(`${where}${k}: ${JSON.stringify(before[k])} → ${JSON.stringify(o[k])}`);
      }
    }
    if (caller && 'creatorId' in o && o.creatorId !== caller.id && o.creatorId !== null)
      out.push(`${where}creatorId ${String(o.creatorId)}`);
  };
  check(body as Record<string, unknown>, '');
  for (const k of ['list', 'share']) {
    const inner = (body as Record<string, unknown>)[k];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) check(inner as Record<string, unknown>, `${k}.`);
  }
  return out;
}

/** The valid request with the injected fields added (the JSON body, or the upload's `data` and extra form fields). */
function withInjected(v: ValidRequest, op: Operation, victim: Actor): ValidRequest {
  const extra = Object.fromEntries(Object.entries(injected(victim)).filter(([k]) => !schemaKeys(op.body).includes(k)));
  Object.assign(extra, PROTECTED[op.id]?.(victim));
  if (v.form) {
    const form = v.form.map((p) => {
      if (p.name !== 'data' || typeof p.value !== 'string') return p;
      const data = JSON.parse(p.value) as Record<string, unknown>;
      // `data.id` names one's own document to replace (the BOLA matrix tries others'); the rest is injected
      const { id: _id, ...rest } = extra;
      return { ...p, value: JSON.stringify({ ...rest, ...data }) };
    });
    // two form fields more (the routes take few fields: more is refused as too large a form)
    const fields = ['userId', 'ownerId'].map((name) => ({ name, value: String(extra[name]) }));
    return { ...v, form: [...fields, ...form] };
  }
  if (typeof v.body === 'object' && v.body !== null && !Array.isArray(v.body)) return { ...v, body: { ...extra, ...(v.body as object) } };
  return { ...v, body: v.body === undefined ? extra : v.body };
}

async function freshActor(): Promise<Actor> {
  const u = await signup(w.t.app, AccountType.business);
  await setFlags(w.t.app, u.user.id, { widgetv1activated: true, widgetv2activated: true, hasGuest: true, overlayactivated: true });
  return { ...me, ...u, id: u.user.id, label: 'fresh' };
}

describe('mass assignment', () => {
  it('every write route has a valid request to add fields to', () => {
    const missing = ops.filter((op) => !hasValidRequest(op));
    expect(missing.map((op) => op.id)).toEqual([]);
  });

  it('no injected field persists: ids, owners, flags, roles, profileFilled, accountType, emailVerified', async () => {
    const problems: string[] = [];
    const notExercised: string[] = [];
    let attempts = 0;
    let taken = 0;
    const refusedInjected: string[] = [];
    const bystanderBefore = await snapshot(w, w.bystander, { listings: true });
    for (const op of ops) {
      // the same valid request, by two accounts alike: one plain, one with the fields added. What
      // the plain one changes of its session user is the route's to change; nothing more may move.
      const fresh = THROWAWAY.has(op.id);
      const plain = fresh ? await freshActor() : twin;
      const caller = fresh ? await freshActor() : me;
      const pctx: Ctx = { w, me: plain };
      const ctx: Ctx = { w, me: caller };
      const clean = (await prepared(op, pctx))!;
      const cleanReq = requestOf(clean, urlOf(op, clean.params, clean.query), pctx, op.method);
      const dirty = withInjected((await prepared(op, ctx))!, op, w.bystander);
      const r: SweepRequest = requestOf(dirty, urlOf(op, dirty.params, dirty.query), ctx, op.method);
      const ownSession = (x: SweepRequest) => (x.token && x.token !== w.admin.token && op.id !== 'POST /api/logout' ? x.token : undefined);
      const cleanBefore = ownSession(cleanReq) ? await sessionOf(ownSession(cleanReq)!) : undefined;
      const runClean = async () => {
        const cleanRes = await send(w.t.app, 'mass-assignment', cleanReq);
        // (after the injected one, an admin row may be gone: only the first run must succeed)
        const answered = isSuccess(cleanRes.status) || (REDIRECTS.has(op.id) && cleanRes.status === 303);
        if (!answered && op.access !== 'admin') notExercised.push(`${op.id} ${cleanRes.status} ${cleanRes.body.slice(0, 100)}`);
      };
      // admin rows are one for both: the injected request goes first
      if (op.access !== 'admin') await runClean();
      const cleanAfter = cleanBefore && !ENDS_SESSION.has(op.id) ? await sessionOf(ownSession(cleanReq)!) : undefined;

      const beforeSession = ownSession(r) ? await sessionOf(ownSession(r)!) : undefined;
      const beforeUser = beforeSession?.startsWith('{') ? (JSON.parse(beforeSession) as Record<string, unknown>) : null;
      attempts++;
      const res = await send(w.t.app, 'mass-assignment', r);
      if (op.access === 'admin') await runClean();
      if (isSuccess(res.status)) taken++;
      else refusedInjected.push(`${op.id} ${res.status} ${res.body.slice(0, 80)}`);
      const what = `${describeRequest(r)} → ${res.status}`;
      const p = answerProblem(res);
      if (p) problems.push(`${what}: ${p}`);
      if (isSuccess(res.status) && res.body.length > 0 && /json/.test(String(res.headers['content-type']))) {
        const pathId = typeof dirty.params.id === 'number' ? dirty.params.id : undefined;
        // a profile update may fill the profile: compare with what the plain one became
        const expectUser =
          cleanAfter?.startsWith('{') && beforeUser
            ? { ...beforeUser, profileFilled: (JSON.parse(cleanAfter) as Record<string, unknown>).profileFilled }
            : beforeUser;
        problems.push(...answerProblems(res.json(), op, caller, w.bystander, expectUser, pathId).map((x) => `${what}: ${x}`));
      }
      if (beforeSession && cleanBefore && cleanAfter && !ENDS_SESSION.has(op.id)) {
        const after = await sessionOf(ownSession(r)!);
        const moved = (b: string, a: string) => {
          const [x, y] = [JSON.parse(b), JSON.parse(a)] as Record<string, unknown>[];
          return Object.keys(x)
            .filter((k) => k !== 'id' && k !== 'email' && JSON.stringify(x[k]) !== JSON.stringify(y[k]))
            .map((k) => `${k}: ${JSON.stringify(x[k])} → ${JSON.stringify(y[k])}`)
            .sort()
            .join('; ');
        };
        const mine = moved(beforeSession, after);
        const plainOnes = moved(cleanBefore, cleanAfter);
        if (mine !== plainOnes)
          problems.push(`${what}: the session user changed (${mine}) where the plain request changed (${plainOnes || 'nothing'})`);
        if ((JSON.parse(after) as { id: number }).id !== caller.id) problems.push(`${what}: the session user is another`);
      }
      // a new account: none of the injected fields
      if (op.id === 'POST /api/signup' && isSuccess(res.status)) {
        const u = res.json() as Record<string, unknown>;
        const session = JSON.parse(await sessionOf(String(u.authtoken))) as Record<string, unknown>;
        for (const f of USER_FLAGS) if (session[f] !== false) problems.push(`${what}: new account has ${f}`);
        if (session.emailVerified !== false || session.profileFilled !== false || (session.permissionsInclude as unknown[]).length > 0)
          problems.push(`${what}: new account ${JSON.stringify(session)}`);
        if (session.id === INJECTED_ID) problems.push(`${what}: new account took the injected id`);
      }
      if (op.id === 'POST /api/login' && isSuccess(res.status)) {
        problems.push(
          ...answerProblems(res.json(), op, null, w.bystander, JSON.parse(await sessionOf(me.token)) as Record<string, unknown>).map(
            (x) => `${what}: ${x}`,
          ),
        );
      }
    }
    const bystanderAfter = await snapshot(w, w.bystander, { listings: true });
    problems.push(...changes(bystanderBefore, bystanderAfter).map((c) => `the bystander's data changed: ${c}`));
    console.log(
      `[security] mass assignment: ${attempts} write routes with injected fields (${requestCount('mass-assignment')} requests): ` +
        `${taken} answered 2xx with the fields dropped, ${refusedInjected.length} refused them:\n  ${refusedInjected.join('\n  ')}`,
    );
    expect(problems).toEqual([]);
    // a valid request refused would leave its route untested
    expect(notExercised).toEqual([]);
  });
});
