import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Apple's push service (APNs, "Sending notification requests to APNs"):
 * HTTP/2 over TLS, `POST /3/device/<token>` with `apns-topic`, `apns-push-type`, `apns-priority`,
 * `apns-expiration`, `apns-collapse-id` and token authentication (`authorization: bearer <JWT>`,
 * ES256, `kid` the key id, `iss` the team id, `iat` within the hour), answering 200 with an
 * `apns-id`, or an error status with `{"reason": …}` as Apple does. The signing key and the TLS
 * certificate are made here; the server under test gets them as APNS_* settings.
 */
export interface FakeApns {
  /** host:port, for APNS_HOST. */
  host: string;
  /** The TLS certificate (PEM), for APNS_CA. */
  ca: string;
  /** The settings that point a server at this stand-in. */
  config: { APNS_KEY: string; APNS_KEY_ID: string; APNS_TEAM_ID: string; APNS_BUNDLE_ID: string; APNS_HOST: string; APNS_CA: string };
  /** Requests that passed the checks and were answered 200. */
  readonly delivered: { token: string; headers: http2.IncomingHttpHeaders; body: Record<string, unknown> }[];
  /** Every request with the status it got. */
  readonly requests: { token: string; status: number; reason?: string }[];
  /** A token answered with this status and reason from now on (410 Unregistered, 400 BadDeviceToken …). */
  answer(token: string, status: number, reason: string): void;
  close(): Promise<void>;
}

const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'DEF123GHIJ';
const BUNDLE_ID = 'app.spotlist.test';

function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-apns-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The provider token's problem, or null when it is one Apple would take. */
function checkJwt(authorization: string | undefined, publicKey: crypto.KeyObject): string | null {
  const m = /^bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(authorization ?? '');
  if (!m) return 'MissingProviderToken';
  const [, h, p, sig] = m;
  const header = JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as { iss?: string; iat?: number };
  if (header.alg !== 'ES256' || header.kid !== KEY_ID) return 'InvalidProviderToken';
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig!, 'base64url'),
  );
  if (!ok || claims.iss !== TEAM_ID) return 'InvalidProviderToken';
  if (typeof claims.iat !== 'number' || Math.abs(Date.now() / 1000 - claims.iat) > 3600) return 'ExpiredProviderToken';
  return null;
}

export async function startFakeApns(): Promise<FakeApns> {
  const signing = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const p8 = signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const tls = selfSigned();
  const answers = new Map<string, { status: number; reason: string }>();
  const delivered: FakeApns['delivered'] = [];
  const requests: FakeApns['requests'] = [];
  const server = http2.createSecureServer({ key: tls.key, cert: tls.cert });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const token = /^\/3\/device\/([^/?]+)$/.exec(String(headers[':path']))?.[1] ?? '';
      const reply = (status: number, reason?: string) => {
        requests.push({ token, status, reason });
        stream.respond({ ':status': status, 'apns-id': crypto.randomUUID(), ...(reason ? { 'content-type': 'application/json' } : {}) });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      if (headers[':method'] !== 'POST') return reply(405, 'MethodNotAllowed');
      if (!token) return reply(404, 'BadPath');
      const jwt = checkJwt(headers.authorization, signing.publicKey);
      if (jwt) return reply(403, jwt);
      if (headers['apns-topic'] !== BUNDLE_ID) return reply(400, 'DeviceTokenNotForTopic');
      if (!['alert', 'background'].includes(String(headers['apns-push-type']))) return reply(400, 'InvalidPushType');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return reply(400, 'PayloadEmpty');
      }
      if (Buffer.concat(chunks).length > 4096) return reply(413, 'PayloadTooLarge');
      if (!body.aps || typeof body.aps !== 'object') return reply(400, 'PayloadEmpty');
      const answer = answers.get(token);
      if (answer) return reply(answer.status, answer.reason);
      delivered.push({ token, headers, body });
      reply(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    ca: tls.cert,
    config: { APNS_KEY: p8, APNS_KEY_ID: KEY_ID, APNS_TEAM_ID: TEAM_ID, APNS_BUNDLE_ID: BUNDLE_ID, APNS_HOST: host, APNS_CA: tls.cert },
    delivered,
    requests,
    answer: (token, status, reason) => void answers.set(token, { status, reason }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // open HTTP/2 sessions keep close() waiting
        for (const s of sessions) s.destroy();
      }),
  };
}
