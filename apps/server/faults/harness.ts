// The faults suite's tools: the built server as a child process, an HTTP client that tells a
// reset from an answer, and PostgreSQL and Redis instances of the suite's own (never the machine's).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built server; FAULTS_SERVER_MAIN runs the suite against another build (the one before a fix, say). */
export const SERVER_MAIN = process.env.FAULTS_SERVER_MAIN ?? path.join(ROOT, 'apps/server/dist/main.js');
export const PASSWORD = 'faults-test-password-1';
const SECRET = 'faults-secret-faults-secret-faults-secret-0123';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A temporary folder, removed by `cleanup()`. */
export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `spotlist-faults-${tag}-`));
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// the server

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** What the process printed (stdout and stderr). */
  output(): string;
  /** Resolves when the process is gone: its code or signal and when (Date.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGTERM and wait for the exit (SIGKILL after `killAfterMs`). */
  stop(killAfterMs?: number): Promise<void>;
  kill9(): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * Starts the built server (`node apps/server/dist/main.js`, as `npm start` does) with only `env`
 * and a few basics (never the shell's DATABASE_URL, REDIS_URL …); resolves once it is ready.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!])),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SECRET,
      ADMIN_PASSWORD: 'faults-admin-password-1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const proc: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop(killAfterMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        await exited;
        clearTimeout(timer);
      }
      running.delete(proc);
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      running.delete(proc);
    },
  };
  running.add(proc);
  const end = Date.now() + timeoutMs;
  while (!/Spotlist is ready on/.test(out)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited before it was ready:\n${out.slice(-3000)}`);
    if (Date.now() > end) {
      await proc.kill9();
      throw new Error(`the server was not ready after ${timeoutMs} ms:\n${out.slice(-3000)}`);
    }
    await sleep(20);
  }
  return proc;
}

/** Kills every server this file started that is still running (afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill9()));
}

// ---------------------------------------------------------------------------------------------
// HTTP: an answer, or what went wrong on the wire

/** What the suite reads of an API answer's JSON. */
export interface Answer {
  key?: string;
  id?: number;
  name?: string;
  authtoken?: string;
  list?: { id: number; name?: string }[];
}

export type Outcome =
  | { kind: 'answer'; status: number; headers: http.IncomingHttpHeaders; body: string; ms: number; json(): Answer }
  /** the connection was refused: the request never reached the server */
  | { kind: 'refused'; ms: number; code: string }
  /** the request was sent and the connection was reset or closed without an answer */
  | { kind: 'reset'; ms: number; code: string; message: string }
  | { kind: 'timeout'; ms: number };

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (give its content-type in `headers`). */
  payload?: Buffer;
  headers?: Record<string, string>;
  /** A keep-alive agent to reuse connections; a new connection (Connection: close) without. */
  agent?: http.Agent;
  timeoutMs?: number;
  /** Called once the whole request is written to the socket. */
  onSent?: () => void;
}

/** One request; never throws: the outcome says whether it was answered, refused or reset. */
export function call(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Outcome> {
  const started = Date.now();
  const ms = () => Date.now() - started;
  const payload = opts.body === undefined ? opts.payload : Buffer.from(JSON.stringify(opts.body));
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (payload) headers['content-length'] = String(payload.length);
  if (opts.token) headers['x-auth-token'] = opts.token;
  Object.assign(headers, opts.headers);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = http.request(`${base}${url}`, { method, headers, agent: opts.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        settle({ kind: 'answer', status: res.statusCode!, headers: res.headers, body, ms: ms(), json: () => JSON.parse(body) });
      });
      res.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'reset', ms: ms(), code: err.code ?? 'ERR', message: err.message }));
    });
    const timer = setTimeout(() => {
      settle({ kind: 'timeout', ms: ms() });
      req.destroy();
    }, opts.timeoutMs ?? 30_000);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? 'ERR';
      settle(code === 'ECONNREFUSED' ? { kind: 'refused', ms: ms(), code } : { kind: 'reset', ms: ms(), code, message: err.message });
    });
    req.on('finish', () => opts.onSent?.());
    req.end(payload);
  });
}

/** A short label of an outcome, for counting: `200`, `503 error.unavailable`, `reset ECONNRESET` … */
export function label(o: Outcome): string {
  if (o.kind !== 'answer') return `${o.kind}${'code' in o ? ` ${o.code}` : ''}`;
  if (o.status < 400) return String(o.status);
  try {
    return `${o.status} ${o.json().key}`;
  } catch {
    return `${o.status} (not json)`;
  }
}

export function countBy<T>(items: T[], by: (t: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of items) counts[by(t)] = (counts[by(t)] ?? 0) + 1;
  return counts;
}

/** Throws unless `o` is an answer with `status`; returns its JSON. */
export function expectAnswer(o: Outcome, status = 200): Answer {
  if (o.kind !== 'answer' || o.status !== status)
    throw new Error(`expected ${status}, got ${label(o)}${o.kind === 'answer' ? `: ${o.body.slice(0, 300)}` : ''}`);
  return o.json();
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(name: string, file: Buffer, filename: string, contentType: string) {
  const boundary = `----faults${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface User {
  email: string;
  token: string;
  id: number;
}

/** Signs a user up through the API. */
export async function signup(base: string, tag = 'user'): Promise<User> {
  const email = `${tag}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@faults.spotlist`;
  const user = expectAnswer(
    await call(base, 'POST', '/api/signup', { body: { email, password: PASSWORD, accountType: { id: 1 }, termsaccepted: true } }),
  );
  return { email, token: user.authtoken!, id: user.id! };
}

export async function login(base: string, email: string, agent?: http.Agent): Promise<string> {
  return expectAnswer(await call(base, 'POST', '/api/login', { body: { email, password: PASSWORD }, agent })).authtoken!;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis of the suite's own

/** The folder holding initdb and pg_ctl: PATH first, then /usr/lib/postgresql/<newest>/bin; null when none. */
export function postgresBin(): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  for (const dir of [...dirs, ...versions]) {
    if (['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(dir, b)))) {
      // /usr/local/bin/pg_ctl may be a link into the versioned folder: use the real one, so pg_ctl finds postgres
      return path.dirname(fs.realpathSync(path.join(dir, 'pg_ctl')));
    }
  }
  return null;
}

export function redisBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (fs.existsSync(path.join(dir, 'redis-server'))) return path.join(dir, 'redis-server');
  }
  return null;
}

/**
 * PostgreSQL refuses to run as root: as root, the suite runs it as the `postgres` user (or
 * `nobody`) in a folder given to that user. Undefined when not root.
 */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const f = passwd.find((l) => l.startsWith(`${name}:`))?.split(':');
    if (f) return { uid: Number(f[2]), gid: Number(f[3]) };
  }
  throw new Error('running as root and no postgres or nobody user to run PostgreSQL as');
}

