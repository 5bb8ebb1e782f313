import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { call, expectAnswer, signup, sleep, startServer, stopAllServers, tempDir } from './harness.ts';
import { startFakePushService, type FakePushService } from '../test/fakes/push-service.ts';

/**
 * kill -9 with push notices queued: one message to a user with 500 browser installs queues 500
 * deliveries (push.deliver jobs); the push service holds the first ones unanswered, the server is
 * killed, restarted, and the push service released. Every install then has the notice exactly
 * once: the queued jobs survived in the database, the ones the dead process was running were
 * retried after their heartbeat, and none it had begun reached the push service twice.
 */
const DEVICES = 500;

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const c of cleanup.reverse()) await c();
});

async function waitFor<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

describe('push notices across kill -9', () => {
  it(`${DEVICES} queued notices are each delivered once after a restart`, async () => {
    const push: FakePushService = await startFakePushService();
    cleanup.push(() => push.close());
    const dataDir = tempDir('push-crash');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      PUSH_FOLD_SECONDS: '0',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      // a killed worker's jobs are found by the supervision pass once their heartbeat (10 s) ran out
      JOBS_SUPERVISE_INTERVAL_SECONDS: '2',
    };
    const server = await startServer(env);
    const a = await signup(server.url, 'push-sender');
    const b = await signup(server.url, 'push-reader');
    expectAnswer(await call(server.url, 'POST', `/api/userrelation/match/private/${b.id}`, { token: a.token }));
    expectAnswer(await call(server.url, 'POST', `/api/userrelation/match/private/${a.id}`, { token: b.token }));
    const conversation = expectAnswer(
      await call(server.url, 'POST', '/api/conversation/add', { token: a.token, body: { memberIds: [b.id] } }),
    ).id as number;
    const cfg = await call(server.url, 'GET', '/api/pushconfig');
    if (cfg.kind !== 'answer') throw new Error('no push config');
    const key = (JSON.parse(cfg.body) as { webPushPublicKey: string }).webPushPublicKey;
    const hashes: string[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const { subscription, clientHash } = await push.subscribe(key);
      const o = await call(server.url, 'POST', '/api/pushdevice/', {
        token: b.token,
        body: { token: JSON.stringify(subscription), platform: 'web', deviceId: `crash-install-${i}` },
      });
      expectAnswer(o, 201);
      hashes.push(clientHash);
    }

    push.hold(true);
    expectAnswer(
      await call(server.url, 'POST', `/api/conversation/${conversation}/messages`, { token: a.token, body: { text: 'Survive this' } }),
    );
    // the worker is sending: its first batch waits at the push service
    await waitFor(
      'sends under way',
      async () => push.held,
      (n) => n >= 20,
      30_000,
    );
    const inFlight = push.held;
    await server.kill9();
    const again = await startServer(env);
    push.hold(false);

    const counts = async () => Promise.all(hashes.map(async (h) => (await push.notifications(h)).length));
    await waitFor('every install told', counts, (c) => c.every((n) => n >= 1), 90_000);
    // a late duplicate would come from a retry: give the queue a moment more
    await sleep(3000);
    const final = await counts();
    const payloads = await Promise.all(hashes.slice(0, 3).map((h) => push.notifications(h)));
    await again.stop();
    console.log(
      `push across kill -9: ${DEVICES} deliveries queued, ${inFlight} held at the kill; received ${final.reduce((s, n) => s + n, 0)}, ` +
        `installs with 0: ${final.filter((n) => n === 0).length}, with more than 1: ${final.filter((n) => n > 1).length}`,
    );
    expect(final.filter((n) => n !== 1)).toEqual([]);
    for (const p of payloads) expect(JSON.parse(p[0])).toMatchObject({ kind: 'message', body: 'Survive this', count: 1 });
  });
});
