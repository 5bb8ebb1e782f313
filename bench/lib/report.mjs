// The targets the issue sets (reported met/missed, never asserted) and the markdown report.
import os from 'node:os';
import { formatKB, KB, SIZE_TARGETS } from './sizes.mjs';
import { pushMarkdown } from '../push.mjs';
import { aiMarkdown } from '../ai.mjs';

export function describeMachine(extra = {}) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    ...extra,
  };
}

/** A page's LCP divided by the static reference's, from the same run (undefined when either is missing). */
export function lcpToReference(results, name, referenceName) {
  const find = (n) => results.lighthouse?.pages?.find((p) => p.name === n && !p.error);
  const lcp = find(name)?.lcpMs;
  const ref = referenceName ? find(referenceName)?.lcpMs : undefined;
  return typeof lcp === 'number' && typeof ref === 'number' && ref > 0 ? Number((lcp / ref).toFixed(2)) : undefined;
}

/**
 * The Lighthouse performance points page `name` scores below page `other` in the same run (negative
 * when it scores higher; undefined when either is missing).
 */
export function performanceDrop(results, name, other) {
  const find = (n) => results.lighthouse?.pages?.find((p) => p.name === n && !p.error)?.performance;
  const score = find(name);
  const otherScore = find(other);
  return typeof score === 'number' && typeof otherScore === 'number' ? otherScore - score : undefined;
}

/**
 * Every target: { id, label, op: 'max' | 'min', limit, unit, actual(results) }.
 * Scenario and Lighthouse page targets come from their entries in bench/scenarios.mjs.
 */
