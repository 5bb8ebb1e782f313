import WebSocket from 'ws';
import { expect } from 'vitest';
import type { ServerMessage } from '@spotlist/contracts';

/** Bound for waits on socket events (never a sleep: each wait ends as soon as the event comes). */
export const WAIT_MS = 5000;

/** A `ws` client of the realtime gateway that keeps what it received, for tests. */
export interface Client {
  ws: WebSocket;
  messages: ServerMessage[];
  /** The next message matching `ok` (already received or still to come). */
  next(ok?: (m: ServerMessage) => boolean): Promise<ServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  send(msg: unknown): void;
  /** A ping answered: whatever the server sent this socket before has arrived (one TCP stream, in order). */
  drain(): Promise<void>;
}

export async function connect(url: string, o: { sockets: WebSocket[] }, opts: WebSocket.ClientOptions = {}): Promise<Client> {
  const ws = new WebSocket(url, opts);
  o.sockets.push(ws);
  const messages: ServerMessage[] = [];
  const waiters: { ok: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  let seen = 0;
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as ServerMessage;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.ok(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: Client = {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    async drain() {
      client.send({ type: 'ping' });
      await client.next((m) => m.type === 'pong');
    },
    next(ok = () => true) {
      // messages are consumed in order: a second call does not answer the first call's message again
      for (let i = seen; i < messages.length; i++) {
        if (ok(messages[i])) {
          seen = i + 1;
          return Promise.resolve(messages[i]);
        }
      }
      return within(
        new Promise<ServerMessage>((resolve) =>
          waiters.push({
            ok,
            resolve: (m) => {
              seen = messages.indexOf(m) + 1;
              resolve(m);
            },
          }),
        ),
        'message',
      );
    },
  };
  return client;
}

export function within<T>(p: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
    }),
  ]);
}

export async function until(ok: () => boolean, what: string, ms = WAIT_MS) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function authed(url: string, o: { sockets: WebSocket[] }, token: string): Promise<Client> {
  const c = await connect(url, o);
  c.send({ type: 'auth', token });
  expect(await c.next()).toEqual({ type: 'ready' });
  return c;
}
