// The load scenarios, measured one after the other with autocannon from the benchmark process
// (never inside a server process). To add one (liked places with distance, public widget …),
// append an entry:
//
//   {
//     name: 'liked-places',                  // --only=liked-places; key in latest.json
//     title: 'GET /api/like/list … (logged in)',
//     server: 'app',                         // 'app' (Spotlist on PostgreSQL), 'embedded' (Spotlist on
//                                            // PGlite, its own data set), 'social' (Spotlist on a
//                                            // PostgreSQL database of its own with the social data
//                                            // set, bench/social-dataset.mjs) or 'baseline';
//                                            // 'messaging' is the one entry that is no autocannon
//                                            // scenario (bench/messaging.mjs, no requests)
//     connections: 10,
//     requests: ({ data }) => [ { method, path, headers, body } … ],
//                                            // autocannon request objects; each connection cycles
//                                            // through the list (use several users' tokens)
//     targets: [ { label, metric, max | min } ],  // optional; reported met/missed, never asserted
//   }
//
// `data` is what bench/dataset.mjs seeded for that server (data.users[i].email/.password/.token/.id …).
// metric is one of: reqPerSec, p50Ms, p90Ms, p95Ms, p97_5Ms, p99Ms, ratioToBaseline, cpuRatioToBaseline,
// serverCpuUsPerRequest (µs), errors (autocannon's, timeouts included), timeouts, non2xx.

import { OVERLAY_PAGE_URL } from './dataset.mjs';
import { SOCIAL_SIZES } from './social-dataset.mjs';

const json = { 'content-type': 'application/json' };

/** How many seeded users' tokens the logged-in scenarios rotate through. */
const SESSION_USERS = 20;
/** Where the logged-in users stand (the apps send the last known position as `user-location`). */
const MARIENPLATZ = '48.1374;11.5755';
/** Catalogue search texts: each matches about a tenth of the seeded places ("Bench museum 17"). */
const SEARCH_TEXTS = ['museum', 'park', 'cafe', 'restaurant', 'bar', 'market', 'shop', 'hotel', 'venue', 'sight'];

/** GET /api/list/{id}: every user opens their own like list of 100 places. */
const listDetailRequests = ({ data }) =>
  data.users.slice(0, SESSION_USERS).map((u) => ({
    method: 'GET',
    path: `/api/list/${u.listId}`,
    headers: { 'x-auth-token': u.token, 'user-location': MARIENPLATZ },
  }));

/** The bounds for the list detail, on either database. */
const listDetailTargets = (where) => [
  { label: `list detail${where} (100 places) server CPU per request ≤ 1 ms`, metric: 'serverCpuUsPerRequest', max: 1000 },
  { label: `list detail${where} p99 ≤ 50 ms (50 connections)`, metric: 'p99Ms', max: 50 },
  { label: `list detail${where}: no timeouts`, metric: 'timeouts', max: 0 },
  { label: `list detail${where}: no errors`, metric: 'errors', max: 0 },
];

