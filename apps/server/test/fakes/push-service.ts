import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

/**
 * A real Web Push service for tests: `web-push-testing` (RFC 8030 with VAPID and aes128gcm/aesgcm
 * decryption, 410 for expired subscriptions) in this process, behind a small front that can answer
 * the next requests with an error (`failNext(429, { retryAfter: 1 })`) as a busy push service does.
 * Subscriptions' endpoints point at the front; what passes is forwarded unchanged.
 */
export interface FakePushService {
  /** The front's base URL (http://localhost:<port>). */
  url: string;
  /** A subscription for `applicationServerKey` (the server's VAPID public key), as PushSubscription.toJSON() gives it, and its id. */
  subscribe(
    applicationServerKey: string,
  ): Promise<{ subscription: { endpoint: string; keys: { p256dh: string; auth: string } }; clientHash: string }>;
  /** The decrypted payloads received for a subscription, oldest first. */
  notifications(clientHash: string): Promise<string[]>;
  /** Later sends to it answer 410 Gone. */
  expire(clientHash: string): Promise<void>;
  /** The next `times` notifications answer `status` (with Retry-After when given) and are not delivered. */
  failNext(status: number, opts?: { times?: number; retryAfter?: number }): void;
  /**
   * While on, notification requests are held unanswered (a push service that is slow to accept);
   * off, the held ones whose sender is still connected go on, the others are dropped undelivered.
   */
  hold(on: boolean): void;
  /** Requests held now. */
  readonly held: number;
  /** Notification requests that reached the front, with the time and the headers (TTL, Urgency, Topic). */
  readonly requests: { at: number; status: number; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

export async function startFakePushService(): Promise<FakePushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => { notifyUrl: string } };
  const Server = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: http.Server };
  const innerPort = await freePort();
  const model = new PushApiModel();
  const inner = new Server(model, innerPort);
  const log = console.log;
  console.log = () => {};
  try {
    inner.startServer();
    await new Promise<void>((resolve, reject) => {
      inner._server.once('listening', resolve);
      inner._server.once('error', reject);
    });
  } finally {
    console.log = log;
  }

  let failing: { status: number; times: number; retryAfter?: number } | null = null;
  const requests: FakePushService['requests'] = [];
  let holding = false;
  const held: (() => void)[] = [];
  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, chunks));
  });
  function handle(req: http.IncomingMessage, res: http.ServerResponse, chunks: Buffer[]) {
    {
      const isNotify = req.url?.startsWith('/notify/');
      if (isNotify && holding) {
        held.push(() => {
          // its sender is gone (killed): nothing was delivered
          if (req.socket.destroyed) return;
          handle(req, res, chunks);
        });
        return;
      }
      if (isNotify && failing && failing.times > 0) {
        failing.times -= 1;
        const status = failing.status;
        requests.push({ at: Date.now(), status, headers: req.headers });
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(failing.retryAfter !== undefined ? { 'retry-after': String(failing.retryAfter) } : {}),
        });
        return res.end(JSON.stringify({ error: { message: 'busy' } }));
      }
      const fwd = http.request(
        { host: '127.0.0.1', port: innerPort, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          if (isNotify) requests.push({ at: Date.now(), status: answer.statusCode ?? 0, headers: req.headers });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      fwd.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      fwd.end(Buffer.concat(chunks));
    }
  }
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const port = (front.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  model.notifyUrl = `${url}/notify/`;

  const call = async (path: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${innerPort}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${text}`);
    // /expire-subscription answers a plain "OK"
    return text.startsWith('{') ? (JSON.parse(text) as { data: Record<string, unknown> }) : { data: {} };
  };

  return {
    url,
    requests,
    async subscribe(applicationServerKey) {
      const { data } = await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      const { clientHash, ...subscription } = data as { clientHash: string; endpoint: string; keys: { p256dh: string; auth: string } };
      return { subscription, clientHash };
    },
    async notifications(clientHash) {
      const { data } = await call('/get-notifications', { clientHash });
      return (data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await call(`/expire-subscription/${clientHash}`, {});
    },
    hold(on) {
      holding = on;
      if (!on) for (const go of held.splice(0)) go();
    },
    get held() {
      return held.length;
    },
    failNext(status, opts = {}) {
      failing = { status, times: opts.times ?? 1, retryAfter: opts.retryAfter };
    },
    async close() {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
      inner._server.closeAllConnections();
      await new Promise((r) => inner._server.close(r));
    },
  };
}
