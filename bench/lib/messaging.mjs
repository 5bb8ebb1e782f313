// Pure helpers of the messaging benchmark (bench/messaging.mjs): who sits where, the ledger that
// counts every message at every member socket, percentiles and the "sustained" verdict. No I/O
// here, so bench/messaging.test.mjs tests them without servers.

/**
 * The pairs: users 2k and 2k+1 are friends with one direct conversation (pair k). The first of a
 * pair has its socket on instance 0, the second on instance 1: half the sockets on each instance,
 * the two members of every conversation on different ones.
 */
export function pairLayout(users) {
  if (users % 2 !== 0 || users < 2) throw new Error(`an even number of users, at least 2 (got ${users})`);
  return Array.from({ length: users / 2 }, (_, k) => ({ pair: k, members: [2 * k, 2 * k + 1], instances: [0, 1] }));
}

/**
 * Message k of a run: the pair it goes to (round robin) and which member writes it. The writer
 * alternates per pair from one round to the next, so both directions (instance 0 → 1 and 1 → 0)
 * carry half the messages and a pair never has two messages of one round.
 */
export function messageSlot(k, pairs) {
  const pair = k % pairs;
  const round = Math.floor(k / pairs);
  return { pair, writer: (round + pair) % 2 };
}

/** Nearest-rank percentile of an ascending array (null when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

const round1 = (n) => (n == null ? null : Math.round(n * 10) / 10);

/** { count, p50Ms, p95Ms, p99Ms, maxMs } of latencies in ms (one decimal). */
export function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.length ? sorted[sorted.length - 1] : null),
  };
}

/**
 * Every message sent and every 'message.posted' event a socket heard. A message is registered
 * (`sent`) just before its HTTP request with the sockets that must hear it — every member socket
 * of the conversation, the writer's own included — each with its instance; `answered` records the
 * HTTP outcome; `heard` each event as it arrives. `summary(keys)` counts, over those messages:
 *   expected  deliveries owed: (messages answered 2xx) × (their member sockets)
 *   delivered deliveries that came (the first event per message and socket)
 *   lost      owed and never heard; duplicated: events beyond the first for a message at a socket
 *   stray     events at a socket that is no member, or for a message this run never sent
 *   unanswered events for messages whose request failed (the server stored them anyway)
 * and the latencies from the request's start to each first event: `cross` at the sockets on the
 * other instance than the one the request went to, `same` on the same instance (the writer's own).
 */
export function createLedger() {
  /** key → { at, via, sockets: Map(socket → instance), counts: Map(socket → n), status, answerMs } */
  const messages = new Map();
  let strayUnknown = 0;
  const ledger = {
    sent(key, { at, via, sockets }) {
      if (messages.has(key)) throw new Error(`message ${key} registered twice`);
      messages.set(key, { at, via, sockets: new Map(sockets), counts: new Map(), cross: [], same: [], status: null, answerMs: null });
    },
    answered(key, status, answerMs) {
      const m = messages.get(key);
      if (m) {
        m.status = status;
        m.answerMs = answerMs;
      }
    },
    heard(socket, key, at) {
      const m = messages.get(key);
      if (!m) {
        strayUnknown++;
        return;
      }
      const n = (m.counts.get(socket) ?? 0) + 1;
      m.counts.set(socket, n);
      if (n !== 1 || !m.sockets.has(socket)) return;
      (m.sockets.get(socket) === m.via ? m.same : m.cross).push(at - m.at);
    },
    /** Whether every message of `keys` answered 2xx was heard at every member socket. */
    complete(keys) {
      for (const key of keys) {
        const m = messages.get(key);
        if (!m || m.status === null) return false;
        if (!ok(m.status)) continue;
        for (const s of m.sockets.keys()) if (!m.counts.get(s)) return false;
      }
      return true;
    },
    /** `since`: the window's start (performance.now()); adds the slowest other-instance delivery per second of sending. */
    summary(keys, { since } = {}) {
      let sentCount = 0;
      let answeredOk = 0;
      let failed = 0;
      let pending = 0;
      let expected = 0;
      let delivered = 0;
      let lost = 0;
      let duplicated = 0;
      let stray = 0;
      let unanswered = 0;
      const cross = [];
      const same = [];
      const answers = [];
      const statuses = {};
      const maxBySecond = [];
      for (const key of keys) {
        const m = messages.get(key);
        if (!m) continue;
        if (since !== undefined && m.cross.length) {
          const second = Math.max(0, Math.floor((m.at - since) / 1000));
          maxBySecond[second] = Math.max(maxBySecond[second] ?? 0, ...m.cross);
        }
        sentCount++;
        if (m.status === null) pending++;
        else {
          statuses[m.status] = (statuses[m.status] ?? 0) + 1;
          if (ok(m.status)) answeredOk++;
          else failed++;
          if (m.answerMs != null) answers.push(m.answerMs);
        }
        for (const [s, n] of m.counts) {
          if (!m.sockets.has(s)) stray += n;
          else if (n > 1) duplicated += n - 1;
        }
        if (m.status !== null && ok(m.status)) {
          for (const s of m.sockets.keys()) {
            expected++;
            if (m.counts.get(s)) delivered++;
            else lost++;
          }
        } else {
          for (const s of m.sockets.keys()) if (m.counts.get(s)) unanswered++;
        }
        for (const v of m.cross) cross.push(v);
        for (const v of m.same) same.push(v);
      }
      return {
        sent: sentCount,
        answeredOk,
        failed,
        pending,
        statuses,
        expected,
        delivered,
        lost,
        duplicated,
        stray,
        unanswered,
        crossInstance: latencySummary(cross),
        sameInstance: latencySummary(same),
        httpAnswer: latencySummary(answers),
        ...(since !== undefined && {
          crossInstanceMaxBySecondMs: Array.from(maxBySecond, (v) => (v === undefined ? null : Math.round(v))),
        }),
      };
    },
    /** Events for message keys this ledger never registered (another run's, or garbage). */
    get strayUnknown() {
      return strayUnknown;
    },
  };
  return ledger;
}

const ok = (status) => status >= 200 && status < 300;

/**
 * The highest offered rate whose window was kept up: at least `minShare` of the offered messages
 * sent and answered 2xx within the window, and every delivery exactly once (0 lost, 0 duplicated,
 * 0 stray, no failed request). Steps are { offeredPerSec, okPerSec, failed, lost, duplicated, stray }.
 * Answers { offeredPerSec, okPerSec } of that step, or null when none was.
 */
export function sustainedStep(steps, minShare = 0.95) {
  let best = null;
  for (const s of steps) {
    if (s.offeredPerSec == null) continue;
    const kept = s.okPerSec >= minShare * s.offeredPerSec && s.failed === 0 && s.lost === 0 && s.duplicated === 0 && s.stray === 0;
    if (kept && (!best || s.offeredPerSec > best.offeredPerSec)) best = s;
  }
  return best && { offeredPerSec: best.offeredPerSec, okPerSec: best.okPerSec };
}

/** KB (10^3 bytes) per connection from resident kB (KiB, as /proc says) before and after `connections` opened. */
export function perConnectionKB(beforeKiB, afterKiB, connections) {
  if (beforeKiB == null || afterKiB == null || !connections) return null;
  return round1(((afterKiB - beforeKiB) * 1024) / 1000 / connections);
}
