// The fixed data set every benchmark run seeds into its fresh database. Generated, not random:
// the same options give the same users, passwords (and later places, widgets and likes) on every
// run, so figures from different days compare.
//
// To add a part (places, widgets, likes …): append an entry to `parts`. A part gets
//   { api, sql, options, data } where
//   api.post(path, body, { token }) / api.get(path, { token }) call the running server,
//   sql() returns a connected `pg` client on the benchmark database (for bulk inserts; on the
//   embedded database a PGlite instance, which has the same query(text, params)),
//   options are the sizes below (overridable from the command line, e.g. --users=20),
//   data holds what earlier parts returned (data.users …),
// and returns what scenarios need (ids, tokens …); it is stored as data[part.name].

import { connect } from './lib/database.mjs';

/** Sizes of the data set. Add a size here when you add a part. */
export const DEFAULT_SIZES = {
  users: 200,
  places: 5000,
  likesPerUser: 100,
  // the first `listOwners` users each own `listsPerOwner` lists; the first of them holds
  // `sharedListItems` places and has a public link, the others `listItems` each
  listOwners: 20,
  listsPerOwner: 5,
  sharedListItems: 100,
  listItems: 20,
};

/** A small seeded PRNG (mulberry32): deterministic passwords without storing them. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// SPEC §3 account types: 1 private, 2 business, 4 blogger. A fixed mix: 7 private, 2 blogger,
// 1 business in every 10 users, so later parts find bloggers and businesses among them.
export const ACCOUNT_TYPE_CYCLE = [1, 1, 1, 4, 1, 1, 2, 1, 4, 1];

/**
 * The page of the business's website a visitor is on, as the overlay embed sends it (`url=`: host
 * and path, apps/embed loader.ts): a room page, where both seeded overlays show.
 */
export const OVERLAY_PAGE_URL = 'hotel.example/rooms/12';

