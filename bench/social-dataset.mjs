// The data set of the `social` server (scenario `suggestions`, GET /api/userrelation/suggestions):
// a population big enough for "people who saved the same places" to cost what it costs in
// production, seeded into a PostgreSQL database of its own so the other scenarios keep measuring
// their 200 users and 5,000 places.
//
//   10,000 users (the first 50 signed up through the API, with tokens; the rest written by SQL with a
//   copy of a real password hash: they never log in), each with a like list of 100 of 20,000
//   catalogue places in 5 cities. Place popularity is skewed (Zipf–Mandelbrot, s = 0.8, q = 10):
//   the most liked place is in about a third of all like lists, the median place in ~25. 90 % of
//   users have a home city (the same shares as the places), and 70 % of their likes are in it.
//   Friends: about 6 per user (pairs of type 3, category private), 80 % in the same city; each
//   logged-in user has at least 8, plus a few no's, pending yes's and blocks to exclude.
//
// Generated with prng(seed), never Math.random(): the same sizes give the same data on every run.
// Bulk rows go through unnest() of arrays, 100,000 rows a statement.

import { connect } from './lib/database.mjs';
import { ACCOUNT_TYPE_CYCLE, apiClient, parts, prng } from './dataset.mjs';

/** Sizes of the social data set (--social-users, --social-places override users and places). */
export const SOCIAL_SIZES = {
  /** All users, the logged-in ones included. */
  users: 10_000,
  /** Signed up through the API (real sessions): the users the scenario asks for. At most `users`. */
  loggedIn: 50,
  places: 20_000,
  likesPerUser: 100,
  /** Average friends per user (friend rows come in pairs). */
  friendsPerUser: 6,
};

/** Zipf–Mandelbrot popularity of a place of popularity rank r (1 = most liked): 1 / (r + Q)^S. */
const ZIPF_S = 0.8;
const ZIPF_Q = 10;
/** Share of users with a home city, and of their likes in it. */
const WITH_CITY = 0.9;
const HOME_LIKES = 0.7;
/** Share of a user's friends in their own city. */
const FRIENDS_SAME_CITY = 0.8;
/** Each logged-in user: at least this many friends, and relations the suggestions must skip. */
const LOGGED_IN_FRIENDS = 8;
const LOGGED_IN_EXCLUSIONS = { nomatch: 3, pendingMatch: 2, block: 1, blockedBy: 1 };
/** Users written by SQL who opted out of discovery, and who are locked. */
const NOT_DISCOVERABLE = 0.02;
const LOCKED = 0.005;

// contracts relations.ts: RelationType and RelationCategory
const RELATION = { match: 1, nomatch: 2, friend: 3, block: 5 };
const CATEGORY_PRIVATE = 1;

export const CITIES = [
  { name: 'München', country: 'DE', lat: 48.137154, lng: 11.57549, share: 0.4 },
  { name: 'Berlin', country: 'DE', lat: 52.520008, lng: 13.404954, share: 0.25 },
  { name: 'Hamburg', country: 'DE', lat: 53.550341, lng: 10.000654, share: 0.15 },
  { name: 'Wien', country: 'AT', lat: 48.208354, lng: 16.372504, share: 0.12 },
  { name: 'Lisboa', country: 'PT', lat: 38.722252, lng: -9.139337, share: 0.08 },
];
const CATEGORIES = ['sight', 'museum', 'park', 'restaurant', 'cafe', 'bar', 'market', 'shop', 'hotel', 'venue'];
const CITY_RADIUS_METERS = 12_000;
const CHUNK = 100_000;

/** Picks an index of `weights` (summing to 1) with `random`. */
function pickShare(random, weights) {
  let x = random();
  for (let i = 0; i < weights.length - 1; i++) if ((x -= weights[i]) < 0) return i;
  return weights.length - 1;
}

/** A sampler of place indexes by popularity weight: cumulative sums and a binary search. */
function sampler(ids, weight) {
  const cumulative = new Float64Array(ids.length);
  let total = 0;
  ids.forEach((id, k) => (cumulative[k] = total += weight[id]));
  return (random) => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return ids[lo];
  };
}

