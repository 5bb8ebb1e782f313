import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_KEY_HEADER, PERMISSIONS } from '@spotlist/contracts';
import { eq } from 'drizzle-orm';
import { ADMIN, loginAdmin } from '../test/helpers.ts';
import { ALL_FLAGS } from '../test/widget-helpers.ts';
import { securityRoles, userSecurityRoles, users } from '../src/platform/db/schema/index.ts';
import { ADMIN_ROLE_KEY, seedReference } from '../src/platform/db/seed/reference.ts';
import { loadOperations, type JsonSchema, type Operation } from './openapi-routes.ts';
import { ownParams } from './requests.ts';
import { answerProblem, describeRequest, multipart, requestCount, send, statusClasses, type SweepRequest } from './sweep.ts';
import { buildWorld, type Actor, type World } from './world.ts';

/**
 * fast-check fuzz of every operation of openapi.json: bodies, path parameters and queries built
 * loosely from the route's JSON schema (mostly valid-ish, with invalid parts at any depth), real
 * and made-up ids, tokens of a business with every flag, of the admin, of another user, garbage
 * and none. Every answer: below 500, an error body `{ key }`, within SLOW_MS.
 *
 * FUZZ_RUNS (requests in total, spread over the operations; CI: the default) and FUZZ_SEED (the
 * base seed; operation i uses FUZZ_SEED + i) replay a failure: fast-check prints its seed and path.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);

const ops = loadOperations();
const perOp = Math.max(1, Math.ceil(FUZZ_RUNS / ops.length));
let w: World;
let me: Actor;
beforeAll(async () => {
  w = await buildWorld();
  me = w.actors.find((a) => a.label === 'business1')!;
  adminId = ((await send(w.t.app, 'setup', { method: 'GET', url: '/api/session/user', token: w.admin.token })).json() as { id: number }).id;
  console.log(`[security] fuzz: FUZZ_RUNS=${FUZZ_RUNS} (${perOp} per operation), FUZZ_SEED=${FUZZ_SEED}`);
});
let adminId: number;
// a fuzzed admin call may switch the business's flags off, or take the admin role away (an admin
// may): the next operation starts with both again
afterEach(async () => {
  const db = w.t.database.db;
  await db.update(users).set(ALL_FLAGS).where(eq(users.id, me.id));
  const check = await send(w.t.app, 'setup', { method: 'GET', url: '/api/securityrole/list', token: w.admin.token });
  if (check.status === 200) return;
  await seedReference(db);
  const [role] = await db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.key, ADMIN_ROLE_KEY));
  await db
    .update(securityRoles)
    .set({ permissions: [...PERMISSIONS] })
    .where(eq(securityRoles.id, role.id));
  await db.insert(userSecurityRoles).values({ userId: adminId, securityRoleId: role.id }).onConflictDoNothing();
  await db.update(users).set({ email: ADMIN.email }).where(eq(users.id, adminId));
  w.admin.token = await loginAdmin(w.t.app);
});
afterAll(() => w?.t.close());

/** Text that has broken parsers, databases and templates. */
const EDGE_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '99999999999999999999',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(1_000),
];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...EDGE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Ids: mostly real ones (the world's rows are numbered from 1), sometimes any number. */
const idArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }) }, { weight: 1, arbitrary: fc.integer() });

/** A value for a schema, valid-ish; `looseness` of the parts are replaced by junk. */
function arbOf(s: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  const valid = validArb(s, name, depth);
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

function validArb(s: JsonSchema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  if (!s || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbOf(v, name, depth + 1)));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (/(^id$|Id$)/.test(name) && (s.type === 'integer' || s.type === 'number')) return idArb;
  switch (s.type) {
    case 'string': {
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern), { maxLength: 60 });
        } catch {
          /* a pattern fast-check cannot build from */
        }
      }
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ maxLength: Math.min(s.maxLength ?? 40, 200), minLength: Math.min(s.minLength ?? 0, 10) });
    }
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : -1_000_000;
      const max = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
      return fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) });
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbOf(s.items, name.replace(/s$/, ''), depth + 1), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object': {
      const props = s.properties ?? {};
      if (Object.keys(props).length === 0)
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbOf(v, k, depth + 1)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      });
      // sometimes a key the schema does not know
      return fc
        .tuple(record, fc.option(fc.tuple(fc.string({ maxLength: 12 }), junk), { freq: 5 }))
        .map(([r, extra]) => (extra ? { ...r, [extra[0]]: extra[1] } : r));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Percent-encoding that takes any string (a lone surrogate goes as its UTF-8 replacement, as a browser sends it). */
const pct = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

const asParam = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

/** A path parameter: the caller's own, a real-looking id, or anything (percent-encoded: the hostile list sends raw text). */
const paramArb = (op: Operation, name: string, own: string | number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(String(own)) },
    { weight: 3, arbitrary: idArb.map(String) },
    { weight: 2, arbitrary: arbOf(op.pathParams.find((p) => p.name === name)?.schema, name).map(asParam) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_STRINGS.filter((x) => x.length < 200)) },
  );

