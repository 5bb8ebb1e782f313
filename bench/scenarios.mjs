// The load scenarios, measured one after the other with autocannon from the benchmark process
// (never inside a server process). To add one (liked places with distance, public widget …),
// append an entry:
//
//   {
//     name: 'liked-places',                  // --only=liked-places; key in latest.json
//     title: 'GET /api/like/list … (logged in)',
//     server: 'app',                         // 'app' (Spotlist) or 'baseline'
//     connections: 10,
//     requests: ({ data }) => [ { method, path, headers, body } … ],
//                                            // autocannon request objects; each connection cycles
//                                            // through the list (use several users' tokens)
//     targets: [ { label, metric, max | min } ],  // optional; reported met/missed, never asserted
//   }
//
// `data` is what bench/dataset.mjs seeded (data.users[i].email/.password/.token/.id …).
// metric is one of: reqPerSec, p50Ms, p99Ms, ratioToBaseline.

const json = { 'content-type': 'application/json' };

/** How many seeded users' tokens the logged-in scenarios rotate through. */
const SESSION_USERS = 20;

export const scenarios = [
  {
    name: 'baseline',
    title: 'bare Fastify GET with a response schema (bench/baseline-server.mjs)',
    server: 'baseline',
    connections: 10,
    requests: () => [{ method: 'GET', path: '/api/api/info' }],
  },
  {
    name: 'api-info',
    title: 'GET /api/api/info (public)',
    server: 'app',
    connections: 10,
    requests: () => [{ method: 'GET', path: '/api/api/info' }],
  },
  {
    name: 'session-user',
    title: `GET /api/session/user (logged in, ${SESSION_USERS} users' tokens)`,
    server: 'app',
    connections: 10,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: '/api/session/user',
        headers: { 'x-auth-token': u.token },
      })),
    targets: [{ label: '/api/session/user ≥ 40 % of baseline req/s', metric: 'ratioToBaseline', min: 0.4 }],
  },
  {
    name: 'login',
    title: 'POST /api/login (correct passwords of all seeded users)',
    server: 'app',
    connections: 8,
    requests: ({ data }) =>
      data.users.map((u) => ({
        method: 'POST',
        path: '/api/login',
        headers: json,
        body: JSON.stringify({ email: u.email, password: u.password }),
      })),
    targets: [{ label: 'login p99 ≤ 250 ms at 8 connections', metric: 'p99Ms', max: 250 }],
  },
  {
    name: 'liked-places',
    title: `GET /api/like/default (100 liked places each, user-location at Marienplatz, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: '/api/like/default',
        headers: { 'x-auth-token': u.token, 'user-location': '48.1374;11.5755' },
      })),
    targets: [
      { label: 'liked places ≥ 25 % of baseline req/s (50 connections)', metric: 'ratioToBaseline', min: 0.25 },
      { label: 'liked places p99 ≤ 40 ms (50 connections)', metric: 'p99Ms', max: 40 },
      // the same figure wherever it runs: CPU per request against the bare route's of the same run
      { label: "liked places server CPU per request ≤ 4 × the bare route's", metric: 'cpuRatioToBaseline', min: 0.25 },
    ],
  },
  {
    // What the apps ask (a WebView's fetch sends Accept-Encoding): the cached answer's compressed copy.
    name: 'liked-places-browser',
    title: `GET /api/like/default as the apps ask (Accept-Encoding: gzip, deflate, br; ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: '/api/like/default',
        headers: { 'x-auth-token': u.token, 'user-location': '48.1374;11.5755', 'accept-encoding': 'gzip, deflate, br' },
      })),
    targets: [{ label: "liked places as the apps ask: server CPU per request ≤ 4 × the bare route's", metric: 'cpuRatioToBaseline', min: 0.25 }],
  },
  {
    name: 'list-detail',
    title: `GET /api/list/{id} (a list of 100 places opened by its owner, user-location at Marienplatz, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: `/api/list/${u.listId}`,
        headers: { 'x-auth-token': u.token, 'user-location': '48.1374;11.5755' },
      })),
    targets: [
      { label: 'list detail (100 places) server CPU per request ≤ 1 ms', metric: 'serverCpuUsPerRequest', max: 1000 },
      { label: 'list detail p99 ≤ 50 ms (50 connections)', metric: 'p99Ms', max: 50 },
      { label: 'list detail: no timeouts', metric: 'timeouts', max: 0 },
    ],
  },
  {
    name: 'public-widget',
    title: 'GET /api/public/widget/{publicId}?lang=de (no account, 30 POIs)',
    server: 'app',
    connections: 50,
    requests: ({ data }) => [{ method: 'GET', path: `/api/public/widget/${data.widgets.publicId}?lang=de` }],
    targets: [
      { label: 'public widget ≥ 60 % of baseline req/s (50 connections)', metric: 'ratioToBaseline', min: 0.6 },
      { label: 'public widget p99 ≤ 20 ms (50 connections)', metric: 'p99Ms', max: 20 },
    ],
  },
  {
    // What a visitor's browser asks (the frame's fetch): every browser sends Accept-Encoding, so
    // the answer goes out as its compressed copy, made once per cache entry.
    name: 'public-widget-browser',
    title: 'GET /api/public/widget/{publicId}?lang=de as a browser asks (Accept-Encoding: gzip, deflate, br)',
    server: 'app',
    connections: 50,
    requests: ({ data }) => [
      { method: 'GET', path: `/api/public/widget/${data.widgets.publicId}?lang=de`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    ],
    targets: [
      { label: 'public widget as browsers ask ≥ 60 % of baseline req/s (50 connections)', metric: 'ratioToBaseline', min: 0.6 },
      { label: 'public widget as browsers ask p99 ≤ 20 ms (50 connections)', metric: 'p99Ms', max: 20 },
    ],
  },
];

// The pages Lighthouse measures (mobile preset), in this order. `user` makes the run log in through
// the login form first, as that seeded user; a run that does not end on `path` is reported as an
// error. `path` is a string or `({ data }) => string` (a page of seeded data).
export const lighthousePages = [
  { name: 'login', path: '/login', targets: { performance: 95, accessibility: 100 } },
  { name: 'dashboard', path: '/dashboard', user: ({ data }) => data.users[0], targets: { performance: 95, accessibility: 100 } },
  // the public widget frame (as the embed loader's iframe opens it) and the guest app, no account
  {
    name: 'widget-frame',
    path: ({ data }) => `/w/${data.widgets.publicId}?lang=de`,
    targets: { performance: 95, accessibility: 100 },
  },
  { name: 'guest-app', path: ({ data }) => `/g/${data.widgets.guestAppPublicId}`, targets: { performance: 95, accessibility: 100 } },
];