function targetList(results, scenarios, pages) {
  const page = (name) => results.lighthouse?.pages?.find((p) => p.name === name && !p.error);
  const largestPage = () => {
    const pages = results.bundle?.pages ?? [];
    if (!pages.length)
      return results.bundle?.lazy?.largest
        ? { value: results.bundle.lazy.largest.gzip, note: results.bundle.lazy.largest.name }
        : undefined;
    const p = pages.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    return { value: p.gzip, note: p.name };
  };
  const list = [
    {
      id: 'initial-js',
      label: 'initial JS ≤ 160 KB gzip',
      op: 'max',
      limit: SIZE_TARGETS.initialJs,
      unit: 'bytes',
      actual: () => results.bundle?.initial?.gzip,
    },
    {
      id: 'lazy-page',
      label: 'each lazy page ≤ 60 KB gzip (largest shown)',
      op: 'max',
      limit: SIZE_TARGETS.lazyPage,
      unit: 'bytes',
      actual: largestPage,
    },
  ];
  const categoryLabel = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best practices' };
  const reference = pages.find((p) => p.reference);
  for (const p of pages) {
    for (const [metric, limit] of Object.entries(p.targets ?? {})) {
      const id = `lighthouse-${p.name}-${metric}`;
      if (metric === 'tbtMs')
        list.push({
          id,
          label: `total blocking time ≤ ${limit} ms (${p.name})`,
          op: 'max',
          limit,
          unit: 'ms',
          actual: () => page(p.name)?.tbtMs,
        });
      else if (metric === 'cls')
        list.push({
          id,
          label: `cumulative layout shift ${limit} (${p.name})`,
          op: 'max',
          limit,
          unit: 'CLS',
          actual: () => page(p.name)?.cls,
        });
      else if (metric === 'lcpToReference')
        list.push({
          id,
          label: `LCP ≤ ${limit} × the static reference's (${p.name})`,
          op: 'max',
          limit,
          unit: 'ratio',
          actual: () => lcpToReference(results, p.name, reference?.name),
        });
      else if (metric === 'performanceDrop')
        // against another page of the same run (the overlay host page: the same page without the overlay)
        list.push({
          id,
          label: `${p.comparedWith.what} performance within ${limit} points of ${p.comparedWith.of} (${p.name} vs ${p.comparedWith.page}, same run)`,
          op: 'max',
          limit,
          unit: 'points',
          actual: () => performanceDrop(results, p.name, p.comparedWith.page),
        });
      else
        list.push({
          id,
          label: `Lighthouse ${categoryLabel[metric] ?? metric} ${limit === 100 ? '100' : `≥ ${limit}`} (${p.name})`,
          op: 'min',
          limit,
          unit: 'score',
          actual: () => page(p.name)?.[metric],
        });
    }
  }
  for (const s of scenarios) {
    for (const [i, t] of (s.targets ?? []).entries()) {
      const unit =
        t.metric === 'ratioToBaseline' || t.metric === 'cpuRatioToBaseline'
          ? 'ratio'
          : t.metric.endsWith('Ms')
            ? 'ms'
            : t.metric === 'serverCpuUsPerRequest'
              ? 'µs'
              : ['errors', 'timeouts', 'non2xx'].includes(t.metric)
                ? 'count'
                : 'req/s';
      list.push({
        id: `${s.name}-${t.metric}-${i}`,
        label: t.label,
        op: t.max !== undefined ? 'max' : 'min',
        limit: t.max ?? t.min,
        unit,
        actual: () => results.scenarios?.find((r) => r.name === s.name && !r.error)?.[t.metric],
      });
    }
  }
  // the issue's bounds for the embedded server (PGlite), idle: after start and after its load
  list.push(
    {
      id: 'embedded-memory-start',
      label: 'embedded server (PGlite) resident memory idle after start ≤ 350 MB',
      op: 'max',
      limit: 350,
      unit: 'MB',
      actual: () => results.memory?.embedded?.afterStart?.rssMB,
    },
    {
      id: 'embedded-memory-after-load',
      label: 'embedded server (PGlite) resident memory idle after its benchmark ≤ 450 MB',
      op: 'max',
      limit: 450,
      unit: 'MB',
      actual: () => results.memory?.embedded?.afterLoad?.rssMB,
    },
  );
  list.push({
    id: 'cold-start',
    label: 'cold start ≤ 3 s (empty DATA_DIR)',
    op: 'max',
    limit: 3000,
    unit: 'ms',
    actual: () => results.coldStart?.firstStartMs,
  });
  // issue 13: restarts on a database that exists
  list.push(
    {
      id: 'restart-embedded',
      label: 'restart ≤ 2 s (existing embedded database)',
      op: 'max',
      limit: 2000,
      unit: 'ms',
      actual: () => results.coldStart?.reopenMs,
    },
    {
      id: 'restart-after-kill',
      label: 'restart ≤ 5 s after kill -9 (embedded database)',
      op: 'max',
      limit: 5000,
      unit: 'ms',
      actual: () => results.coldStart?.afterKillMs,
    },
    {
      id: 'restart-postgres',
      label: 'restart ≤ 2 s (existing PostgreSQL database)',
      op: 'max',
      limit: 2000,
      unit: 'ms',
      actual: () => results.coldStart?.postgresRestartMs,
    },
  );
  // the messaging benchmark (bench/messaging.mjs): two instances, 1,000 sockets, its own servers
  const msg = results.messaging && !results.messaging.skipped && !results.messaging.error ? results.messaging : null;
  const rate = msg?.latency?.offeredPerSec ?? msg?.options?.latencyRate;
  const sockets = (msg?.sockets?.connected ?? 1000).toLocaleString('en');
  list.push(
    {
      id: 'messaging-latency-p99',
      label: `message send → 'message.posted' at the other member's socket on the other instance: p99 ≤ 300 ms (${rate ?? '–'} messages/s, ${sockets} sockets on 2 instances)`,
      op: 'max',
      limit: 300,
      unit: 'ms',
      actual: () => msg?.latency?.p99Ms,
    },
    {
      id: 'messaging-overview-p95',
      label: `GET /api/messageoverview/list of a user with ${msg?.overview?.conversations ?? 500} conversations: p95 ≤ 100 ms (1 connection)`,
      op: 'max',
      limit: 100,
      unit: 'ms',
      actual: () => msg?.overview?.runs?.[0]?.p95Ms,
    },
    {
      id: 'messaging-lost',
      label: "messages lost: 0 (every message at every member socket, the writer's own included, in every window)",
      op: 'max',
      limit: 0,
      unit: 'count',
      actual: () => msg?.totals?.lost,
    },
    {
      id: 'messaging-duplicated',
      label: 'messages duplicated: 0 (no message twice at a socket, none at a socket outside its conversation)',
      op: 'max',
      limit: 0,
      unit: 'count',
      actual: () => (msg?.totals ? msg.totals.duplicated + msg.totals.stray + msg.totals.strayUnknown : undefined),
    },
  );
  // the push benchmark (bench/push.mjs)
  const push = results.push && !results.push.skipped && !results.push.error ? results.push : null;
  list.push(
    {
      id: 'push-latency-p95',
      label: `message → push service: p95 ≤ 5 s (${push ? `${push.notices.toLocaleString('en')} notices to ${push.devices.toLocaleString('en')} devices at once` : 'not run'})`,
      op: 'max',
      limit: 5000,
      unit: 'ms',
      actual: () => push?.latencyMs?.p95,
    },
    { id: 'push-lost', label: 'push notices lost: 0', op: 'max', limit: 0, unit: 'count', actual: () => push?.lost },
    { id: 'push-duplicated', label: 'push notices duplicated: 0', op: 'max', limit: 0, unit: 'count', actual: () => push?.duplicated },
  );
  // the AI assistant benchmark (bench/ai.mjs)
  const ai = results.ai && !results.ai.skipped && !results.ai.error ? results.ai : null;
  list.push(
    {
      id: 'ai-overhead-p95',
      label: `AI completion: server overhead to the first streamed piece, p95 ≤ 20 ms (${ai ? `${ai.firstPieceMs.server.n} streams, ${ai.streams} at once` : 'not run'})`,
      op: 'max',
      limit: 20,
      unit: 'ms',
      actual: () => ai?.overheadMs?.p95,
    },
    {
      id: 'ai-translate-all',
      label: `Translate to all languages: ≤ 13 × the provider's delay (${ai ? `${ai.translation.languages} languages, ${ai.delayMs} ms each` : 'not run'})`,
      op: 'max',
      limit: 13,
      unit: 'times',
      actual: () => ai?.translation?.delays,
    },
  );
  return list;
}