export interface Postgres {
  port: number;
  /** postgres://…/postgres of this instance */
  url: string;
  /** A new database on it; its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: sessions are ended, nothing committed is lost. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediately) and removes its folder. */
  destroy(): void;
}

/** A PostgreSQL of the suite's own: initdb into a temporary folder, a free port, trust auth. */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('initdb / pg_ctl not found');
  const owner = postgresUser();
  const dir = tempDir('pg');
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(bin, cmd), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...(owner ?? {}) });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out}`))));
    });
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const pg: Postgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async createDatabase(name) {
      const { default: pgClient } = await import('pg');
      const c = new pgClient.Client({ connectionString: pg.url });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    destroy() {
      spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { cwd: dir, stdio: 'ignore', ...(owner ?? {}) });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  // a last resort: never leave a PostgreSQL of ours behind
  process.once('exit', () => pg.destroy());
  return pg;
}

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** A redis-server of the suite's own on a free port, nothing saved to disk. */
export async function startRedis(): Promise<RedisServer> {
  const bin = redisBin();
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  const dir = tempDir('redis');
  let child: ChildProcess | null = null;
  const redis: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const c = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      let out = '';
      c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      c.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const end = Date.now() + 10_000;
      while (!/Ready to accept connections/.test(out)) {
        if (c.exitCode !== null) throw new Error(`redis-server exited:\n${out}`);
        if (Date.now() > end) throw new Error(`redis-server not ready:\n${out}`);
        await sleep(20);
      }
    },
    async destroy() {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await gone;
    },
  };
  await redis.start();
  // a last resort: never leave a redis-server of ours behind
  process.once('exit', () => child?.kill('SIGKILL'));
  return redis;
}

// ---------------------------------------------------------------------------------------------
// load

export interface Sample {
  /** When the request started (Date.now()). */
  at: number;
  what: string;
  outcome: Outcome;
}

export interface Load {
  samples: Sample[];
  /** Stops the workers after their current request; all samples. */
  stop(): Promise<Sample[]>;
}

/**
 * `workers` loops, each sending the request `next(worker, i)` describes as soon as the last one
 * is answered (kept-alive connections), recording every outcome.
 */
export function startLoad(
  base: string,
  workers: number,
  next: (worker: number, i: number) => { what: string; method: string; url: string; opts?: CallOptions },
): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const samples: Sample[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const { what, method, url, opts } = next(w, i);
      const at = Date.now();
      const outcome = await call(base, method, url, { timeoutMs: 15_000, agent, ...opts });
      samples.push({ at, what, outcome });
      // a refused connection answers at once: do not spin
      if (outcome.kind !== 'answer') await sleep(20);
    }
  });
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return samples;
    },
  };
}

/** What an outage may answer: 503 `{ key: 'error.unavailable' }` with Retry-After. */
export function isUnavailable(o: Outcome): boolean {
  if (o.kind !== 'answer' || o.status !== 503) return false;
  try {
    return o.json().key === 'error.unavailable' && Number(o.headers['retry-after']) > 0;
  } catch {
    return false;
  }
}

export const ok = (o: Outcome) => o.kind === 'answer' && o.status >= 200 && o.status < 300;
