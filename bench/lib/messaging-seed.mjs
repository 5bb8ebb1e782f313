// The messaging benchmark's data set (bench/messaging.mjs): users, sessions and friendships by
// SQL, the conversations through the API, the history by SQL.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mapLimit } from '../dataset.mjs';
import { connect } from './database.mjs';
import { pairLayout } from './messaging.mjs';

const RELATION_FRIEND = 3;
const CATEGORY_PRIVATE = 1;
const hashToken = (t) => crypto.createHash('sha256').update(t).digest('hex');

/**
 * Users, sessions, friendships and conversations: users and sessions by SQL (a session row as
 * auth.service `issue` writes it: SHA-256 of the access and refresh tokens), friend rows both ways
 * (type 3, category private, as the second yes makes them), the conversations through the API
 * (POST /api/conversation/add), the overview user's messages by SQL (as messages.service `store`
 * leaves them: gapless seq and rev, members' activity and read positions).
 */
export async function seedMessaging({ databaseUrl, apis, options, accessTtlSeconds, log }) {
  const started = performance.now();
  const steps = {};
  let mark = started;
  const step = (name) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
    log(`    ${name}: ${steps[name]} ms`);
  };
  const db = await connect(databaseUrl);
  try {
    const { rows: model } = await db.query('select client_id, password_hash from users order by id limit 1');
    if (!model[0]) throw new Error('no user to copy a client and password hash from (the admin is seeded at start)');
    const n = options.users;
    const emails = Array.from({ length: n }, (_, i) => `bench.msg.${String(i + 1).padStart(5, '0')}@bench.spotlist.test`);
    emails.push('bench.msg.hub@bench.spotlist.test');
    const nicknames = [...Array.from({ length: n }, (_, i) => `Msg ${i + 1}`), 'Msg hub'];
    const inserted = await db.query(
      `insert into users (client_id, email, password_hash, email_verified, nickname, account_type, profile_filled)
       select $1, e, $2, true, nn, 1, true from unnest($3::text[], $4::text[]) with ordinality as u(e, nn, o) order by o
       returning id, email`,
      [model[0].client_id, model[0].password_hash, emails, nicknames],
    );
    const idOf = new Map(inserted.rows.map((r) => [r.email, Number(r.id)]));
    const users = emails.map((email, i) => ({ index: i, id: idOf.get(email), token: crypto.randomBytes(32).toString('base64url') }));
    const hub = users.pop();
    const all = [...users, hub];
    await db.query(
      `insert into auth_sessions (user_id, family_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at)
       select u, f, a, now() + make_interval(secs => $5), r, now() + interval '30 days'
       from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as s(u, f, a, r)`,
      [
        all.map((u) => u.id),
        all.map(() => crypto.randomUUID()),
        all.map((u) => hashToken(u.token)),
        all.map(() => hashToken(crypto.randomBytes(32).toString('base64url'))),
        accessTtlSeconds,
      ],
    );
    step(`insert ${all.length} users and their sessions`);

    const layout = pairLayout(n);
    const hubPartners = Array.from({ length: Math.min(options.hubConversations, n) }, (_, j) =>
      j < layout.length ? users[2 * j] : users[2 * (j - layout.length) + 1],
    );
    const from = [];
    const to = [];
    const friends = (a, b) => {
      from.push(a.id, b.id);
      to.push(b.id, a.id);
    };
    for (const p of layout) friends(users[p.members[0]], users[p.members[1]]);
    for (const u of hubPartners) friends(hub, u);
    await db.query(
      `insert into user_relations (user_id, related_user_id, type, category_id)
       select f, t, ${RELATION_FRIEND}, ${CATEGORY_PRIVATE} from unnest($1::int[], $2::int[]) as r(f, t)`,
      [from, to],
    );
    step(`insert ${from.length / 2} friendships`);

    // through the API, half on each instance: the conversation rows and members as the server makes them
    await mapLimit(layout, 16, async (p, k) => {
      const [a, b] = p.members.map((i) => users[i]);
      const c = await apis[k % 2].post('/api/conversation/add', { memberIds: [b.id] }, { token: a.token });
      p.conversationId = c.id;
    });
    const hubConversations = await mapLimit(hubPartners, 16, async (u, j) => {
      const c = await apis[j % 2].post('/api/conversation/add', { memberIds: [u.id] }, { token: hub.token });
      return { id: c.id, other: u.id };
    });
    step(`create ${layout.length + hubConversations.length} direct conversations through the API`);

    // history by SQL: the pairs' conversations `pairHistory` messages each, a day ago, read by both;
    // the overview user's `hubMessagesPerConversation` each, the latest activity a minute apart,
    // every fifth with its last 4 unread by the overview user (2 of them the other side's)
    const per = options.hubMessagesPerConversation;
    const history = [
      ...layout.map((p, k) => ({
        id: p.conversationId,
        a: users[p.members[0]].id,
        b: users[p.members[1]].id,
        readA: options.pairHistory,
        readB: options.pairHistory,
        agoSec: 86_400 + k * 60,
        messages: options.pairHistory,
      })),
      ...hubConversations.map((c, j) => ({
        id: c.id,
        a: hub.id,
        b: c.other,
        readA: j % 5 === 0 ? Math.max(0, per - 4) : per,
        readB: per,
        agoSec: j * 60,
        messages: per,
      })),
    ];
    const written = await writeHistory(db, history);
    // as tables that have lived a while: statistics fresh, visibility map set, no autovacuum of
    // 110,000 new rows during the measured windows
    await db.query('vacuum (analyze) users, auth_sessions, user_relations, conversations, conversation_members, messages');
    // the seeding's writes on disk before the windows: otherwise the kernel writes them back during
    // the first minute, and every commit's WAL flush waits behind them (p99 of 600-800 ms in
    // two-second bursts every ~11 s in the first window, gone in the later ones and in a run of
    // that window alone: the seeding's IO, not the messaging's)
    await db.query('checkpoint');
    spawnSync('sync');
    step(`write ${written.toLocaleString('en')} messages of history (SQL)`);
    return {
      users,
      hub,
      layout,
      hubConversations: hubConversations.length,
      summary: {
        users: all.length,
        'socket users': n,
        conversations: layout.length + hubConversations.length,
        "overview user's conversations": hubConversations.length,
        "overview user's messages": hubConversations.length * per,
        'messages of history': written,
      },
      ms: Math.round(performance.now() - started),
      steps,
    };
  } finally {
    await db.end();
  }
}