/** Every other frequent read with an answer under 10 KB: at most 0.5 ms of the server's CPU. */
const smallReadTarget = (what) => [
  { label: `${what} server CPU per request ≤ 0.5 ms (answer under 10 KB)`, metric: 'serverCpuUsPerRequest', max: 500 },
];

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
    // also the dashboard's data: besides the translations (scenario translations) it reads only this
    targets: [
      { label: '/api/session/user ≥ 40 % of baseline req/s', metric: 'ratioToBaseline', min: 0.4 },
      ...smallReadTarget('session user'),
    ],
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
    targets: [
      { label: "liked places as the apps ask: server CPU per request ≤ 4 × the bare route's", metric: 'cpuRatioToBaseline', min: 0.25 },
    ],
  },
  {
    name: 'list-detail',
    title: `GET /api/list/{id} (a list of 100 places opened by its owner, user-location at Marienplatz, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: listDetailRequests,
    targets: listDetailTargets(''),
  },
  {
    // the same on the embedded database the product starts with (`npm start` without DATABASE_URL):
    // a server of its own on PGlite with the same shape of data, no Redis (it caches all the same)
    name: 'list-detail-embedded',
    title: `GET /api/list/{id} on embedded PGlite (a list of 100 places opened by its owner, user-location at Marienplatz, ${SESSION_USERS} users)`,
    server: 'embedded',
    connections: 50,
    requests: listDetailRequests,
    targets: listDetailTargets(' on PGlite'),
  },
  {
    // the lists page: GET /api/list/mine?f.kind=list&p.s=100 (apps/web/src/features/lists/api/lists.ts)
    name: 'my-lists',
    title: `GET /api/list/mine?f.kind=list&p.s=100 (the lists page: 5 lists of 100 and 20 places each, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: '/api/list/mine?f.kind=list&p.s=100',
        headers: { 'x-auth-token': u.token },
      })),
    targets: smallReadTarget('my lists'),
  },
  {
    // a public link opened without an account (/s/{token}), as the shared list page asks it
    name: 'shared-list',
    title: `GET /api/share/{token}?p.s=100 (no account: a list of 100 places through its public link, user-location at Marienplatz, ${SESSION_USERS} links)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({
        method: 'GET',
        path: `/api/share/${u.shareToken}?p.s=100`,
        headers: { 'user-location': MARIENPLATZ },
      })),
    // a list detail's answer (over 10 KB): the list detail's bound
    targets: [{ label: 'shared list (100 places) server CPU per request ≤ 1 ms', metric: 'serverCpuUsPerRequest', max: 1000 }],
  },
  {
    name: 'place-detail',
    title: `GET /api/place/{id} (100 catalogue places, user-location at Marienplatz, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      Array.from({ length: 100 }, (_, i) => ({
        method: 'GET',
        path: `/api/place/${data.places.ids[(i * 37) % data.places.ids.length]}`,
        headers: { 'x-auth-token': data.users[i % Math.min(SESSION_USERS, data.users.length)].token, 'user-location': MARIENPLATZ },
      })),
    targets: smallReadTarget('place detail'),
  },
  {
    // the catalogue search as the web app asks it before a location is known (lib/place-search.ts):
    // by text, a page of 20, ordered by name
    name: 'place-search',
    title: `GET /api/place/list?f.q={text}&p.s=20 (catalogue search by text, about 500 of 5,000 places match, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u, i) => ({
        method: 'GET',
        path: `/api/place/list?f.q=${SEARCH_TEXTS[i % SEARCH_TEXTS.length]}&p.s=20`,
        headers: { 'x-auth-token': u.token },
      })),
    targets: smallReadTarget('catalogue search'),
  },
  {
    // … and once it is known: the user-location header and nearest first (o.sort=distance)
    name: 'place-nearby',
    title: `GET /api/place/list?f.q={text}&p.s=20&o.sort=distance with user-location at Marienplatz (catalogue search nearest first, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u, i) => ({
        method: 'GET',
        path: `/api/place/list?f.q=${SEARCH_TEXTS[i % SEARCH_TEXTS.length]}&p.s=20&o.sort=distance`,
        headers: { 'x-auth-token': u.token, 'user-location': MARIENPLATZ },
      })),
    targets: smallReadTarget('catalogue nearby'),
  },
  {
    name: 'profile',
    title: `GET /api/myprofile (the profile page, ${SESSION_USERS} users)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) =>
      data.users.slice(0, SESSION_USERS).map((u) => ({ method: 'GET', path: '/api/myprofile', headers: { 'x-auth-token': u.token } })),
    targets: smallReadTarget('profile'),
  },
  {
    // the dashboard reads the session user (scenario session-user) and the translations' overrides
    name: 'translations',
    title: 'GET /api/translation/de (no account: the remote translations every page start merges)',
    server: 'app',
    connections: 50,
    requests: () => [{ method: 'GET', path: '/api/translation/de' }],
    targets: smallReadTarget('translations'),
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
  {
    // What the overlay embed on a business's website asks for a visitor's page (dataset part
    // `overlays`): both overlays apply on a room page, from the response cache (a minute per entry,
    // dropped when the business changes an overlay); no Accept-Encoding, so the answer goes out plain.
    name: 'public-overlay',
    title: `GET /api/public/overlay/{sitePublicId}?lang=de&url=${OVERLAY_PAGE_URL} (no account, 2 overlays on the page)`,
    server: 'app',
    connections: 50,
    requests: ({ data }) => [
      { method: 'GET', path: `/api/public/overlay/${data.overlays.sitePublicId}?lang=de&url=${encodeURIComponent(OVERLAY_PAGE_URL)}` },
    ],
    targets: [
      { label: 'public overlay ≥ 60 % of baseline req/s (50 connections)', metric: 'ratioToBaseline', min: 0.6 },
      { label: 'public overlay p99 ≤ 20 ms (50 connections)', metric: 'p99Ms', max: 20 },
    ],
  },
  {
    // People to match with (docs/decisions/0029), on a server and database of their own: the social
    // data set (bench/social-dataset.mjs), 50 logged-in users of 10,000 asking in turn. No cache: every
    // answer is the ranking statement over the likes of everyone who shares a place with the user.
    name: 'suggestions',
    title: `GET /api/userrelation/suggestions (20 people by shared saved places, friends of friends, same city; ${SOCIAL_SIZES.users.toLocaleString('en')} users with ${SOCIAL_SIZES.likesPerUser} likes each of ${SOCIAL_SIZES.places.toLocaleString('en')} places, ${SOCIAL_SIZES.loggedIn} users in turn)`,
    server: 'social',
    connections: 10,
    requests: ({ data }) =>
      data.users.map((u) => ({ method: 'GET', path: '/api/userrelation/suggestions', headers: { 'x-auth-token': u.token } })),
    targets: [
      { label: 'suggestions p95 ≤ 200 ms (10 connections; 10,000 users with 100 likes each)', metric: 'p95Ms', max: 200 },
      // timeouts are no answers, so no latency: a p95 without them needs them at 0
      { label: 'suggestions: no errors (timeouts included)', metric: 'errors', max: 0 },
    ],
  },
  {
    // Not an autocannon scenario: bench/messaging.mjs with servers of its own (two instances on one
    // PostgreSQL database and a Redis of their own, 1,000 WebSocket clients). An entry here so that
    // --only selects it; its figures are latest.json's `messaging`, its targets in lib/report.mjs.
    name: 'messaging',
    title:
      'Messaging on 2 instances: send → receive latency across instances, messages/s with 0 lost and 0 duplicated, the overview of 500 conversations, memory per connection',
    server: 'messaging',
  },
  {
    // Not an autocannon scenario either: bench/push.mjs (a server of its own and a local Web Push
    // service); its figures are latest.json's `push`, its targets in lib/report.mjs.
    name: 'push',
    title: 'Push: 9,999 notices to 2,000 devices at once: time to the last, deliveries/s, 0 lost, 0 duplicated, p95 message → push service',
    server: 'push',
  },
  {
    // Not an autocannon scenario either: bench/ai.mjs (a server of its own and the tests' local
    // OpenAI-compatible fake); its figures are latest.json's `ai`, its targets in lib/report.mjs.
    name: 'ai',
    title: 'AI assistant: server overhead to the first streamed piece at 20 streams at once; Translate to all languages (12 jobs)',
    server: 'ai',
  },
];

// The pages Lighthouse measures (mobile preset), in this order. `user` makes the run log in through
// the login form first, as that seeded user; a run that does not end on `path` is reported as an
// error. `path` is a string or `({ data }) => string` (a page of seeded data).
/** Where the bench serves its static reference of the login page (bench/reference/login.html). */
export const STATIC_REFERENCE_PATH = '/bench-static-reference.html';

/**
 * The overlay pair: one static article page of a business's website (bench/reference/overlay-host.html),
 * served by the bench like the reference, without and with the overlay snippet (the seeded site's
 * id is written into it once the data set is seeded). The issue: the page with the overlay scores
 * within 2 Lighthouse performance points of the page without it, in the same run.
 */
export const OVERLAY_HOST = {
  without: { name: 'overlay-host-without', path: '/bench-overlay-host-without.html' },
  with: { name: 'overlay-host-with', path: '/bench-overlay-host-with.html' },
};

/**
 * The app pages' targets (issue: each in the same run): LCP at most 1.25 × the static reference's,
 * total blocking time ≤ 200 ms, no layout shift, accessibility 100, performance ≥ 95.
 */
const APP_PAGE_TARGETS = { performance: 95, accessibility: 100, tbtMs: 200, cls: 0, lcpToReference: 1.25 };
const firstOfType = (data, accountType) => data.users.find((u) => u.accountType === accountType);

export const lighthousePages = [
  // first: the floor the app pages are compared with (same server, same stylesheet, no JavaScript)
  { name: 'static-reference', path: STATIC_REFERENCE_PATH, reference: true },
  { name: 'login', path: '/login', targets: APP_PAGE_TARGETS },
  // users[0] is a private user (the dataset's account type cycle starts with 1); their pages in a row share one login
  { name: 'dashboard-private', path: '/dashboard', user: ({ data }) => data.users[0], targets: APP_PAGE_TARGETS },
  { name: 'my-places', path: '/widget-marked-mylike', user: ({ data }) => data.users[0], targets: APP_PAGE_TARGETS },
  { name: 'map', path: '/widget-marked-mylike-map', user: ({ data }) => data.users[0], targets: APP_PAGE_TARGETS },
  { name: 'list', path: ({ data }) => `/lists/${data.users[0].ownLists[0]}`, user: ({ data }) => data.users[0], targets: APP_PAGE_TARGETS },
  {
    name: 'place-detail',
    path: ({ data }) => `/place/${data.places.ids[0]}`,
    user: ({ data }) => data.users[0],
    targets: APP_PAGE_TARGETS,
  },
  { name: 'dashboard-blogger', path: '/dashboard', user: ({ data }) => firstOfType(data, 4), targets: APP_PAGE_TARGETS },
  { name: 'dashboard-business', path: '/dashboard', user: ({ data }) => firstOfType(data, 2), targets: APP_PAGE_TARGETS },
  // the public widget frame (as the embed loader's iframe opens it) and the guest app, no account
  {
    name: 'widget-frame',
    path: ({ data }) => `/w/${data.widgets.publicId}?lang=de`,
    targets: { performance: 95, accessibility: 100 },
  },
  { name: 'guest-app', path: ({ data }) => `/g/${data.widgets.guestAppPublicId}`, targets: { performance: 95, accessibility: 100 } },
  // a business's website page without and with the overlay (the modal on every page, shown at once)
  OVERLAY_HOST.without,
  {
    ...OVERLAY_HOST.with,
    comparedWith: { page: OVERLAY_HOST.without.name, what: 'overlay host page', of: 'the same page without the overlay' },
    targets: { performanceDrop: 2 },
  },
];
