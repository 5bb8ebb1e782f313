import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fallbackThrottle, redisThrottle } from '../src/lib/throttle.ts';
import { buildTestApp, PASSWORD, signup, type LoggedIn, type TestApp } from './helpers.ts';

/**
 * Logins slow down after failures (exponential delay, Retry-After) per account × address and per
 * address, and never lock the owner out: not from another address, and not from a device that
 * logged in before (OWASP device cookies), whatever an attacker does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const OWNER = '203.0.113.10';
const ATTACKER = '198.51.100.7';

/** A login as a browser sends it: with its cookies, the device cookie among them, and the XSRF echo. */
async function login(email: string, password: string, from: string, device?: string, app = t.app) {
  let headers: Record<string, string> = {};
  if (device) {
    const xsrf = (await app.inject({ method: 'GET', url: '/api/api/info' })).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    headers = { cookie: `spotlist_device=${device}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  }
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: from, headers });
}
const deviceOf = (res: { cookies: { name: string; value: string; path?: string; httpOnly?: boolean }[] }) =>
  res.cookies.find((c) => c.name === 'spotlist_device');
const fail = async (email: string, from: string, times: number, device?: string) => {
  for (let i = 0; i < times; i++) {
    const res = await login(email, `wrong password ${i}`, from, device);
    expect([401, 429]).toContain(res.statusCode);
  }
};

describe('login throttling', () => {
  let owner: LoggedIn;
  beforeAll(async () => {
    owner = await signup(t.app);
  });

  it('after the free failures the next attempt waits (429, Retry-After), then the right password works', async () => {
    const u = await signup(t.app);
    await fail(u.email, OWNER, t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const refused = await login(u.email, PASSWORD, OWNER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ key: 'error.login.throttled' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, wait * 1000 + 50));
    expect((await login(u.email, PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('each further failure doubles the wait', async () => {
    const u = await signup(t.app);
    await fail(u.email, OWNER, t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await login(u.email, PASSWORD, OWNER);
      waits.push(Number(res.headers['retry-after']));
      await new Promise((r) => setTimeout(r, waits[i] * 1000 + 50));
      expect((await login(u.email, `still wrong ${i}`, OWNER)).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8]);
  }, 30_000);

  it("an attacker at another address never slows the owner's login", async () => {
    await fail(owner.email, ATTACKER, 30);
    expect((await login(owner.email, PASSWORD, ATTACKER)).statusCode).toBe(429);
    const res = await login(owner.email, PASSWORD, OWNER);
    expect(res.statusCode).toBe(200);
  });

  it("an attacker at the owner's address cannot stop a device that logged in before", async () => {
    const u = await signup(t.app);
    const first = await login(u.email, PASSWORD, OWNER);
    const device = deviceOf(first);
    expect(device).toMatchObject({ path: '/api/login', httpOnly: true });
    await fail(u.email, OWNER, 20); // the attacker, without the cookie, behind the same address
    expect((await login(u.email, PASSWORD, OWNER)).statusCode).toBe(429);
    const known = await login(u.email, PASSWORD, OWNER, device!.value);
    expect(known.statusCode).toBe(200);
    expect(deviceOf(known)!.value).toBe(device!.value); // the same device stays known
  });

  it('a device cookie of another account, or a forged one, counts for nothing', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    const aDevice = deviceOf(await login(a.email, PASSWORD, OWNER))!.value;
    await fail(b.email, OWNER, 20);
    expect((await login(b.email, PASSWORD, OWNER, aDevice)).statusCode).toBe(429);
    const [uid, id] = aDevice.split('.');
    expect((await login(b.email, PASSWORD, OWNER, `${b.user.id}.${id}.forged`)).statusCode).toBe(429);
    expect(uid).toBe(String(a.user.id));
  });

  it('failures from a known device slow that device down too (no free guessing with a stolen cookie)', async () => {
    const u = await signup(t.app);
    const device = deviceOf(await login(u.email, PASSWORD, OWNER))!.value;
    await fail(u.email, ATTACKER, t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, device);
    expect((await login(u.email, PASSWORD, ATTACKER, device)).statusCode).toBe(429);
    expect((await login(u.email, PASSWORD, OWNER)).statusCode).toBe(200);
  });
});

describe('Redis away', () => {
  it('logins keep working and failures are counted in memory', async () => {
    const warnings: Error[] = [];
    const away = buildTestApp({
      throttle: fallbackThrottle(redisThrottle('redis://127.0.0.1:1', 'spotlist:test:', (e) => warnings.push(e))),
    });
    const app = await away;
    try {
      const u = await signup(app.app);
      const started = Date.now();
      expect((await login(u.email, PASSWORD, OWNER, undefined, app.app)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      for (let i = 0; i < app.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
        expect((await login(u.email, `bad ${i}`, OWNER, undefined, app.app)).statusCode).toBe(401);
      }
      expect((await login(u.email, PASSWORD, OWNER, undefined, app.app)).statusCode).toBe(429);
      expect(warnings.length).toBeGreaterThan(0); // reported to the listener, not as an unhandled error event
    } finally {
      await app.close();
    }
  });
});