/**
 * Messages in conversations as messages.service `store` leaves them: seq and rev 1 … n (gapless),
 * the writers alternating (even seq: `a`), 5 s apart, the last `agoSec` ago; the conversation's
 * last_seq, last_rev and activity, each member's activity and read position (`readA`, `readB`).
 * `list`: [{ id, a, b, readA, readB, agoSec, messages }]. Answers the messages written.
 */
async function writeHistory(db, list) {
  const rows = list.filter((c) => c.messages > 0);
  if (rows.length === 0) return 0;
  const col = (k) => rows.map((c) => c[k]);
  await db.query('begin');
  try {
    const r = await db.query(
      `insert into messages (conversation_id, seq, rev, sender_id, text, created_at)
       select c.cid, s, s, case when s % 2 = 0 then c.a else c.b end, 'Bench message ' || s || ' of conversation ' || c.cid,
         now() - make_interval(secs => c.ago + (c.n - s) * 5)
       from unnest($1::int[], $2::int[], $3::int[], $4::float8[], $5::int[]) as c(cid, a, b, ago, n)
       cross join lateral generate_series(1, c.n) as s`,
      [col('id'), col('a'), col('b'), col('agoSec'), col('messages')],
    );
    await db.query(
      `update conversations c set last_seq = u.n, last_rev = u.n, last_activity_at = now() - make_interval(secs => u.ago)
       from unnest($1::int[], $2::float8[], $3::int[]) as u(cid, ago, n) where c.id = u.cid`,
      [col('id'), col('agoSec'), col('messages')],
    );
    await db.query(
      `update conversation_members cm set last_activity_at = now() - make_interval(secs => u.ago),
         read_seq = case when cm.user_id = u.a then u.ra else u.rb end
       from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::float8[]) as u(cid, a, ra, rb, ago) where cm.conversation_id = u.cid`,
      [col('id'), col('a'), col('readA'), col('readB'), col('agoSec')],
    );
    await db.query('commit');
    return r.rowCount;
  } catch (err) {
    await db.query('rollback');
    throw err;
  }
}
