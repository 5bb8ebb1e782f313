import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, ErrorKey, RESUMABLE_UPLOAD_PATH } from '@spotlist/contracts';
import { signup } from '../test/helpers.ts';
import { loadOperations, urlOf, type Operation } from './openapi-routes.ts';
import { validRequest, type Ctx } from './requests.ts';
import { answerProblem, describeRequest, isSuccess, multipart, requestCount, send, type SweepRequest } from './sweep.ts';
import { buildWorld, type World } from './world.ts';

/**
 * The 401 sweep: every route that needs a login (openapi.json `x-access` user or admin; public
 * routes carry `security: []`) answers 401 `{ key }` without a token, with a garbage one, with a
 * token that was logged out and with a refresh token in its place, before it reads any input.
 * Admin routes answer 403 to a logged-in user; flag-gated routes 403 to a user without the flag.
 */
const ops = loadOperations();
let w: World;
let ctx: Ctx;
let revoked: string;
let refresh: string;
let plain: string;
beforeAll(async () => {
  w = await buildWorld();
  ctx = { w, me: w.actors.find((a) => a.kind === 'business')! };
  const gone = await signup(w.t.app);
  await send(w.t.app, 'setup', { method: 'POST', url: '/api/logout', token: gone.token, body: {} });
  revoked = gone.token;
  refresh = gone.refreshToken;
  plain = (await signup(w.t.app, AccountType.private)).token;
});
afterAll(() => w?.t.close());

/** The operation's request with its path filled, its body valid (so only the token decides). */
async function base(op: Operation): Promise<SweepRequest> {
  const v = await validRequest(op, ctx);
  const url = urlOf(op, v?.params ?? {}, v?.query);
  if (v?.form) return { method: op.method, url, ...multipart(v.form) };
  return { method: op.method, url, body: v?.body ?? (op.body ? {} : undefined) };
}

const TOKENS: Record<string, () => string | undefined> = {
  'no token': () => undefined,
  'an empty token': () => '',
  'a garbage token': () => 'garbage-token',
  'a token of 5,000 characters': () => 'A'.repeat(5_000),
  'a logged-out token': () => revoked,
  'a refresh token as access token': () => refresh,
};

describe('401 sweep', () => {
  it('reads the access rule of every route from openapi.json', () => {
    expect(ops.length).toBeGreaterThan(100);
    const closed = ops.filter((op) => op.access !== 'public');
    console.log(
      `[security] routes: ${ops.length} operations, ${closed.length} need a login (${ops.filter((o) => o.access === 'admin').length} admin), ${ops.length - closed.length} public`,
    );
    // every operation of the document is a route of the app
    const missing = ops.filter((op) => !w.t.app.hasRoute({ method: op.method, url: op.path.replace(/\{(\w+)\}/g, ':$1') }));
    expect(missing.map((op) => op.id)).toEqual([]);
  });

  for (const [name, token] of Object.entries(TOKENS)) {
    it(`every route that needs a login answers 401 { key } with ${name}; public routes do not ask`, async () => {
      const problems: string[] = [];
      for (const op of ops) {
        const r = { ...(await base(op)), token: token(), ip: '10.0.2.1' };
        const res = await send(w.t.app, 'auth', r);
        const p = answerProblem(res);
        if (p) problems.push(`${describeRequest(r)}: ${p}`);
        if (op.access === 'public') {
          if (res.status === 401 && (res.json() as { key: string }).key.startsWith('error.auth.'))
            problems.push(`${op.id}: public, yet ${res.status} ${res.body}`);
          continue;
        }
        const expected = r.token ? ErrorKey.tokenInvalid : ErrorKey.unauthorized;
        if (res.status !== 401 || (res.json() as { key?: string }).key !== expected)
          problems.push(`${op.id}: ${res.status} ${res.body.slice(0, 120)} (expected 401 ${expected})`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the hidden resumable upload routes (tus) need a login too', async () => {
    const problems: string[] = [];
    for (const method of ['POST', 'HEAD', 'PATCH', 'DELETE'] as const) {
      const url = method === 'POST' ? RESUMABLE_UPLOAD_PATH : `${RESUMABLE_UPLOAD_PATH}/${ctx.me.objects.uploadOpen}`;
      for (const token of [undefined, 'garbage-token', revoked]) {
        const res = await send(w.t.app, 'auth', { method, url, token, headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
        if (res.status !== 401) problems.push(`${method} ${url} with ${token ?? 'no token'}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('admin routes answer 403 to a user, flag-gated routes 403 error.flag.missing to a user without the flag', async () => {
    const problems: string[] = [];
    for (const op of ops) {
      if (op.access === 'public') continue;
      if (op.access === 'user' && op.flags.length === 0) continue;
      const r = { ...(await base(op)), token: plain, ip: '10.0.2.2' };
      const res = await send(w.t.app, 'auth', r);
      const key = op.access === 'admin' ? ErrorKey.permissionMissing : ErrorKey.flagMissing;
      if (res.status !== 403 || (res.json() as { key?: string }).key !== key)
        problems.push(`${op.id}: ${res.status} ${res.body.slice(0, 120)} (expected 403 ${key})`);
      if (isSuccess(res.status)) problems.push(`${op.id}: succeeded for a plain user`);
    }
    expect(problems).toEqual([]);
    console.log(`[security] 401 sweep: ${requestCount('auth')} requests`);
  });
});
