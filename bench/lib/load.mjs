// One scenario under load: a discarded warm-up (JIT, connection pools, caches), then the measured run.
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere.
 * Clock ticks are 1/100 s on Linux, so over a run of many seconds the error is small.
 */
export function cpuSeconds(pid) {
  const t = cpuTimes(pid);
  return t && t.user + t.system;
}

/** User and system (kernel) CPU seconds of a process, from /proc (Linux); null elsewhere. */
export function cpuTimes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 }; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/**
 * CPU seconds by pid of other processes that work for the server (PostgreSQL's backends), read
 * from /proc; only processes named `comm` count, so a pid from another PID namespace (a database
 * in a container) is never mistaken for one.
 */
export function cpuByPid(pids, comm) {
  const out = new Map();
  for (const pid of pids) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue;
    }
    const s = cpuSeconds(pid);
    if (s != null) out.set(pid, s);
  }
  return out;
}

/** CPU seconds spent between two cpuByPid snapshots: processes started in between count whole, ones that ended are missed. */
function cpuBetween(before, after) {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}

/** One request as autocannon sends it: its status and the answer's body size on the wire (compressed when it is). */
function probe(baseUrl, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), { method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bodyBytes: bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One autocannon run. `latencies`, when given, counts every answer's latency as autocannon's own
 * histogram records it (whole milliseconds, truncated; every status, as autocannon records them):
 * autocannon reports p50, p90, p97.5 and p99 but no p95.
 */
function run(opts, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.record(ms));
  });
}

/** Answers counted by whole millisecond; percentile(p) is the nearest-rank value, as HdrHistogram answers it. */
export function latencyHistogram() {
  const counts = [];
  let total = 0;
  return {
    record(ms) {
      const i = Math.max(0, Math.floor(ms));
      counts[i] = (counts[i] ?? 0) + 1;
      total++;
    },
    get total() {
      return total;
    },
    percentile(p) {
      if (total === 0) return null;
      const rank = Math.max(1, Math.ceil((p / 100) * total));
      let seen = 0;
      for (let i = 0; i < counts.length; i++) {
        seen += counts[i] ?? 0;
        if (seen >= rank) return i;
      }
      return counts.length - 1;
    },
  };
}

const round = (n, digits = 2) => (typeof n === 'number' && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/**
 * Measures `requests` against `baseUrl` for `durationSec` with `connections`.
 * `pid` is the server's process: the CPU it spends per request is measured too. Unlike req/s, that
 * figure hardly moves when other work shares the machine (it is the server's own time, not the
 * wall clock's), so it is the one to compare between runs. `database` ({ pids(), comm }) names the
 * database server's processes working for it (PostgreSQL's backends), measured the same way.
 * Returns the figures stored in latest.json for one scenario.
 */
export async function measure({ baseUrl, requests, connections, durationSec, warmupSec, pid, database }) {
  const base = { url: baseUrl, connections, pipelining: 1, timeout: 10, requests };
  const first = await probe(baseUrl, requests[0]);
  if (warmupSec > 0) await run({ ...base, duration: warmupSec });
  const dbBefore = database ? cpuByPid(await database.pids(), database.comm) : null;
  const timesBefore = pid ? cpuTimes(pid) : null;
  const latencies = latencyHistogram();
  const r = await run({ ...base, duration: durationSec }, latencies);
  const timesAfter = pid ? cpuTimes(pid) : null;
  const dbAfter = database ? cpuByPid(await database.pids(), database.comm) : null;
  const cpuBefore = timesBefore && timesBefore.user + timesBefore.system;
  const cpuAfter = timesAfter && timesAfter.user + timesAfter.system;
  const ok = r['2xx'];
  return {
    connections,
    durationSec: round(r.duration, 2),
    requests: r.requests.total,
    reqPerSec: round(r.requests.total / r.duration, 1),
    // what one answer weighs on the wire, headers included
    bytesPerResponse: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : null,
    // the first request's answer without its headers: what "an answer under 10 KB" means
    bodyBytes: first.bodyBytes,
    serverCpuUsPerRequest:
      cpuBefore != null && cpuAfter != null && r.requests.total > 0 ? round(((cpuAfter - cpuBefore) / r.requests.total) * 1e6, 1) : null,
    // the kernel's part of it (sending and receiving bytes): what grows with the answer's size,
    // and costs more on some virtual machines than on others
    serverKernelShare:
      timesBefore && timesAfter && cpuAfter > cpuBefore
        ? round((timesAfter.system - timesBefore.system) / (cpuAfter - cpuBefore), 3)
        : null,
    // the database server's share (PostgreSQL's backends for the server's database; an embedded
    // database runs inside the server's process and is in its figure): null when not measured
    dbCpuUsPerRequest:
      dbBefore && dbAfter?.size && r.requests.total > 0 ? round((cpuBetween(dbBefore, dbAfter) / r.requests.total) * 1e6, 1) : null,
    okPerSec: round(ok / r.duration, 1),
    p50Ms: round(r.latency.p50),
    p90Ms: round(r.latency.p90),
    // not in autocannon's percentiles: from the same answers, counted as autocannon counts them
    p95Ms: round(latencies.percentile(95)),
    p97_5Ms: round(r.latency.p97_5),
    p99Ms: round(r.latency.p99),
    maxMs: round(r.latency.max),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}
