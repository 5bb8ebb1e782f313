import fs from 'node:fs';
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { ErrorKey } from '@spotlist/contracts';
import { OUTAGE_RETRY_AFTER_SECONDS } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the app has begun closing: every new request is answered 503 `error.unavailable`. */
    readonly draining: boolean;
    /** Requests the drain gave up on at its deadline (answered 503 or cut): their work may still run. */
    readonly abandonedRequests: number;
  }
}

/**
 * When the steps of a shutdown happen, in ms after it began, for SHUTDOWN_GRACE_MS = `graceMs`:
 * at `answerMs` every request still running is answered 503 and the connections are closed; the
 * rest (jobs, messages, database) must be closed by `exitMs`, when the process exits whatever
 * still runs — a little before the grace, which is what an orchestrator waits before SIGKILL.
 */
export function shutdownPlan(graceMs: number): { answerMs: number; exitMs: number } {
  const exitMs = graceMs - Math.min(500, Math.round(graceMs * 0.1));
  const reserve = Math.min(2_500, Math.max(200, Math.round(graceMs * 0.25)));
  return { answerMs: Math.max(0, graceMs - reserve), exitMs };
}

/** The listener stays open until no connection came for this long (its backlog is accepted, not reset) … */
const ACCEPT_QUIET_MS = 50;
/** … and, while connections keep coming, this long (then until the kernel's queue is empty once). */
const ACCEPT_MAX_MS = 1_000;
/** How long a new connection may take to send its first request before it counts as idle. */
const FIRST_BYTES_MS = 250;
/** How often the drain looks at its connections when nothing told it of a change. */
const POLL_MS = 25;
/** How long a connection we end may take to be closed by its client before it is destroyed. */
const LINGER_MS = 150;

const UNAVAILABLE_BODY = JSON.stringify({ key: ErrorKey.unavailable });

interface Connection {
  acceptedAt: number;
  /** The socket's bytesRead when its last answer finished (0: none yet): more means a request is coming. */
  readAtIdle: number;
  served: boolean;
  /** Answers not finished. */
  running: Set<ServerResponse>;
}

/**
 * The drain (`app.close()`, on SIGTERM): nothing whose bytes arrived is cut.
 * 1. Every request that arrives from now on, on a new or a kept-alive connection, is answered
 *    503 `error.unavailable` with `Retry-After` and `Connection: close` (/api/health/* answer
 *    their own 503). Requests already running finish normally; their answers end their connection.
 * 2. The listener keeps accepting until its backlog is empty (closing a listener resets the
 *    connections queued in it), then stops.
 * 3. A connection is ended (FIN) only when it is idle: no answer pending, no byte received since
 *    its last answer, at least FIRST_BYTES_MS old, and — for a kept-alive one — no request running
 *    anywhere (until then its client's next request gets a clean 503).
 * 4. At `deadlineMs` a request still running is answered 503 if its answer has not begun (an
 *    upload being processed: tus resumes it later); every connection is ended, given LINGER_MS to
 *    close, then destroyed.
 * WebSockets are left to the realtime gateway, which closes them in its own preClose hook.
 */