/**
 * The whole graph by index (user 0 … users-1, the first `loggedIn` the API's; place 0 … places-1),
 * no database ids: places (name, position, city), each user's city, likes (likesPerUser distinct
 * places per user, in one Int32Array), friend pairs and the logged-in users' other relations.
 */
export function generateSocialGraph(options) {
  const { users, places, friendsPerUser } = options;
  const loggedIn = Math.min(options.loggedIn, users);
  const perUser = Math.min(options.likesPerUser, places);
  const random = prng(20261127);
  const shares = CITIES.map((c) => c.share);

  // places: a city each, a position in a disc around its centre, a popularity rank (a shuffle)
  const place = { names: [], lats: [], lngs: [], cities: [], countries: [], categories: [] };
  const placeCity = new Int32Array(places);
  const rank = Array.from({ length: places }, (_, i) => i);
  for (let i = places - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rank[i], rank[j]] = [rank[j], rank[i]];
  }
  const weight = new Float64Array(places);
  for (let i = 0; i < places; i++) {
    const c = pickShare(random, shares);
    const city = CITIES[c];
    const d = CITY_RADIUS_METERS * Math.sqrt(random());
    const bearing = 2 * Math.PI * random();
    const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
    placeCity[i] = c;
    weight[i] = 1 / Math.pow(rank[i] + 1 + ZIPF_Q, ZIPF_S);
    place.names.push(`Social ${category} ${i + 1}`);
    place.lats.push(Math.round((city.lat + ((d * Math.cos(bearing)) / 6_371_008.8) * (180 / Math.PI)) * 1e6) / 1e6);
    place.lngs.push(
      Math.round((city.lng + ((d * Math.sin(bearing)) / (6_371_008.8 * Math.cos((city.lat * Math.PI) / 180))) * (180 / Math.PI)) * 1e6) /
        1e6,
    );
    place.cities.push(city.name);
    place.countries.push(city.country);
    place.categories.push(category);
  }
  const all = sampler(
    Array.from({ length: places }, (_, i) => i),
    weight,
  );
  const inCity = CITIES.map((_, c) => {
    const ids = Array.from({ length: places }, (_, i) => i).filter((i) => placeCity[i] === c);
    return ids.length ? sampler(ids, weight) : null; // a small --social-places may leave a city without places
  });

  // users: a home city (the logged-in ones always have one, so "same city" counts for them)
  const userCity = new Int32Array(users);
  for (let u = 0; u < users; u++) userCity[u] = u < loggedIn || random() < WITH_CITY ? pickShare(random, shares) : -1;
  const discoverable = Array.from({ length: users }, (_, u) => u < loggedIn || random() >= NOT_DISCOVERABLE);
  const locked = Array.from({ length: users }, (_, u) => u >= loggedIn && random() < LOCKED);

  // likes: distinct places by popularity, most of them in the home city
  const likes = new Int32Array(users * perUser);
  const picked = new Set();
  for (let u = 0; u < users; u++) {
    picked.clear();
    const home = userCity[u] >= 0 ? inCity[userCity[u]] : null;
    while (picked.size < perUser) picked.add(home && random() < HOME_LIKES ? home(random) : all(random));
    let k = u * perUser;
    for (const p of picked) likes[k++] = p;
  }

  // friends: pairs, mostly in the same city; every logged-in user gets at least LOGGED_IN_FRIENDS
  const byCity = CITIES.map(() => []);
  for (let u = 0; u < users; u++) if (userCity[u] >= 0) byCity[userCity[u]].push(u);
  const pairs = new Set();
  const degree = new Int32Array(users);
  const befriend = (a) => {
    const pool = userCity[a] >= 0 && random() < FRIENDS_SAME_CITY ? byCity[userCity[a]] : null;
    const b = pool ? pool[Math.floor(random() * pool.length)] : Math.floor(random() * users);
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (a === b || pairs.has(key)) return;
    pairs.add(key);
    degree[a]++;
    degree[b]++;
  };
  if (users > 1) {
    // each user starts 0 … friendsPerUser friendships (friendsPerUser / 2 on average), and is picked by as many
    for (let u = 0; u < users; u++) for (let n = Math.floor(random() * (friendsPerUser + 1)); n > 0; n--) befriend(u);
    for (let u = 0; u < loggedIn; u++) for (let tries = 0; degree[u] < LOGGED_IN_FRIENDS && tries < 100; tries++) befriend(u);
  }
  const friendPairs = [...pairs].map((key) => key.split(':').map(Number));

  // the logged-in users' no's, pending yes's and blocks, and a block of them by someone else
  const others = [];
  const taken = new Set(pairs);
  const other = (u) => {
    for (let tries = 0; tries < 100; tries++) {
      const pool = byCity[userCity[u]];
      const v = pool[Math.floor(random() * pool.length)];
      const key = u < v ? `${u}:${v}` : `${v}:${u}`;
      if (v !== u && !taken.has(key)) {
        taken.add(key);
        return v;
      }
    }
    return -1;
  };
  for (let u = 0; u < loggedIn && users > 1; u++) {
    const add = (from, to, type, category) => to >= 0 && others.push({ from, to, type, category });
    for (let n = 0; n < LOGGED_IN_EXCLUSIONS.nomatch; n++) add(u, other(u), RELATION.nomatch, CATEGORY_PRIVATE);
    for (let n = 0; n < LOGGED_IN_EXCLUSIONS.pendingMatch; n++) add(u, other(u), RELATION.match, CATEGORY_PRIVATE);
    for (let n = 0; n < LOGGED_IN_EXCLUSIONS.block; n++) add(u, other(u), RELATION.block, null);
    for (let n = 0; n < LOGGED_IN_EXCLUSIONS.blockedBy; n++) {
      const v = other(u);
      if (v >= 0) others.push({ from: v, to: u, type: RELATION.block, category: null });
    }
  }
  return { loggedIn, perUser, place, userCity, discoverable, locked, likes, friendPairs, others };
}

