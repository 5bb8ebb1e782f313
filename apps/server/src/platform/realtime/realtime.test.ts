import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, RealtimeClose, type ServerMessage } from '@spotlist/contracts';
import { req, PASSWORD, signup, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { memoryPubSub, redisPubSub, type PubSub } from '../events/pubsub.ts';
import { authed, connect, until, within } from '../../../test/socket-client.ts';

/**
 * The gateway over real sockets (app.listen on a free port, the `ws` package as the client), on
 * PGlite or TEST_DATABASE_URL's PostgreSQL, and with two instances on TEST_REDIS_URL's Redis.
 */
const REDIS = process.env.TEST_REDIS_URL;

const opened: { apps: TestApp[]; buses: PubSub[]; sockets: WebSocket[] }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    for (const s of o.sockets) s.terminate();
    for (const a of [...o.apps].reverse()) await a.close();
    for (const b of new Set(o.buses)) await b.close();
  }
});

async function start(config: Record<string, string> = {}, pubsub?: PubSub, database?: TestApp['database']) {
  const t = await buildTestApp({ config, pubsub, database });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  return { ...t, url };
}

function track(apps: TestApp[], buses: PubSub[] = []) {
  const o = { apps, buses, sockets: [] as WebSocket[] };
  opened.push(o);
  return o;
}

const isEvent = (m: ServerMessage) => m.type === 'event';