/** @type {Array<{ name: string, seed: (ctx: object) => Promise<unknown> }>} */
export const parts = [
  {
    name: 'users',
    // Through the real signup route: argon2 hashes, sessions and the verification mail exactly as
    // production makes them. Signup answers with an access token, which the scenarios reuse.
    async seed({ api, options }) {
      const random = prng(20261121);
      const users = Array.from({ length: options.users }, (_, i) => {
        const n = String(i + 1).padStart(4, '0');
        return {
          email: `bench.user.${n}@bench.spotlist.test`,
          password: `bench-${n}-${Math.floor(random() * 1e9).toString(36)}`,
          accountType: ACCOUNT_TYPE_CYCLE[i % ACCOUNT_TYPE_CYCLE.length],
        };
      });
      // argon2 runs on libuv's thread pool: 4 in flight keep both cores busy without queueing.
      await mapLimit(users, 4, async (u, i) => {
        const body = { email: u.email, password: u.password, accountType: { id: u.accountType }, termsaccepted: true };
        const created = await api.post('/api/signup', body);
        u.id = created.id;
        u.token = created.authtoken;
        // Onboarding done (SPEC §5: nickname, and an industry for a business), so the dashboard
        // shows what a returning user sees rather than the onboarding redirect.
        u.nickname = `Bench ${i + 1}`;
        await api.post(
          '/api/myprofile/update',
          {
            email: u.email,
            nickname: { value: u.nickname },
            accountType: { id: u.accountType },
            industry2: u.accountType === 2 ? { id: 1 } : null,
          },
          { token: u.token },
        );
      });
      return users;
    },
  },
  {
    name: 'places',
    // Catalogue places around Marienplatz and 100 likes for every seeded user, in bulk through SQL
    // (apps/server/src/platform/db/seed/bench.ts), for GET /api/like/{name} with distances.
    async seed({ sql, options, data }) {
      const { seedBenchPlaces } = await import('../apps/server/src/platform/db/seed/bench.ts');
      const db = await sql();
      const r = await seedBenchPlaces(db, {
        places: options.places,
        likers: data.users.map((u) => u.id),
        likesPerUser: options.likesPerUser,
      });
      // each user's like list is a list of 100 items: GET /api/list/{id} as its owner opens it
      const { rows } = await db.query("select id, owner_id from lists where kind = 'likes' and owner_id = any($1::int[])", [
        data.users.map((u) => u.id),
      ]);
      const listOf = new Map(rows.map((row) => [row.owner_id, row.id]));
      for (const u of data.users) u.listId = listOf.get(u.id);
      return { count: r.placeIds.length, likes: r.likes, ids: r.placeIds };
    },
  },
  {
    name: 'lists',
    // The first users' own lists (kind 'list', as the lists page shows them): made through the API,
    // their items in bulk through SQL, and a public link to the first through the API (the token is
    // shown once and stored hashed), for GET /api/list/mine and GET /api/share/{token}.
    async seed({ api, sql, options, data }) {
      const random = prng(20261125);
      const owners = data.users.slice(0, options.listOwners);
      const placeIds = data.places.ids;
      const listIds = [];
      const itemPlaces = [];
      const positions = [];
      for (const u of owners) {
        u.ownLists = [];
        for (let k = 0; k < options.listsPerOwner; k++) {
          const list = await api.post('/api/list/add', { name: `Bench list ${k + 1} of ${u.nickname}` }, { token: u.token });
          u.ownLists.push(list.id);
          const picked = new Set();
          const size = Math.min(k === 0 ? options.sharedListItems : options.listItems, placeIds.length);
          while (picked.size < size) picked.add(placeIds[Math.floor(random() * placeIds.length)]);
          let position = 0;
          for (const placeId of picked) {
            listIds.push(list.id);
            itemPlaces.push(placeId);
            positions.push(position++);
          }
        }
      }
      const db = await sql();
      await db.query(
        `insert into list_items (list_id, place_id, position)
         select l, p, pos from unnest($1::int[], $2::int[], $3::int[]) as u(l, p, pos)`,
        [listIds, itemPlaces, positions],
      );
      await db.query('analyze list_items');
      for (const u of owners) {
        const share = await api.post('/api/share', { listId: u.ownLists[0], public: true }, { token: u.token });
        u.shareToken = share.token;
      }
      return { count: owners.length * options.listsPerOwner, items: listIds.length, shares: owners.length };
    },
  },
  {
    name: 'widgets',
    // The first business gets the widget v2 and guest app flags (as an admin would switch them on),
    // a widget with 30 POIs in two languages through the real API, for GET /api/public/widget/{publicId}
    // and the frame page /w/{publicId}, and an enabled guest app showing that widget (/g/{guestAppPublicId}).
    async seed({ api, sql, data }) {
      const owner = data.users.find((u) => u.accountType === 2);
      const db = await sql();
      await db.query('update users set widgetv2activated = true, has_guest = true where id = $1', [owner.id]);
      const { rows } = await db.query('select id from places order by id limit 30');
      const widget = await api.post(
        '/api/widget/add',
        {
          name: 'Bench widget',
          languages: ['de', 'en'],
          texts: { de: { title: 'Unsere Tipps', intro: 'Was wir empfehlen' }, en: { title: 'Our tips', intro: 'What we recommend' } },
          style: { primaryColor: '#0055aa', firstView: 'list' },
        },
        { token: owner.token },
      );
      for (const [i, r] of rows.entries()) {
        const texts = i % 2 === 0 ? { de: { description: `Unser Tipp Nummer ${i + 1}: unbedingt ansehen.` } } : undefined;
        await api.post('/api/widgetpoi/add', { widgetId: widget.id, placeId: r.id, ...(texts ? { texts } : {}) }, { token: owner.token });
      }
      await api.get('/api/guestapp', { token: owner.token });
      const guestApp = await api.post(
        '/api/guestapp',
        {
          enabled: true,
          widgetIds: [widget.id],
          welcome: {
            de: { title: 'Willkommen', text: 'Schön, dass Sie da sind.' },
            en: { title: 'Welcome', text: 'Nice to have you here.' },
          },
          contact: { phone: '+49 89 123456', hours: '8–22' },
        },
        { token: owner.token },
      );
      return { count: 1, publicId: widget.publicId, pois: rows.length, guestAppPublicId: guestApp.publicId };
    },
  },
  {
    name: 'overlays',
    // The widget's business gets the overlay flag (as an admin would switch it on), German and
    // English as content languages (an overlay's languages must be ones it offers), and two
    // overlays on its website through the real API: a bottom bar on /rooms/* published in German
    // and English, and a modal on every page published in German, for GET /api/public/overlay/{site}
    // and the Lighthouse host page (scenarios.mjs OVERLAY_HOST).
    async seed({ api, sql, data }) {
      const owner = data.users.find((u) => u.accountType === 2);
      const db = await sql();
      await db.query('update users set overlayactivated = true where id = $1', [owner.id]);
      const { list: languages } = await api.get('/api/language/list');
      for (const key of ['de', 'en']) {
        const language = languages.find((l) => l.key === key);
        if (!language) throw new Error(`GET /api/language/list has no language ${key}`);
        await api.post('/api/language/add', { id: language.id }, { token: owner.token });
      }
      const settings = {
        where: { guestApp: false, widgetIds: [], urlPatterns: [] },
        schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
        fallback: ['de', 'en'],
      };
      const bar = {
        de: {
          title: 'Frühstück bis 11 Uhr',
          html: '<p>Unser <strong>Frühstücksbuffet</strong> gibt es jeden Tag bis 11 Uhr, am Wochenende bis 12 Uhr.</p>',
          imageDocumentId: null,
          buttons: [{ kind: 'url', label: 'Mehr erfahren', url: 'https://hotel.example/fruehstueck' }],
        },
        en: {
          title: 'Breakfast until 11',
          html: '<p>Our <strong>breakfast buffet</strong> is served every day until 11, at weekends until noon.</p>',
          imageDocumentId: null,
          buttons: [{ kind: 'url', label: 'Learn more', url: 'https://hotel.example/breakfast' }],
        },
      };
      const modal = {
        de: {
          title: 'Winterpause der Sauna',
          html:
            '<h2>Vom 8. bis 19. Januar</h2>' +
            '<p>Unser Spa-Bereich bekommt eine <strong>neue Sauna</strong> und einen Ruheraum mit Blick auf die Berge. ' +
            'Während der Arbeiten bleiben Sauna und Dampfbad geschlossen; das Schwimmbad ist wie gewohnt von 7 bis 21 Uhr geöffnet.</p>' +
            '<p>Als Ausgleich erhalten alle Gäste in dieser Zeit einen <em>Gutschein über 20 %</em> für eine Massage ' +
            'und freien Eintritt in die Therme im Nachbarort (Bus direkt vor dem Haus, alle 30 Minuten).</p>' +
            '<ul><li>Massagen: täglich 10–19 Uhr</li><li>Therme: 9–22 Uhr</li><li>Fitnessraum: rund um die Uhr</li></ul>' +
            '<p>Wir freuen uns darauf, Ihnen ab dem 20. Januar den neuen Bereich zu zeigen.</p>',
          imageDocumentId: null,
          buttons: [{ kind: 'url', label: 'Spa-Angebote ansehen', url: 'https://hotel.example/spa' }],
        },
      };
      // Lighthouse keeps localStorage between runs (lib/lighthouse.mjs): a modal shown `once` would
      // show on the host page's first run only, so the pair would compare different pages.
      const made = [];
      for (const [overlay, texts, published] of [
        [
          {
            ...settings,
            name: 'Breakfast bar',
            format: 'bottomBar',
            where: { ...settings.where, urlPatterns: ['/rooms/*'] },
            trigger: { kind: 'load', delaySeconds: 2 },
            frequency: { kind: 'session' },
          },
          bar,
          ['de', 'en'],
        ],
        [
          {
            ...settings,
            name: 'Spa closed in January',
            format: 'modal',
            where: { ...settings.where, urlPatterns: ['/*'] },
            trigger: { kind: 'load', delaySeconds: 0 },
            frequency: { kind: 'always' },
          },
          modal,
          ['de'],
        ],
      ]) {
        const created = await api.post('/api/overlay', { ...overlay, language: 'de', content: texts.de }, { token: owner.token });
        for (const lang of published)
          await api.post(`/api/overlay/publish?id=${created.id}&lang=${lang}`, texts[lang], { token: owner.token });
        made.push(created.id);
      }
      const { publicId: sitePublicId } = await api.get('/api/overlays', { token: owner.token });
      // what the scenario asks must answer both overlays, not an empty list
      const shown = await api.get(`/api/public/overlay/${sitePublicId}?lang=de&url=${encodeURIComponent(OVERLAY_PAGE_URL)}`);
      if (shown.overlays.length !== made.length)
        throw new Error(
          `GET /api/public/overlay/${sitePublicId} shows ${shown.overlays.length} of ${made.length} overlays on ${OVERLAY_PAGE_URL}`,
        );
      return { count: made.length, sitePublicId };
    },
  },
];

