import fs from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countBy,
  expectAnswer,
  label,
  multipartFile,
  PASSWORD,
  signup,
  sleep,
  startServer,
  stopAllServers,
  tempDir,
  type Outcome,
  type ServerProcess,
  type User,
} from './harness.ts';

/**
 * SIGTERM while requests are in flight (platform/http/drain.ts): every request whose bytes were
 * sent gets its normal answer or 503 `error.unavailable`, none is reset, and the process is gone
 * within SHUTDOWN_GRACE_MS.
 */
const GRACE_MS = 3_000;

let dataDir: string;
beforeAll(() => {
  dataDir = tempDir('drain');
});
afterAll(async () => {
  await stopAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Kind = 'login' | 'read' | 'write';
interface Sent {
  kind: Kind;
  via: 'kept-alive' | 'new';
  outcome: Promise<Outcome>;
  sent: Promise<void>;
}

/** A request of `kind` for `user`, over `agent` (a kept-alive connection) or a new connection. */
function send(base: string, kind: Kind, user: User, n: number, agent?: http.Agent): Sent {
  let sent!: () => void;
  const written = new Promise<void>((r) => (sent = r));
  const opts = { agent, onSent: sent, timeoutMs: 20_000 };
  const outcome =
    kind === 'login'
      ? call(base, 'POST', '/api/login', { ...opts, body: { email: user.email, password: PASSWORD } })
      : kind === 'read'
        ? call(base, 'GET', '/api/list/mine', { ...opts, token: user.token })
        : call(base, 'POST', '/api/list/add', { ...opts, token: user.token, body: { name: `drain ${n}`, visibility: { id: 1 } } });
  return { kind, via: agent ? 'kept-alive' : 'new', outcome, sent: written };
}

/** Answered normally (2xx, 4xx) or 503 `{ key: 'error.unavailable' }` with Retry-After; anything else is a failure. */
function verdict(o: Outcome): 'normal' | '503' | string {
  if (o.kind !== 'answer') return label(o);
  if (o.status === 503) {
    const ok = o.json().key === 'error.unavailable' && Number(o.headers['retry-after']) > 0 && o.headers.connection === 'close';
    return ok ? '503' : `bad 503: ${JSON.stringify(o.headers)} ${o.body}`;
  }
  return o.status < 500 ? 'normal' : `${o.status} ${o.body}`;
}

/** SIGTERM once every request is written to its connection, and `afterMs` more; when it was sent. */
async function signal(server: ServerProcess, inFlight: { sent: Promise<void> }[], afterMs = 5) {
  await Promise.all(inFlight.map((r) => r.sent));
  await sleep(afterMs);
  const at = Date.now();
  server.child.kill('SIGTERM');
  return at;
}

describe('SIGTERM', () => {
  it('100 requests in flight over kept-alive and new connections: each answered normally or 503, none reset, exit within the grace', async () => {
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => signup(server.url, 'drain')));
    // connections kept alive from before the signal: 10 carry requests in flight, 5 stay idle until after it
    const busy = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 5 });
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => call(server.url, 'GET', '/api/list/mine', { token: users[i % 5].token, agent: busy })),
      ...Array.from({ length: 5 }, (_, i) => call(server.url, 'GET', '/api/list/mine', { token: users[i].token, agent: idle })),
    ]).then((all) => all.forEach((o) => expectAnswer(o)));
    expect(Object.values(busy.freeSockets).flat()).toHaveLength(10);
    expect(Object.values(idle.freeSockets).flat()).toHaveLength(5);

    // 40 logins (argon2: the slow ones), 30 reads, 30 writes; the first 10 on kept-alive connections
    const kinds: Kind[] = ['login', 'read', 'write', 'login', 'read', 'write', 'login', 'read', 'write', 'login'];
    const inFlight = Array.from({ length: 100 }, (_, i) => send(server.url, kinds[i % 10], users[i % 5], i, i < 10 ? busy : undefined));
    // a moment after they are written: some are being handled, some not read yet
    const signalled = await signal(server, inFlight, 100);

    // requests that come on connections kept alive from before, once the server drains (its first
    // 503 is out) while it still works on the others: 503, Connection: close
    await Promise.race([
      ...inFlight.map((r) => r.outcome.then((o) => (verdict(o) === '503' ? undefined : new Promise(() => {})))),
      Promise.all(inFlight.map((r) => r.outcome)), // none was a 503: the assertions below say what they were
    ]);
    const late = await Promise.all(users.map((u) => call(server.url, 'GET', '/api/list/mine', { token: u.token, agent: idle })));
    const outcomes = await Promise.all(inFlight.map((r) => r.outcome));
    const exit = await server.exited;
    const exitMs = exit.at - signalled;

    const verdicts = outcomes.map(verdict);
    const summary = {
      inFlight: countBy(verdicts, (v) => v),
      byKind: countBy(
        inFlight.map((r, i) => ({ r, v: verdicts[i] })),
        ({ r, v }) => `${r.kind} ${r.via}: ${v}`,
      ),
      late: late.map(label),
      exit: exit.code ?? exit.signal,
      exitMs,
    };
    console.log(`SIGTERM, 100 in flight: ${JSON.stringify(summary)}`);
    expect(
      verdicts.filter((v) => v !== 'normal' && v !== '503'),
      server.output().slice(-3000),
    ).toEqual([]);
    for (const o of late) expect(verdict(o), label(o)).toBe('503');
    expect(exit.code, server.output().slice(-3000)).toBe(0);
    expect(exitMs).toBeLessThan(GRACE_MS);
    busy.destroy();
    idle.destroy();
  });

  it('uploads still being processed at the deadline get 503, and the process is gone within the grace', async () => {
    const grace = 2_000;
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: String(grace), UPLOAD_QUOTA_BYTES: String(4e9) });
    const user = await signup(server.url, 'uploads');
    // 12 megapixels of noise: ~0.3 s of image work alone, ~2 s for ten at once on two CPUs
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const inFlight = Array.from({ length: 20 }, () => {
      let sent!: () => void;
      const written = new Promise<void>((r) => (sent = r));
      const body = multipartFile('file', photo, 'photo.jpg', 'image/jpeg');
      const outcome = call(server.url, 'POST', '/api/document/upload', { token: user.token, ...body, onSent: sent, timeoutMs: 20_000 });
      return { outcome, sent: written };
    });
    const signalled = await signal(server, inFlight);
    const outcomes = await Promise.all(inFlight.map((r) => r.outcome));
    const exit = await server.exited;
    const exitMs = exit.at - signalled;
    const verdicts = outcomes.map(verdict);
    const counts = countBy(verdicts, (v) => v);
    console.log(
      `SIGTERM, 20 uploads in flight, grace ${grace} ms: ${JSON.stringify({ ...counts, exit: exit.code ?? exit.signal, exitMs })}`,
    );
    expect(
      verdicts.filter((v) => v !== 'normal' && v !== '503'),
      server.output().slice(-3000),
    ).toEqual([]);
    expect(counts['503'], 'uploads were still being processed at the deadline').toBeGreaterThan(0);
    // 0, or the signal's own default action when the thread pool was still busy with images (main.ts)
    expect([0, 'SIGTERM'], server.output().slice(-3000)).toContain(exit.code ?? exit.signal);
    expect(exitMs).toBeLessThan(grace);
  });
});
