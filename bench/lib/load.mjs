// One scenario under load: a discarded warm-up (JIT, connection pools, caches), then the measured run.
import autocannon from 'autocannon';

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const round = (n, digits = 2) => (typeof n === 'number' && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/**
 * Measures `requests` against `baseUrl` for `durationSec` with `connections`.
 * Returns the figures stored in latest.json for one scenario.
 */
export async function measure({ baseUrl, requests, connections, durationSec, warmupSec }) {
  const base = { url: baseUrl, connections, pipelining: 1, timeout: 10, requests };
  if (warmupSec > 0) await run({ ...base, duration: warmupSec });
  const r = await run({ ...base, duration: durationSec });
  const ok = r['2xx'];
  return {
    connections,
    durationSec: round(r.duration, 2),
    requests: r.requests.total,
    reqPerSec: round(r.requests.total / r.duration, 1),
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