export function format(value, unit) {
  if (value == null) return '–';
  if (unit === 'bytes') return formatKB(value);
  if (unit === 'ratio') return `${(value * 100).toFixed(1)} %`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 'µs') return `${Number(value.toFixed(1))} µs`;
  if (unit === 'MB') return `${Number(value.toFixed(1))} MB`;
  if (unit === 'score') return String(value);
  if (unit === 'points') return `${value} points`;
  if (unit === 'times') return `${value} × the delay`;
  return String(value);
}

/** Evaluates the targets: [{ id, label, limit, actual, met, missedBy, note }]. */
export function evaluateTargets(results, scenarios, pages = []) {
  return targetList(results, scenarios, pages).map((t) => {
    const raw = t.actual();
    const actual = raw && typeof raw === 'object' ? raw.value : raw;
    const note = raw && typeof raw === 'object' ? raw.note : undefined;
    if (actual == null) return { id: t.id, label: t.label, unit: t.unit, limit: t.limit, actual: null, met: null, missedBy: null };
    const met = t.op === 'max' ? actual <= t.limit : actual >= t.limit;
    const missedBy = met ? 0 : Math.abs(actual - t.limit);
    return { id: t.id, label: t.label, unit: t.unit, limit: t.limit, actual, met, missedBy, ...(note && { note }) };
  });
}

