// One scenario under load: a discarded warm-up (JIT, connection pools, caches), then the measured run.
import fs from 'node:fs';
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

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const round = (n, digits = 2) => (typeof n === 'number' && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/**
 * Measures `requests` against `baseUrl` for `durationSec` with `connections`.
 * `pid` is the server's process: the CPU it spends per request is measured too. Unlike req/s, that
 * figure hardly moves when other work shares the machine (it is the server's own time, not the
 * wall clock's), so it is the one to compare between runs.
 * Returns the figures stored in latest.json for one scenario.
 */
export async function measure({ baseUrl, requests, connections, durationSec, warmupSec, pid }) {
  const base = { url: baseUrl, connections, pipelining: 1, timeout: 10, requests };
  if (warmupSec > 0) await run({ ...base, duration: warmupSec });
  const timesBefore = pid ? cpuTimes(pid) : null;
  const r = await run({ ...base, duration: durationSec });
  const timesAfter = pid ? cpuTimes(pid) : null;
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
    serverCpuUsPerRequest:
      cpuBefore != null && cpuAfter != null && r.requests.total > 0 ? round(((cpuAfter - cpuBefore) / r.requests.total) * 1e6, 1) : null,
    // the kernel's part of it (sending and receiving bytes): what grows with the answer's size,
    // and costs more on some virtual machines than on others
    serverKernelShare:
      timesBefore && timesAfter && cpuAfter > cpuBefore ? round((timesAfter.system - timesBefore.system) / (cpuAfter - cpuBefore), 3) : null,
    okPerSec: round(ok / r.duration, 1),
    p50Ms: round(r.latency.p50),
    p90Ms: round(r.latency.p90),
    p99Ms: round(r.latency.p99),
    maxMs: round(r.latency.max),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}