/**
 * Seeds the social data set against the server at `baseUrl` (its database at `databaseUrl`):
 * the logged-in users through the API (the dataset's `users` part: signup and onboarding), the
 * rest by SQL. Returns { data: { users }, options, summary, ms, steps } (steps: ms per step).
 */
export async function seedSocialDataset({ baseUrl, databaseUrl, sizes = {}, log = () => {} }) {
  const options = { ...SOCIAL_SIZES, ...sizes };
  const started = performance.now();
  const steps = {};
  let mark = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
    log(`    ${name}: ${steps[name]} ms`);
  };

  const graph = generateSocialGraph(options);
  step('generate');

  const api = apiClient(baseUrl);
  const users = await parts.find((p) => p.name === 'users').seed({ api, options: { ...options, users: graph.loggedIn } });
  step(`sign up ${users.length} users through the API`);

  const db = await connect(databaseUrl);
  try {
    // the others: a copy of a real user's client and password hash (they never log in)
    const { rows: model } = await db.query('select client_id, password_hash from users where id = $1', [users[0].id]);
    const rest = options.users - graph.loggedIn;
    const idx = Array.from({ length: rest }, (_, k) => graph.loggedIn + k);
    const cityName = (u) => (graph.userCity[u] >= 0 ? CITIES[graph.userCity[u]].name : null);
    const inserted = await db.query(
      `insert into users (client_id, email, password_hash, email_verified, nickname, account_type, profile_filled, city, discoverable, locked_at)
       select $1, e, $2, true, n, t, true, c, d, case when l then now() end
       from unnest($3::text[], $4::text[], $5::int[], $6::text[], $7::bool[], $8::bool[]) as u(e, n, t, c, d, l)
       returning id`,
      [
        model[0].client_id,
        model[0].password_hash,
        idx.map((u) => `social.user.${String(u + 1).padStart(5, '0')}@bench.spotlist.test`),
        idx.map((u) => `Social ${u + 1}`),
        idx.map((u) => ACCOUNT_TYPE_CYCLE[u % ACCOUNT_TYPE_CYCLE.length]),
        idx.map(cityName),
        idx.map((u) => graph.discoverable[u]),
        idx.map((u) => graph.locked[u]),
      ],
    );
    // identities are drawn in row order: ascending ids follow the generated order
    const userIds = [...users.map((u) => u.id), ...inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b)];
    // the logged-in users' home cities (the profile form asks a city through the city search)
    await db.query('update users set city = u.c from unnest($1::int[], $2::text[]) as u(id, c) where users.id = u.id', [
      users.map((u) => u.id),
      users.map((_, u) => cityName(u)),
    ]);
    users.forEach((u, i) => (u.city = cityName(i)));
    step(`insert ${rest} users`);

    const p = graph.place;
    const placeRows = await db.query(
      `insert into places (name, description, latitude, longitude, city, country, category, source, visibility, search_text)
       select n, 'A place made for the benchmark.', la, lo, c, co, ca, 'manual', 255, lower(n || ' ' || c)
       from unnest($1::text[], $2::float8[], $3::float8[], $4::text[], $5::text[], $6::text[]) as u(n, la, lo, c, co, ca)
       returning id`,
      [p.names, p.lats, p.lngs, p.cities, p.countries, p.categories],
    );
    const placeIds = placeRows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    step(`insert ${placeIds.length} places`);

    const lists = await db.query(
      `insert into lists (owner_id, kind, name) select o, 'likes', 'default' from unnest($1::int[]) as u(o) returning id, owner_id`,
      [userIds],
    );
    const listOf = new Map(lists.rows.map((r) => [Number(r.owner_id), Number(r.id)]));
    const listIds = userIds.map((id) => listOf.get(id));
    let likes = 0;
    const total = graph.likes.length;
    for (let start = 0; start < total; start += CHUNK) {
      const end = Math.min(start + CHUNK, total);
      const l = new Array(end - start);
      const pl = new Array(end - start);
      const pos = new Array(end - start);
      for (let k = start; k < end; k++) {
        l[k - start] = listIds[Math.floor(k / graph.perUser)];
        pl[k - start] = placeIds[graph.likes[k]];
        pos[k - start] = k % graph.perUser;
      }
      const r = await db.query(
        `insert into list_items (list_id, place_id, position) select l, p, pos from unnest($1::int[], $2::int[], $3::int[]) as u(l, p, pos)`,
        [l, pl, pos],
      );
      likes += r.rowCount;
    }
    step(`insert ${userIds.length} like lists, ${likes} likes`);

    const from = [];
    const to = [];
    const types = [];
    const categories = [];
    for (const [a, b] of graph.friendPairs) {
      from.push(userIds[a], userIds[b]);
      to.push(userIds[b], userIds[a]);
      types.push(RELATION.friend, RELATION.friend);
      categories.push(CATEGORY_PRIVATE, CATEGORY_PRIVATE);
    }
    for (const o of graph.others) {
      from.push(userIds[o.from]);
      to.push(userIds[o.to]);
      types.push(o.type);
      categories.push(o.category);
    }
    await db.query(
      `insert into user_relations (user_id, related_user_id, type, category_id)
       select f, t, ty, c from unnest($1::int[], $2::int[], $3::smallint[], $4::int[]) as u(f, t, ty, c)`,
      [from, to, types, categories],
    );
    step(`insert ${from.length} relations`);

    // as a table that has lived a while: visibility map set, statistics fresh (no autovacuum during the run)
    await db.query('vacuum (analyze) users, places, lists, list_items, user_relations');
    step('vacuum analyze');

    const ms = Math.round(performance.now() - started);
    return {
      data: { users },
      options: { ...options, loggedIn: graph.loggedIn, likesPerUser: graph.perUser },
      summary: {
        users: userIds.length,
        'logged-in users': users.length,
        places: placeIds.length,
        likes,
        friendships: graph.friendPairs.length,
        'other relations': graph.others.length,
      },
      ms,
      steps,
    };
  } finally {
    await db.end();
  }
}