const cell = (v) => (v == null ? '–' : String(v));

/** The targets as a markdown table: target, actual, met / **missed** by how much / not measured. */
export function targetsTable(targets) {
  const out = ['| target | actual | result |', '|---|---|---|'];
  for (const t of targets) {
    const result =
      t.met == null
        ? 'not measured'
        : t.met
          ? 'met'
          : `**missed** by ${t.unit === 'ratio' ? `${(t.missedBy * 100).toFixed(1)} percentage points` : format(t.missedBy, t.unit)}`;
    out.push(`| ${t.label} | ${format(t.actual, t.unit)}${t.note ? ` (${t.note})` : ''} | ${result} |`);
  }
  return out;
}

/** The report's messaging section (bench/messaging.mjs): windows, overview, connections and memory. */
export function messagingSection(r) {
  const m = r.messaging;
  const out = ['## Messaging (2 instances, 1 PostgreSQL database, Redis, WebSocket fan-out)', ''];
  if (!m) return [];
  if (m.skipped) return [...out, `Skipped (${m.reason}).`, ''];
  if (m.error) return [...out, `Failed: ${m.error}`, ''];
  const o = m.options;
  const ms = (v) => (v == null ? '–' : `${v} ms`);
  const us = (v) => (v == null ? '–' : `${v} µs`);
  out.push(
    `\`bench/messaging.mjs\`: ${m.instances} instances of the built server on ${m.database}, Redis ${m.redis}. ` +
      `${m.sockets.connected.toLocaleString('en')} WebSocket clients (${m.sockets.perInstance.join(' + ')} per instance), one per user, ` +
      `in ${(m.sockets.connected / 2).toLocaleString('en')} direct conversations of two friends whose members sit on different instances; ` +
      `the benchmark process holds every socket and sends every request (on the same ${r.machine?.cores ?? ''} cores as the servers, PostgreSQL and Redis). ` +
      `Data: ${Object.entries(m.dataset.summary)
        .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
        .join(', ')} in ${(m.dataset.ms / 1000).toFixed(1)} s (users, sessions and friendships by SQL, conversations through the API). ` +
      `Server limits set explicitly, none raised: ${Object.entries(m.serverLimits)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}.`,
    '',
    `Each message is \`POST /api/conversation/{id}/messages\` (text and a \`clientId\`, as the web app sends) to the writer's own instance; the pairs take turns and the writer alternates, so half the messages go each way. ` +
      `Latency runs from just before the request to the \`message.posted\` event at the other member's socket on the other instance (and, second, at the writer's own socket). ` +
      `Every message is counted at both member sockets: lost = owed by a 2xx answer and never heard; duplicated = heard twice; stray = heard outside its conversation. ` +
      `Open loop: message k due at k / rate s, at most ${o.maxInFlight} requests in flight; a ${o.windowSec} s window each, then up to ${o.drainMs / 1000} s for what is under way. ` +
      `Closed loop: ${o.senders} senders, each sending when its last was answered. CPU per message: user + system of both servers / PostgreSQL's backends / the benchmark process, over the window and its drain.`,
    '',
    '| window | sent 2xx/s | failed | deliveries | lost | duplicated | stray | other instance p50 / p95 / p99 | own socket p50 / p99 | HTTP answer p50 / p99 | servers CPU per message | PostgreSQL CPU per message | benchmark CPU per message | benchmark loop delay p99 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const w of [...(m.warmup ? [{ ...m.warmup, warmup: true }] : []), ...m.windows]) {
    const name = w.warmup
      ? `warm-up, ${w.offeredPerSec} msg/s, ${w.windowSec} s (not in the verdicts but counted in lost / duplicated)`
      : w.kind === 'open'
        ? `${w.offeredPerSec} msg/s offered, ${w.windowSec} s${w.behindMax > 0 ? ` (fell behind by up to ${w.behindMax})` : ''}`
        : `closed loop, ${w.senders} senders, ${w.windowSec} s`;
    out.push(
      `| ${name} | ${w.okPerSec} | ${w.failed} | ${w.delivered.toLocaleString('en')} of ${w.expected.toLocaleString('en')} | ${w.lost} | ${w.duplicated} | ${w.stray} | ` +
        `${w.crossInstance.p50Ms} / ${w.crossInstance.p95Ms} / ${ms(w.crossInstance.p99Ms)} | ${w.sameInstance.p50Ms} / ${ms(w.sameInstance.p99Ms)} | ${w.httpAnswer.p50Ms} / ${ms(w.httpAnswer.p99Ms)} | ` +
        `${us(w.serversUsPerMessage)} | ${us(w.postgresUsPerMessage)} | ${us(w.benchUsPerMessage)} | ${ms(w.benchLoopDelayP99Ms)} |`,
    );
  }
  out.push(
    '',
    `Load average (1 min): ${cell(m.loadAverage?.before)} before the messaging benchmark, ${cell(m.loadAverage?.after)} at its end (its own two servers, PostgreSQL and load generator count in it; well above ${r.machine?.cores ?? 2} means other work shared the cores and the latencies are high). ` +
      `The slowest other-instance delivery per second of each window is \`crossInstanceMaxBySecondMs\` in the JSON.`,
    '',
    `**Sustained**: ${m.sustained ? `${m.sustained.offeredPerSec} messages/s offered, ${m.sustained.okPerSec}/s sent and delivered` : 'no window'} — the highest offered rate of which at least 95 % was sent and answered 2xx within its window, every delivery exactly once. ` +
      (m.closedLoop
        ? `Closed loop (${m.closedLoop.senders} senders): ${m.closedLoop.okPerSec} messages/s, ${m.closedLoop.lost} lost, ${m.closedLoop.duplicated} duplicated.`
        : ''),
    '',
  );
  if (m.sendFailures?.length)
    out.push(`Failed requests (first ${m.sendFailures.length}): ${m.sendFailures.map((f) => `\`${f}\``).join(', ')}`, '');

  out.push(
    `### GET ${m.overview.path} (a user with ${m.overview.conversations} conversations)`,
    '',
    `Instance 0, the sockets connected and idle; autocannon after a 2 s warm-up. The user's conversations hold ${o.hubMessagesPerConversation} messages each; a fifth of them have unread ones.`,
    '',
    '| connections | req/s | p50 | p95 | p99 | errors | non-2xx | server CPU per request | PostgreSQL CPU per request |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...m.overview.runs.map(
      (x) =>
        `| ${x.connections} | ${x.reqPerSec} | ${x.p50Ms} ms | ${x.p95Ms} ms | ${x.p99Ms} ms | ${x.errors} | ${x.non2xx} | ${us(x.serverCpuUsPerRequest)} | ${us(x.dbCpuUsPerRequest)} |`,
    ),
    '',
    '### Connections and memory',
    '',
    `Resident memory (VmRSS, MB = 10^6 bytes) of each server process idle before its sockets connected and after (3 s settled, then the median of 8 samples over 2 s); per connection = the difference ÷ its sockets (KB = 1000 bytes). ` +
      `${m.sockets.connected.toLocaleString('en')} sockets authenticated in ${(m.sockets.connectMs / 1000).toFixed(1)} s (50 at a time; open → ready p50 ${m.sockets.auth.p50Ms} ms, p99 ${m.sockets.auth.p99Ms} ms); ` +
      `both servers idle with them: ${m.sockets.idleServersCpuShare == null ? '–' : `${(m.sockets.idleServersCpuShare * 100).toFixed(1)} % of a core`} (in the CPU per message of the slow windows too); ` +
      `open at the end: ${m.sockets.openAtEnd.toLocaleString('en')}; closed by the servers during the run: ${Object.keys(m.sockets.closedDuringRun).length ? JSON.stringify(m.sockets.closedDuringRun) : 'none'}; repeated 'ready' (resync): ${m.sockets.resyncs}.`,
    '',
    `Both instances together: ${cell(m.perConnectionKB)} KB per connection (one instance's figure moves by a few MB with the moment its garbage collector last ran).`,
    '',
    '| instance | sockets | before | with its sockets | per connection | after the windows | peak |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...m.memory.map(
      (x) =>
        `| ${x.instance} | ${x.sockets} | ${cell(x.beforeMB)} MB | ${cell(x.afterMB)} MB | ${cell(x.perConnectionKB)} KB | ${cell(x.afterLoadMB)} MB | ${cell(x.peakMB)} MB |`,
    ),
    '',
  );
  const logs = m.serverLog ?? [];
  if (logs.some((l) => l.warn || l.error))
    out.push(
      `Server log (level warn): ${logs.map((l, i) => `instance ${i}: ${l.warn} warnings, ${l.error} errors`).join('; ')}. Last: ${logs
        .flatMap((l) => l.last)
        .slice(-3)
        .map((l) => `\`${l.replace(/`/g, "'")}\``)
        .join(' ')}`,
      '',
    );
  return out;
}

/** The report's Lighthouse section: a row per page, its LCP beside the static reference's. */
export function lighthouseSection(r) {
  const out = ['## Web (Lighthouse 13, mobile preset)', ''];
  if (r.lighthouse?.skipped) out.push(`Skipped (${r.lighthouse.reason}).`, '');
  else if (r.lighthouse?.error) out.push(`Failed: ${r.lighthouse.error}`, '');
  else if (r.lighthouse) {
    const referenceName = r.lighthouse.referencePage;
    out.push(`Median of ${r.lighthouse.runsPerPage} run(s) per page by performance score.`, '');
    if (referenceName)
      out.push(
        `The static reference (${referenceName}) is the login page as plain HTML with the app's stylesheet and no JavaScript, served by the same server in the same run; app pages aim at an LCP of at most 1.25 × its LCP.`,
        '',
      );
    out.push(
      '| page | performance | accessibility | best practices | LCP | LCP ÷ reference | TBT | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const p of r.lighthouse.pages) {
      if (p.error && p.performance == null) out.push(`| ${p.name} | error: ${p.error} | | | | | | |`);
      else
        out.push(
          `| ${p.name} (${new URL(p.url).pathname})${p.error ? ` ⚠ ${p.error}` : ''} | ${cell(p.performance)} | ${cell(p.accessibility)} | ${cell(p.bestPractices)} | ${cell(p.lcpMs)} ms | ${p.name === referenceName ? 'reference' : cell(lcpToReference(r, p.name, referenceName))} | ${cell(p.tbtMs)} ms | ${cell(p.cls)} |`,
        );
    }
    const failing = r.lighthouse.pages.filter(
      (p) => p.failingAudits && (p.failingAudits.accessibility.length || p.failingAudits.bestPractices.length),
    );
    if (failing.length) {
      out.push('');
      for (const p of failing)
        out.push(
          `- ${p.name}: failing audits — accessibility: ${p.failingAudits.accessibility.join(', ') || 'none'}; best practices: ${p.failingAudits.bestPractices.join(', ') || 'none'}`,
        );
    }
    out.push('');
  }
  return out;
}