describe('realtime gateway, one instance', () => {
  // one app for these tests (an app on a fresh database takes seconds): short timings for all of
  // them; a client that answers pings and reads what it gets is untouched by any of them
  let t: Awaited<ReturnType<typeof start>>;
  let o: ReturnType<typeof track>;
  beforeAll(async () => {
    t = await start({
      REALTIME_AUTH_TIMEOUT_MS: '300',
      REALTIME_MAX_BUFFERED_BYTES: '65536',
      REALTIME_MESSAGES_PER_SECOND: '20',
    });
    o = { apps: [], buses: [], sockets: [] };
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    for (const s of o.sockets.splice(0)) s.terminate();
    await until(() => t.app.realtime.connections === 0, 'every socket closed');
  });
  it('authenticates by the first message only: the URL is ignored, a wrong token or silence closes 4401', async () => {
    const ute = await signup(t.app);

    // a valid token in the URL counts for nothing: the first message must authenticate
    const inUrl = await connect(`${t.url}?token=${ute.token}&authtoken=${ute.token}`, o);
    inUrl.send({ type: 'ping' });
    expect((await within(inUrl.closed, 'close')).code).toBe(RealtimeClose.unauthorized);

    const wrong = await connect(t.url, o);
    wrong.send({ type: 'auth', token: 'not-a-session-token' });
    expect((await within(wrong.closed, 'close')).code).toBe(RealtimeClose.unauthorized);

    const silent = await connect(t.url, o);
    const started = Date.now();
    expect((await within(silent.closed, 'close')).code).toBe(RealtimeClose.unauthorized);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const good = await authed(t.url, o, ute.token);
    good.send({ type: 'ping' });
    expect(await good.next()).toEqual({ type: 'pong' });
    expect(t.app.realtime.connections).toBe(1);
  });

  it("an event for user A reaches every socket of A and none of B's", async () => {
    const ute = await signup(t.app);
    const vera = await signup(t.app);
    const [ute1, ute2, vera1] = [await authed(t.url, o, ute.token), await authed(t.url, o, ute.token), await authed(t.url, o, vera.token)];

    const museum = await addPlace(t.app, vera.token, 'Deutsches Museum', SPOTS.deutschesMuseum);
    // Vera's own write reaches her socket …
    expect(await vera1.next(isEvent)).toMatchObject({ type: 'event', name: 'user.changed' });
    // … and not Ute's: with the pong, anything sent to them before has arrived
    for (const c of [ute1, ute2, vera1]) await c.drain();
    expect(ute1.messages.filter(isEvent)).toEqual([]);
    expect(ute2.messages.filter(isEvent)).toEqual([]);
    const veraHeard = vera1.messages.filter(isEvent).length;

    expect((await req(t.app, 'POST', '/api/like/create', { token: ute.token, body: { placeId: museum } })).statusCode).toBe(200);
    for (const c of [ute1, ute2]) expect(await c.next(isEvent)).toMatchObject({ type: 'event', name: 'user.changed' });
    await vera1.drain();
    expect(vera1.messages.filter(isEvent)).toHaveLength(veraHeard);
  });

  it("a guest authenticates with the guest app's key; an unknown key closes 4401", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/guest',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    const guest = await connect(t.url, o);
    guest.send({ type: 'auth', guestKey: res.json().guestKey });
    expect(await guest.next()).toEqual({ type: 'ready' });

    const stranger = await connect(t.url, o);
    stranger.send({ type: 'auth', guestKey: 'A'.repeat(43) });
    expect((await within(stranger.closed, 'close')).code).toBe(RealtimeClose.unauthorized);
  });

  it('closes on a message outside the protocol, and on a flood (rate limit) without handling it', async () => {
    const ute = await signup(t.app);

    const odd = await authed(t.url, o, ute.token);
    odd.send('{"type":"subscribe","room":"user:1"}');
    expect((await within(odd.closed, 'close')).code).toBe(RealtimeClose.badMessage);
    const notJson = await authed(t.url, o, ute.token);
    notJson.send('hello');
    expect((await within(notJson.closed, 'close')).code).toBe(RealtimeClose.badMessage);
    const big = await authed(t.url, o, ute.token);
    big.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(10_000) }));
    expect((await within(big.closed, 'close')).code).toBe(1009); // ws: message too big (maxPayload)

    const flood = await authed(t.url, o, ute.token);
    for (let i = 0; i < 200; i++) flood.send({ type: 'ping' });
    expect((await within(flood.closed, 'close')).code).toBe(RealtimeClose.rateLimited);
    // the burst allowance (20) was answered, the rest was not
    expect(flood.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(20);

    // a client within the limit is unaffected
    const calm = await authed(t.url, o, ute.token);
    for (let i = 0; i < 5; i++) {
      calm.send({ type: 'ping' });
      expect(await calm.next()).toEqual({ type: 'pong' });
    }
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a connection that stops answering pings, and keeps one that answers', async () => {
    // its own app: pings this often would also drop the stuck client of the back-pressure test
    const t = await start({ REALTIME_HEARTBEAT_MS: '200' });
    const o = track([t]);
    const ute = await signup(t.app);
    const alive = await authed(t.url, o, ute.token);
    let pings = 0;
    alive.ws.on('ping', () => (pings += 1));
    // `autoPong: false`: this client hears pings and never answers, as a dead peer would
    const dead = await connect(t.url, o, { autoPong: false });
    dead.send({ type: 'auth', token: ute.token });
    expect(await dead.next()).toEqual({ type: 'ready' });
    const started = Date.now();
    const closed = await within(dead.closed, 'drop');
    // terminated (no close frame): 1006; after 2 missed pongs, i.e. 3 intervals at most (+ slack for a busy machine)
    expect(closed.code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(200 * 3 + 1500);
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    await until(() => t.app.realtime.connections === 1, 'the dead socket forgotten');
  });

  it('a closing server tells its clients 1001 (reconnect, to another instance) and does not wait on a silent one', async () => {
    const t = await start();
    const o = track([]); // closed here, not after the test
    const ute = await signup(t.app);
    const polite = await authed(t.url, o, ute.token);
    // a client that never answers the close frame (its peer vanished) must not hold the shutdown
    const silent = await authed(t.url, o, ute.token);
    silent.ws.pause();
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await within(polite.closed, 'close')).code).toBe(1001);
  });

  it('cuts a client that does not read (back-pressure) instead of buffering for it', async () => {
    const ute = await signup(t.app);
    const reader = await authed(t.url, o, ute.token);
    let heard = 0;
    reader.ws.on('message', () => (heard += 1));
    const stuck = await authed(t.url, o, ute.token);
    stuck.ws.pause(); // reads nothing more: the kernel buffers fill, then the server's queue grows

    let sent = 0;
    let cutBySend = false;
    // bounded: the socket buffers of loopback hold a few MB; 400k events are ~20 MB
    while (sent < 400_000) {
      t.app.realtime.publish(`user:${ute.user.id}`, 'user.changed', { scope: 'likes' });
      sent += 1;
      // the cut happens in the send that finds the queue over its bound, not later
      if (t.app.realtime.connections === 1) {
        cutBySend = true;
        break;
      }
      // let the reader's socket drain now and then, as a real event rate would
      if (sent % 2000 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(cutBySend).toBe(true);
    expect(t.app.realtime.connections).toBe(1);
    // the reader kept up and stays
    await until(() => heard >= sent, 'the reader heard every event', 20_000);
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    stuck.ws.resume();
    expect((await within(stuck.closed, 'close')).code).not.toBe(1000);
  });
});

