import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  expectAnswer,
  label,
  login,
  postgresBin,
  redisBin,
  signup,
  startPostgres,
  startRedis,
  startServer,
  stopAllServers,
  tempDir,
  type User,
} from './harness.ts';

/**
 * Two instances of one deployment (one PostgreSQL, one Redis), as separate processes: what a
 * user did on A is what B answers to every request that starts afterwards. A logout on A: B
 * refuses the token. A like on A: B's liked places have it (and a removal: they do not).
 * Stale answers are counted over TRIALS of each kind.
 */
const TRIALS = 1_000;
/** Users doing their trials side by side (the instances are busy, as in production). */
const CHAINS = 8;

const missing = !postgresBin() || !redisBin();
if (missing) console.warn('faults: initdb / pg_ctl or redis-server not found: the two-instance read-your-writes test is skipped');

const cleanup: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const c of cleanup.reverse()) await c();
});

describe.skipIf(missing)('two instances, read-your-writes', () => {
  it(`${TRIALS} logouts, likes and removals on A (${CHAINS} users at once): B answers none of them stale`, async () => {
    const pg = await startPostgres();
    cleanup.push(() => pg.destroy());
    const redis = await startRedis();
    cleanup.push(() => redis.destroy());
    const dirs = [tempDir('ryw-a'), tempDir('ryw-b')];
    cleanup.push(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
    const databaseUrl = await pg.createDatabase('ryw');
    // one after the other: the first migrates
    const a = await startServer({ DATA_DIR: dirs[0], DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    const b = await startServer({ DATA_DIR: dirs[1], DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    const agentA = new http.Agent({ keepAlive: true, maxSockets: CHAINS });
    const agentB = new http.Agent({ keepAlive: true, maxSockets: CHAINS });
    cleanup.push(() => {
      agentA.destroy();
      agentB.destroy();
    });
    const onA = (method: string, url: string, token?: string, body?: unknown) => call(a.url, method, url, { agent: agentA, token, body });
    const onB = (method: string, url: string, token?: string, body?: unknown) => call(b.url, method, url, { agent: agentB, token, body });

    const stale = { logout: 0, like: 0, unlike: 0 };
    const examples: string[] = [];
    const note = (what: string) => examples.length < 10 && examples.push(what);
    const users = await Promise.all(Array.from({ length: CHAINS }, () => signup(a.url, 'ryw')));

    /** One user's trials, one request after another; the chains run side by side. */
    async function logouts(user: User, trials: number) {
      for (let i = 0; i < trials; i++) {
        const token = await login(a.url, user.email, agentA);
        // B has the session in its cache …
        expectAnswer(await onB('GET', '/api/session/user', token));
        expectAnswer(await onA('POST', '/api/logout', token, {}));
        // … and the logout on A ends it for B's next request
        const after = await onB('GET', '/api/session/user', token);
        if (after.kind === 'answer' && after.status === 401) continue;
        stale.logout++;
        note(`logout: B answered ${label(after)}`);
      }
    }
    async function likes(user: User, placeId: number, trials: number) {
      const likedOnB = async () => {
        const list = expectAnswer(await onB('GET', '/api/like/default', user.token)).list as { id: number }[];
        return list.some((p) => p.id === placeId);
      };
      for (let i = 0; i < trials; i++) {
        await likedOnB(); // B has the answer in its cache
        expectAnswer(await onA('POST', '/api/like/create', user.token, { placeId }));
        if (!(await likedOnB())) {
          stale.like++;
          note(`like: not in B's liked places`);
        }
        expectAnswer(await onA('POST', '/api/like/remove', user.token, { placeId }));
        if (await likedOnB()) {
          stale.unlike++;
          note(`removal: still in B's liked places`);
        }
      }
    }

    const per = Math.ceil(TRIALS / CHAINS);
    const logoutsStarted = Date.now();
    await Promise.all(users.map((u) => logouts(u, per)));
    const logoutsMs = Date.now() - logoutsStarted;
    const places = await Promise.all(
      users.map(
        async (u, i) =>
          expectAnswer(await onA('POST', '/api/place/add', u.token, { name: `Place ${i}`, latitude: 48.13, longitude: 11.58 }))
            .id as number,
      ),
    );
    const likesStarted = Date.now();
    await Promise.all(users.map((u, i) => likes(u, places[i], per)));
    const likesMs = Date.now() - likesStarted;

    console.log(
      `read-your-writes, two processes: ${JSON.stringify({ trials: per * CHAINS, chains: CHAINS, stale, logoutsMs, likesMs, examples })}`,
    );
    expect(stale).toEqual({ logout: 0, like: 0, unlike: 0 });
  });
});