/** A small client of the running server's API (JSON in, JSON out; throws on a non-2xx answer). */
export function apiClient(baseUrl) {
  const call = async (method, path, body, token) => {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers['x-auth-token'] = token;
    const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    get: (path, { token } = {}) => call('GET', path, undefined, token),
    post: (path, body, { token } = {}) => call('POST', path, body, token),
  };
}

/**
 * Seeds every part in order against the server at `baseUrl` (database at `databaseUrl`).
 * Returns { data, summary, ms }: data for the scenarios, summary (counts) for the report.
 */
export async function seedDataset({ baseUrl, databaseUrl, sizes = {} }) {
  const options = { ...DEFAULT_SIZES, ...sizes };
  const api = apiClient(baseUrl);
  let client;
  const sql = async () => (client ??= await connect(databaseUrl));
  const data = {};
  const started = performance.now();
  try {
    for (const part of parts) data[part.name] = await part.seed({ api, sql, options, data });
  } finally {
    await client?.end();
  }
  return { data, options, summary: summaryOf(data), ms: Math.round(performance.now() - started) };
}

const summaryOf = (data) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? v.length : (v?.count ?? null)]));
const part = (name) => parts.find((p) => p.name === name);

/**
 * The list detail's data set on the embedded database (PGlite in `DATA_DIR/pgdata`): the first
 * `listOwners` users with their like lists of `likesPerUser` of `places` places, as on PostgreSQL.
 * PGlite has no server a second process could connect to, and two processes on one folder corrupt
 * it, so: `server.start()` (creates and migrates the folder), the users through the API, `server.stop()`,
 * the places and likes through PGlite opened in this process, `server.start()` again.
 * `server.start()` resolves to { baseUrl }; the second start's answer is returned as `server`.
 */
export async function seedEmbeddedDataset({ server, pgdata, sizes = {} }) {
  const defaults = { ...DEFAULT_SIZES, ...sizes };
  const options = { ...defaults, users: Math.min(defaults.users, defaults.listOwners) };
  const data = {};
  const started = performance.now();
  const first = await server.start();
  data.users = await part('users').seed({ api: apiClient(first.baseUrl), options, data });
  await server.stop();
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgdata);
  try {
    data.places = await part('places').seed({ sql: async () => db, options, data });
  } finally {
    await db.close();
  }
  const ms = Math.round(performance.now() - started);
  return { data, options, summary: summaryOf(data), ms, server: await server.start() };
}