export function markdown(r) {
  const m = r.machine;
  const out = [];
  out.push(`# Spotlist benchmark`, '');
  out.push(
    `${r.date} · ${r.mode} run · ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB RAM · Node ${m.node} · ${m.os}` +
      `${m.postgres ? ` · PostgreSQL ${m.postgres}` : ''}${r.lighthouse?.chromium ? ` · ${r.lighthouse.chromium}` : ''}`,
    '',
    `Command: \`${r.command}\``,
    '',
    `Load average (1 min) before the run: ${m.loadAverageBefore ?? '–'}${m.loadAverageBefore > m.cores / 2 ? ' — other work was using the CPU, so figures may be low' : ''}.`,
    '',
  );

  out.push('## Targets (reported, not asserted)', '', ...targetsTable(r.targets), '');

  out.push(
    `## API under load`,
    '',
    `autocannon in the benchmark process against the server's process; ${r.config.durationSec} s per scenario after a discarded ${r.config.warmupSec} s warm-up. ` +
      `Server on PostgreSQL${r.machine.redis === 'yes' ? ' with Redis' : r.machine.redis === 'no' ? ' without Redis (no session or answer caches)' : ''} (fresh database, ${Object.entries(
        r.dataset.summary,
      )
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')} seeded in ${(r.dataset.ms / 1000).toFixed(1)} s).` +
      (r.embedded?.dataset
        ? ` Scenarios on server \`embedded\`: a second server on embedded PGlite (temporary DATA_DIR, no Redis) with the machine to itself, ${Object.entries(
            r.embedded.dataset.summary,
          )
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')} seeded in ${(r.embedded.dataset.ms / 1000).toFixed(1)} s.`
        : r.embedded?.error
          ? ` The embedded server failed: ${r.embedded.error}`
          : '') +
      (r.social?.dataset
        ? ` Scenarios on server \`social\`: another server on a PostgreSQL database of its own${r.machine.redis === 'yes' ? ' with Redis' : ''}, with the machine to itself, ${Object.entries(
            r.social.dataset.summary,
          )
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')} seeded in ${(r.social.dataset.ms / 1000).toFixed(1)} s.`
        : r.social?.error
          ? ` The social server failed: ${r.social.error}`
          : ''),
    '',
    'p95 is counted from the same answers as autocannon counts its percentiles (whole milliseconds; autocannon has no p95 of its own). ' +
      'Bytes per answer are headers included (the body alone in brackets, from one request before the warm-up). ' +
      "Server CPU per request is the server process's own (with an embedded database, its work too); PostgreSQL's backends for the benchmark database are the last column (a local PostgreSQL only).",
    '',
    '| scenario | connections | req/s | p50 | p95 | p99 | errors | non-2xx | vs baseline | bytes per answer | server CPU per request | vs baseline by CPU | kernel share of that CPU | PostgreSQL CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  // under 1 % (the suggestions' share of the bare route): two significant digits, not 0.0 %
  const pct = (v) => (v == null ? '–' : v > 0 && v < 0.01 ? `${Number((v * 100).toPrecision(2))} %` : `${(v * 100).toFixed(1)} %`);
  for (const s of r.scenarios) {
    if (s.error) {
      out.push(`| ${s.name} | ${s.connections ?? '–'} | error: ${s.error} | | | | | | | | | | | |`);
      continue;
    }
    out.push(
      `| ${s.name} — ${s.title} | ${s.connections} | ${Math.round(s.reqPerSec)} | ${s.p50Ms} ms | ${cell(s.p95Ms)} ms | ${s.p99Ms} ms | ${s.errors} | ${s.non2xx} | ${pct(s.ratioToBaseline)} | ${s.bytesPerResponse ?? '–'}${s.bodyBytes == null ? '' : ` (body ${s.bodyBytes})`} | ${s.serverCpuUsPerRequest == null ? '–' : `${s.serverCpuUsPerRequest} µs`} | ${pct(s.cpuRatioToBaseline)} | ${s.serverKernelShare == null ? '–' : pct(s.serverKernelShare)} | ${s.dbCpuUsPerRequest == null ? '–' : `${s.dbCpuUsPerRequest} µs`} |`,
    );
  }
  out.push('');

  const mem = r.memory;
  if (mem?.embedded || mem?.postgres) {
    const row = (server, moment, m) => `| ${server} | ${moment} | ${cell(m?.rssMB)} MB | ${cell(m?.peakRssMB)} MB |`;
    out.push(
      '## Server memory',
      '',
      `Resident memory of the server's process from /proc/<pid>/status (MB = 10^6 bytes): VmRSS at that moment, and VmHWM, the most it has been resident since it started. "Idle": ${(mem.embedded?.settleMs ?? 3000) / 1000} s without requests.`,
      '',
      '| server | when | resident | peak so far |',
      '|---|---|---:|---:|',
    );
    if (mem.embedded) {
      out.push(row('embedded (PGlite)', 'idle after start (after its first answer)', mem.embedded.afterStart));
      out.push(row('embedded (PGlite)', 'idle after its load scenarios', mem.embedded.afterLoad));
    }
    if (mem.postgres)
      out.push(row('on PostgreSQL', `after its load scenarios${r.lighthouse?.skipped ? '' : ' and Lighthouse'}`, mem.postgres.afterRun));
    out.push('');
  }

  out.push(...messagingSection(r));

  if (r.push && !r.push.skipped) {
    out.push('## Push notifications (bench/push.mjs)', '');
    if (r.push.error) out.push(`Not measured: ${r.push.error}`, '');
    else out.push(pushMarkdown(r.push));
  }

  if (r.ai && !r.ai.skipped) {
    out.push('## AI assistant (bench/ai.mjs)', '');
    if (r.ai.error) out.push(`Not measured: ${r.ai.error}`, '');
    else out.push(aiMarkdown(r.ai));
  }

  out.push(...lighthouseSection(r));

  const b = r.bundle;
  out.push('## Bundle (gzip level 9, 1 KB = 1000 bytes)', '');
  if (b?.error) out.push(`Not measured: ${b.error}`, '');
  else if (b) {
    out.push(
      `Initial JS: **${formatKB(b.initial.gzip)}** in ${b.initial.files.length} file(s) (${formatKB(b.initial.raw)} raw); initial CSS ${formatKB(b.css.gzip)}; index.html ${formatKB(b.html.gzip)}.`,
      '',
      '| chunk | kind | gzip | raw |',
      '|---|---|---:|---:|',
    );
    for (const f of b.initial.files) out.push(`| ${f.file} | initial | ${formatKB(f.gzip)} | ${formatKB(f.raw)} |`);
    for (const f of [...b.lazy.files].sort((x, y) => y.gzip - x.gzip))
      out.push(`| ${f.file} | lazy | ${formatKB(f.gzip)} | ${formatKB(f.raw)} |`);
    if (b.pages.length) {
      out.push('', '| page (chunk + its lazy imports) | gzip |', '|---|---:|');
      for (const p of b.pages) out.push(`| ${p.name} (${p.files.length} file${p.files.length > 1 ? 's' : ''}) | ${formatKB(p.gzip)} |`);
    }
    out.push('');
  }

  const c = r.coldStart;
  out.push('## Cold start (built server, embedded PGlite)', '');
  if (c?.skipped) out.push(`Skipped (${c.reason}).`, '');
  else if (c?.error) out.push(`Failed: ${c.error}`, '');
  else if (c) {
    out.push(
      'Spawn → first successful GET /api/api/info.',
      '',
      '| start | until first answer | server-reported ready |',
      '|---|---:|---:|',
      `| empty DATA_DIR (create, migrate, seed) | ${c.firstStartMs} ms | ${cell(c.firstStartServerReportedMs)} ms |`,
      `| same folder again (reopen) | ${c.reopenMs} ms | ${cell(c.reopenServerReportedMs)} ms |`,
      `| same folder after kill -9 of the reopened server | ${cell(c.afterKillMs)} ms | ${cell(c.afterKillServerReportedMs)} ms |`,
      `| PostgreSQL, existing migrated database | ${cell(c.postgresRestartMs)} ms | ${cell(c.postgresRestartServerReportedMs)} ms |`,
      '',
    );
  }
  return out.join('\n');
}

export { KB };