export const drainPlugin = fp<{ deadlineMs: number }>(
  async (app, { deadlineMs }) => {
    let draining = false;
    let abandoned = 0;
    app.decorate('draining', { getter: () => draining });
    app.decorate('abandonedRequests', { getter: () => abandoned });

    const server = app.server;
    const connections = new Map<net.Socket, Connection>();
    let lastConnectionAt = 0;
    let accepted = 0;
    let changed: () => void = () => {};

    server.on('connection', (socket: net.Socket) => {
      accepted++;
      lastConnectionAt = Date.now();
      connections.set(socket, { acceptedAt: lastConnectionAt, readAtIdle: 0, served: false, running: new Set() });
      socket.once('close', () => {
        connections.delete(socket);
        changed();
      });
    });
    // a WebSocket is the realtime gateway's to close
    server.on('upgrade', (_req: IncomingMessage, socket: net.Socket) => connections.delete(socket));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      const c = connections.get(socket);
      if (!c) return;
      c.running.add(res);
      res.once('close', () => {
        c.running.delete(res);
        c.served = true;
        c.readAtIdle = socket.bytesRead;
        changed();
      });
    });

    app.addHook('onRequest', (req, reply, done) => {
      if (!draining || req.routeOptions.url?.startsWith('/api/health/')) return done();
      reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ key: ErrorKey.unavailable });
    });
    // answers sent while draining end their connection
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });

    app.addHook('preClose', async () => {
      const began = Date.now();
      draining = true;
      if (!server.listening) return; // an app that was only injected into (tests)
      const deadline = began + deadlineMs;
      /** Until a connection or an answer changes, or `until`. */
      const wake = (until: number) => Promise.race([new Promise<void>((resolve) => (changed = resolve)), sleep(until - Date.now())]);

      // 2. accept what the kernel queued, then stop listening (without http.Server#close's own
      // closing of idle connections: a request may be on its way on one of them). Node accepts
      // about one connection per turn of the event loop, and a busy loop turns slowly: the
      // listener closes once turns bring no more, none came for ACCEPT_QUIET_MS, and the kernel
      // (where it says) holds none.
      const port = (server.address() as net.AddressInfo | null)?.port;
      const acceptUntil = Math.min(deadline, began + ACCEPT_MAX_MS);
      for (;;) {
        const seen = accepted;
        await afterPoll();
        const now = Date.now();
        if (now >= deadline) break;
        const quiet = accepted === seen && now - lastConnectionAt >= ACCEPT_QUIET_MS;
        if (!quiet && now < acceptUntil) {
          if (accepted === seen) await sleep(POLL_MS);
          continue;
        }
        if (!((queuedConnections(port) ?? 0) > 0)) break;
      }
      // no turn of the loop since the last look: nothing was accepted in between
      net.Server.prototype.close.call(server);

      // 3. end idle connections until none is left, up to the deadline
      while (connections.size > 0 && Date.now() < deadline) {
        await afterPoll(); // bytes that arrived are read first: a request on its way is seen
        const anyRunning = [...connections.values()].some((c) => c.running.size > 0);
        for (const [socket, c] of connections) {
          if (socket.writableEnded || c.running.size > 0 || socket.bytesRead !== c.readAtIdle) continue;
          if (c.served ? anyRunning : Date.now() - c.acceptedAt < FIRST_BYTES_MS) continue;
          socket.end();
        }
        await wake(Math.min(deadline, Date.now() + POLL_MS));
      }
      if (connections.size === 0) return;

      // 4. the deadline: what still runs gets 503, every connection is ended, then destroyed
      let answered = 0;
      for (const c of connections.values()) {
        abandoned += c.running.size;
        for (const res of c.running) if (answerUnavailable(res)) answered++;
      }
      app.log.warn(
        { answered, connections: connections.size, afterMs: Date.now() - began },
        'closing: deadline, running requests answered 503',
      );
      for (const [socket, c] of connections) {
        // an answer of ours being written ends its connection itself once written
        if (!socket.writableEnded && ![...c.running].some((res) => res.writableEnded)) socket.end();
      }
      const lingerUntil = Date.now() + LINGER_MS;
      while (connections.size > 0 && Date.now() < lingerUntil) await wake(lingerUntil);
      for (const socket of connections.keys()) socket.destroy();
    });
  },
  { name: 'drain' },
);

/**
 * After a poll phase of the event loop (where connections are accepted and read): an immediate
 * set in a poll phase runs right after it, so a second one runs after the next.
 */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
/**
 * Connections the kernel has accepted for the listener on `port` that the process has not taken
 * yet (Linux: a listener's rx_queue in /proc/net/tcp{,6} is its accept queue); undefined where
 * the system does not say.
 */
export function queuedConnections(port: number | undefined): number | undefined {
  if (port === undefined) return undefined;
  let total: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    total ??= 0;
    for (const line of text.split('\n')) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A = LISTEN
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A' || parseInt(f[1]?.split(':')[1] ?? '', 16) !== port) continue;
      total += parseInt(f[4]?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Answers 503 on a response whose answer has not begun, and makes the handler still running
 * (it may write later) write nowhere. False when the answer had begun.
 */
function answerUnavailable(res: ServerResponse): boolean {
  if (res.headersSent || res.writableEnded) return false;
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(UNAVAILABLE_BODY),
    'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(UNAVAILABLE_BODY);
  const ignore = function (this: ServerResponse) {
    return this;
  };
  Object.assign(res, {
    writeHead: ignore,
    setHeader: ignore,
    removeHeader: ignore,
    flushHeaders: ignore,
    write: () => true,
    end: ignore,
  });
  return true;
}