/** Two instances of one deployment on one database: the bus in process, or on Redis when TEST_REDIS_URL is set. */
const buses: { name: string; make: () => [PubSub, PubSub]; run: boolean }[] = [
  {
    name: 'in process',
    make: () => {
      const bus = memoryPubSub();
      return [bus, bus];
    },
    run: true,
  },
  {
    name: 'redis',
    make: () => {
      const prefix = `spotlist-test-rt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}:`;
      return [redisPubSub(REDIS!, prefix), redisPubSub(REDIS!, prefix)];
    },
    run: !!REDIS,
  },
];

describe.each(buses.filter((b) => b.run))('two instances, messages $name', ({ make }) => {
  async function twoInstances() {
    const [busA, busB] = make();
    const a = await start({}, busA);
    const b = await start({}, busB, a.database);
    const o = track([a, b], [busA, busB]);
    await until(() => busA.live && busB.live, 'both subscribers live');
    return { a, b, o };
  }

  it('a like on instance A reaches the socket on instance B, and nobody else', async () => {
    const { a, b, o } = await twoInstances();
    const ute = await signup(a.app);
    const vera = await signup(a.app);
    const onB = await authed(b.url, o, ute.token);
    const veraOnB = await authed(b.url, o, vera.token);
    const museum = await addPlace(a.app, ute.token, 'Deutsches Museum', SPOTS.deutschesMuseum);
    await onB.next(isEvent); // the place she added
    for (const c of [onB, veraOnB]) await c.drain();
    const veraHeard = veraOnB.messages.filter(isEvent).length;
    expect((await req(a.app, 'POST', '/api/like/create', { token: ute.token, body: { placeId: museum } })).statusCode).toBe(200);
    expect(await onB.next(isEvent)).toMatchObject({ type: 'event', name: 'user.changed' });
    // B told both sockets' rooms in one go when the event came: Vera's pong follows anything sent to her
    await veraOnB.drain();
    expect(veraOnB.messages.filter(isEvent)).toHaveLength(veraHeard);
  });

  it('logout on A closes the socket on B; a refresh (rotation) does not', async () => {
    const { a, b, o } = await twoInstances();
    const ute = await signup(a.app);
    const onB = await authed(b.url, o, ute.token);

    const refreshed = await req(a.app, 'POST', '/api/login', { body: { grant_type: 'refresh_token', refresh_token: ute.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().authtoken as string;
    // the rotation is a write of the session (its event reaches B); the socket stays: its session lives on
    expect((await req(a.app, 'POST', '/api/myprofile/language', { token: fresh, body: { language: { id: 2 } } })).statusCode).toBe(200);
    await onB.next(isEvent);
    // B has looked at the session again (the write and the rotation both ask it to): still alive
    await b.app.realtime.rechecked();
    await onB.drain();
    expect(onB.ws.readyState).toBe(WebSocket.OPEN);

    const other = await authed(b.url, o, fresh);
    expect((await req(a.app, 'POST', '/api/logout', { token: fresh, body: {} })).statusCode).toBe(200);
    for (const c of [onB, other]) expect((await within(c.closed, 'close on logout')).code).toBe(RealtimeClose.unauthorized);
    await until(() => b.app.realtime.connections === 0, 'B forgot the sockets');
  });

  it("a password change on A closes the other sessions' sockets on B and keeps its own", async () => {
    const { a, b, o } = await twoInstances();
    const ute = await signup(a.app);
    const login = await req(a.app, 'POST', '/api/login', { body: { email: ute.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const phone = login.json().authtoken as string;
    const laptopSocket = await authed(b.url, o, ute.token);
    const phoneSocket = await authed(b.url, o, phone);
    const changed = await req(a.app, 'POST', '/api/password/update', {
      token: ute.token,
      body: { oldPassword: PASSWORD, newPassword: 'another horse battery 2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await within(phoneSocket.closed, 'close')).code).toBe(RealtimeClose.unauthorized);
    expect(await laptopSocket.next(isEvent)).toMatchObject({ name: 'user.changed' });
    await b.app.realtime.rechecked();
    await laptopSocket.drain();
    expect(laptopSocket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("deleting the account on A closes its sockets on B (an 'everything' write rechecks every socket)", async () => {
    const { a, b, o } = await twoInstances();
    const ute = await signup(a.app);
    const vera = await signup(a.app);
    const uteSocket = await authed(b.url, o, ute.token);
    const veraSocket = await authed(b.url, o, vera.token);
    const res = await req(a.app, 'DELETE', '/api/myprofile/delete', { token: ute.token, body: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect((await within(uteSocket.closed, 'close')).code).toBe(RealtimeClose.unauthorized);
    // Vera's socket was looked at too, and lives
    await b.app.realtime.rechecked();
    await veraSocket.drain();
    expect(veraSocket.ws.readyState).toBe(WebSocket.OPEN);
  });
});