/** SPEC §7 list-query parameters (most list routes read them without a declared schema) and strays. */
const LIST_QUERY_KEYS = ['p.i', 'p.s', 'f.q', 'f.near', 'f.radius', 'f.category', 'f.mine', 'f.key', 'o.sort', 'lazylist', 'x'];
const listQueryArb = fc.dictionary(
  fc.constantFrom(...LIST_QUERY_KEYS),
  fc.oneof(
    fc.constantFrom('0', '1', '-1', '100000', 'name', 'name|desc', 'distance', 'createdAt|desc', '48.1;11.5', 'true', 'a,b'),
    fc.string({ maxLength: 20 }),
    fc.constantFrom(...EDGE_STRINGS.filter((x) => x.length < 200)),
  ),
  { maxKeys: 3 },
);

function requestArb(op: Operation): fc.Arbitrary<SweepRequest> {
  const own = ownParams(op, { w, me });
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, paramArb(op, p.name, own[p.name])])));
  const declared = fc.record(Object.fromEntries(op.query.map((q) => [q.name, arbOf(q.schema, q.name).map(asParam)])), {
    requiredKeys: [],
  });
  const query = fc.tuple(declared, listQueryArb).map(([a, b]) => ({ ...b, ...a }));
  // logging out with a real token would end it for the rest of the run
  const real = op.id === 'POST /api/logout' ? [] : [me.token, w.admin.token, w.actors[0].token];
  const token = fc.oneof(
    { weight: real.length ? 6 : 0, arbitrary: real.length ? fc.constantFrom(...real) : fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('garbage', me.refreshToken, 'x'.repeat(300)) },
  );
  const headers = fc.record(
    {
      'user-location': fc.oneof(fc.constantFrom('48.1;11.5', '91;181', ';', 'a;b'), fc.string({ maxLength: 30 })),
      'app-language': fc.oneof(fc.constantFrom('de', 'en', 'xx', ''), fc.string({ maxLength: 10 })),
      'accept-language': fc.oneof(fc.constantFrom('de-DE,de;q=0.9', '*', 'q=;;'), fc.string({ maxLength: 30 })),
      [GUEST_KEY_HEADER]: fc.oneof(fc.constant(me.scratch.guestKey), fc.string({ maxLength: 60 })),
    },
    { requiredKeys: [] },
  );
  const printable = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))) as Record<string, string>;
  const body: fc.Arbitrary<Pick<SweepRequest, 'body' | 'payload' | 'headers'>> = op.multipart
    ? fc
        .record({
          data: fc.option(
            fc.oneof(
              fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
              fc.string({ maxLength: 40 }),
            ),
            { nil: undefined },
          ),
          extraData: fc.option(
            fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
            { nil: undefined },
          ),
          name: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
          id: fc.option(idArb.map(String), { nil: undefined }),
          file: fc.option(
            fc.oneof(
              fc.constant(w.png),
              fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
              fc.constant(Buffer.from('{"type":"FeatureCollection","features":[]}')),
            ),
            { nil: undefined },
          ),
          filename: fc.oneof(fc.constantFrom('a.png', 'x.geojson', '../../etc/passwd', ''), fc.string({ maxLength: 30 })),
        })
        .map((f) => {
          const parts = [
            ...(['data', 'extraData', 'name', 'id'] as const).filter((k) => f[k] !== undefined).map((k) => ({ name: k, value: f[k]! })),
            ...(f.file
              ? [{ name: 'file', value: f.file, filename: f.filename.replace(/["\r\n]/g, ''), contentType: 'application/octet-stream' }]
              : []),
          ];
          return multipart(parts);
        })
    : op.body
      ? fc.oneof({ weight: 9, arbitrary: arbOf(op.body).map((b) => ({ body: b })) }, { weight: 1, arbitrary: fc.constant({}) })
      : op.method === 'GET'
        ? fc.constant({})
        : fc
            .option(
              junk.map((b) => ({ body: b })),
              { nil: {} },
            )
            .map((x) => x ?? {});
  return fc.record({ params, query, token, headers, body, ip: fc.integer({ min: 1, max: 250 }) }).map((x) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) => pct(String(x.params[n])));
    const qs = new URLSearchParams(x.query as Record<string, string>).toString();
    return {
      method: op.method,
      url: qs ? `${path}?${qs}` : path,
      token: x.token,
      ip: `10.3.${x.ip % 250}.${(x.ip * 7) % 250}`,
      body: x.body.body,
      payload: x.body.payload,
      headers: { ...printable(x.headers as Record<string, string>), ...x.body.headers },
    };
  });
}

describe('fuzz (fast-check)', () => {
  ops.forEach((op, i) => {
    it(`${op.id}: no 5xx, errors are { key }, nothing over 5 s`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (r) => {
          const res = await send(w.t.app, 'fuzz', r);
          const problem = answerProblem(res);
          if (problem) throw new Error(`${describeRequest(r)}: ${problem}`);
        }),
        { seed: FUZZ_SEED + i, numRuns: perOp, endOnFailure: false },
      );
    });
  });

  it('sent at least FUZZ_RUNS requests', () => {
    console.log(
      `[security] fuzz: ${requestCount('fuzz')} requests over ${ops.length} operations, answers ${JSON.stringify(statusClasses('fuzz'))}`,
    );
    expect(requestCount('fuzz')).toBeGreaterThanOrEqual(FUZZ_RUNS);
  });
});
