import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local Instagram for tests: "Instagram API with Instagram Login" (professional accounts) as
 * developers.facebook.com/docs/instagram-platform documents it ("Business Login for Instagram",
 * reference pages `oauth/authorize`, `access_token`, `refresh_access_token`, `me`, `IG User
 * Media`, "Error Codes"). One server plays the three hosts under three prefixes:
 * `/oauth/authorize` (www.instagram.com), `/api` (api.instagram.com), `/graph` (graph.instagram.com,
 * where a version prefix such as `/v25.0` is optional).
 *
 * - `GET /oauth/authorize?client_id&redirect_uri&response_type=code&scope=instagram_business_basic,…&state`
 *   → 302 `redirect_uri?code=…&state=…#_` (Instagram appends `#_`, which is not part of the code);
 *   with `account` null → `redirect_uri?error=access_denied&error_reason=user_denied&
 *   error_description=The+user+denied+your+request&state=…`. An unknown client_id, a missing
 *   redirect_uri or a scope without `instagram_business_basic` answers a 400 HTML page. A PERSONAL
 *   account logs in like the others: its token works and `/me` says `account_type: PERSONAL`.
 * - `POST /api/oauth/access_token` (form: client_id, client_secret, grant_type=authorization_code,
 *   redirect_uri, code) → `{data:[{access_token, user_id, permissions}]}` (a short-lived token, 1 h;
 *   `permissions` the granted scopes, comma separated). Errors: 400 `{error_type:'OAuthException',
 *   code:400, error_message}` ("Matching code was not found or was already used", …). Codes are
 *   single use and live 1 hour.
 * - `GET /graph/access_token?grant_type=ig_exchange_token&client_secret&access_token` (a valid
 *   short-lived token) → `{access_token, token_type:'bearer', expires_in:5183944}` (60 days).
 * - `GET /graph/refresh_access_token?grant_type=ig_refresh_token&access_token` (a valid long-lived
 *   token; the real "at least 24 hours old" rule is not enforced) → a new long-lived token, same
 *   shape. The previous token stays valid until it expires.
 * - `GET /graph/me?fields=user_id,username,account_type,profile_picture_url,…&access_token` (also
 *   under `/graph/v25.0`, and `Authorization: Bearer`) → the fields asked for (`id` always; it
 *   equals `user_id` here); `GET /graph/me/media?fields=…&limit&after|before` → `{data:[…],
 *   paging:{cursors:{before,after}, next?, previous?}}` (newest first, 25 per page by default);
 *   `GET /graph/{media-id}?fields` → one media. An unknown field answers code 100.
 * Graph errors are 400 `{error:{message, type:'OAuthException', code, error_subcode?, fbtrace_id}}`;
 * a token that is unknown, expired, of the wrong kind for the call, or made invalid by
 * `invalidate(userId)` answers code 190.
 *
 * Switches: `failNext(status)` makes the next API request (not the authorize page) answer
 * `status` (queued); `invalidate(userId)` makes every token issued so far to that account invalid
 * (a new login issues working ones).
 */
export interface FakeInstagramMedia {
  id: string;
  caption?: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_url: string;
  permalink: string;
  thumbnail_url?: string;
  timestamp: string;
}

export interface FakeInstagramAccount {
  user_id: string;
  username: string;
  account_type: 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL';
  /** Newest first, as the media edge answers. */
  media: FakeInstagramMedia[];
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
}

export interface FakeInstagram {
  /** http://127.0.0.1:<port> */
  url: string;
  /** `${url}/oauth/authorize` (real: https://www.instagram.com/oauth/authorize) */
  authorizeUrl: string;
  /** `${url}/api` (real: https://api.instagram.com; the token at /oauth/access_token) */
  apiUrl: string;
  /** `${url}/graph` (real: https://graph.instagram.com) */
  graphUrl: string;
  appId: string;
  appSecret: string;
  /** Who the next authorization logs in as; null: the redirect carries error=access_denied. */
  account: FakeInstagramAccount | null;
  /** The next API request (not the authorize page) answers `status`. */
  failNext(status: number): void;
  /** Every token issued so far to this account stops working (refresh and Graph answer 400 code 190). */
  invalidate(userId: string): void;
  close(): Promise<void>;
}

// "short-lived … valid for 1 hour", "long-lived … valid for 60 days" (the documented expires_in)
const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 5_183_944;
const CODE_TTL_MS = 60 * 60 * 1000;
const PAGE_SIZE = 25;

const USER_FIELDS = [
  'id',
  'user_id',
  'username',
  'name',
  'account_type',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
];
const MEDIA_FIELDS = ['id', 'caption', 'media_type', 'media_url', 'permalink', 'thumbnail_url', 'timestamp', 'username'];

interface TokenRecord {
  account: FakeInstagramAccount;
  kind: 'short' | 'long';
  scopes: string[];
  expiresAt: number;
  invalid: boolean;
}

const alnum = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cursor = (index: number) => Buffer.from(`media:${index}`).toString('base64url');
const uncursor = (c: string) => {
  const m = /^media:(\d+)$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeInstagram(opts: { appId?: string; appSecret?: string } = {}): Promise<FakeInstagram> {
  const appId = opts.appId ?? '990602627938098';
  const appSecret = opts.appSecret ?? 'fedcba9876543210fedcba9876543210';
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<
    string,
    { account: FakeInstagramAccount; redirectUri: string; scopes: string[]; expiresAt: number; used: boolean }
  >();
  const failures: number[] = [];

  const fake: FakeInstagram = {
    url: '',
    authorizeUrl: '',
    apiUrl: '',
    graphUrl: '',
    appId,
    appSecret,
    account: {
      user_id: '17841400000000001',
      username: 'spotlist.cafe',
      account_type: 'BUSINESS',
      name: 'Spotlist Café',
      profile_picture_url: 'https://scontent.cdninstagram.com/v/t51/profile.jpg',
      media: [
        {
          id: '17900000000000002',
          caption: 'Espresso on the terrace',
          media_type: 'IMAGE',
          media_url: 'https://scontent.cdninstagram.com/v/t51/espresso.jpg',
          permalink: 'https://www.instagram.com/p/C0ffee2/',
          timestamp: '2026-05-02T09:30:00+0000',
        },
        {
          id: '17900000000000001',
          media_type: 'VIDEO',
          media_url: 'https://scontent.cdninstagram.com/v/t50/latte-art.mp4',
          permalink: 'https://www.instagram.com/reel/C0ffee1/',
          thumbnail_url: 'https://scontent.cdninstagram.com/v/t51/latte-art.jpg',
          timestamp: '2026-04-20T16:00:00+0000',
        },
      ],
    },
    failNext: (status) => void failures.push(status),
    invalidate: (userId) => {
      for (const t of tokens.values()) if (t.account.user_id === userId) t.invalid = true;
    },
    close: async () => {},
  };

  const issue = (account: FakeInstagramAccount, kind: 'short' | 'long', scopes: string[]) => {
    const token = `IGAA${alnum(120)}`;
    tokens.set(token, {
      account,
      kind,
      scopes,
      expiresAt: Date.now() + (kind === 'short' ? SHORT_LIVED_SECONDS : LONG_LIVED_SECONDS) * 1000,
      invalid: false,
    });
    return token;
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: http.ServerResponse, message: string, code: number, extra: { subcode?: number; status?: number } = {}) => {
    const error = {
      message,
      type: 'OAuthException',
      code,
      ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
      fbtrace_id: `A${alnum(16)}`,
    };
    const headers: http.OutgoingHttpHeaders =
      code === 190 ? { 'www-authenticate': `OAuth "Instagram Graph API" "invalid_token" "${message.replace(/"/g, "'")}"` } : {};
    send(res, extra.status ?? 400, { error }, headers);
  };
  // api.instagram.com keeps the older flat error shape
  const apiError = (res: http.ServerResponse, message: string, status = 400) =>
    send(res, status, { error_type: 'OAuthException', code: status, error_message: message });
  const htmlError = (res: http.ServerResponse, message: string) => {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html><head><title>Instagram</title></head><body><h1>Sorry, this page isn't available.</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
  };

  /** The record of a usable token of `kind` (any kind when left out), or answers 190 and returns undefined. */
  const usable = (token: string | null | undefined, res: http.ServerResponse, kind?: 'short' | 'long'): TokenRecord | undefined => {
    const rec = token ? tokens.get(token) : undefined;
    if (!rec || (kind && rec.kind !== kind)) return void graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
    if (rec.invalid) {
      return void graphError(
        res,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        190,
        { subcode: 460 },
      );
    }
    if (rec.expiresAt <= Date.now())
      return void graphError(res, 'Error validating access token: Session has expired.', 190, { subcode: 463 });
    return rec;
  };

  const pick = (source: Record<string, unknown>, fieldsParam: string | null, known: string[], node: string, res: http.ServerResponse) => {
    const fields = (fieldsParam ?? 'id')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = fields.find((f) => !known.includes(f));
    if (unknown) return void graphError(res, `(#100) Tried accessing nonexisting field (${unknown}) on node type (${node})`, 100);
    const out: Record<string, unknown> = { id: source.id };
    for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
    return out;
  };

  const userNode = (a: FakeInstagramAccount): Record<string, unknown> => ({
    id: a.user_id,
    user_id: a.user_id,
    username: a.username,
    name: a.name,
    account_type: a.account_type,
    profile_picture_url: a.profile_picture_url,
    followers_count: a.followers_count,
    follows_count: a.follows_count,
    media_count: a.media.length,
  });
  const mediaNode = (a: FakeInstagramAccount, m: FakeInstagramMedia): Record<string, unknown> => ({ ...m, username: a.username });

  const authorize = (q: URLSearchParams, res: http.ServerResponse) => {
    if (q.get('client_id') !== appId) return htmlError(res, 'Invalid platform app');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri || !URL.canParse(redirectUri)) return htmlError(res, 'Invalid redirect_uri');
    if (q.get('response_type') !== 'code') return htmlError(res, 'Invalid response_type');
    const scopes = [...new Set((q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean))];
    if (!scopes.includes('instagram_business_basic')) return htmlError(res, 'Invalid Scopes: instagram_business_basic is required');
    const target = new URL(redirectUri);
    if (!fake.account) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('error_description', 'The user denied your request');
    } else {
      const code = `AQ${alnum(120)}`;
      codes.set(code, { account: fake.account, redirectUri, scopes, expiresAt: Date.now() + CODE_TTL_MS, used: false });
      target.searchParams.set('code', code);
    }
    const state = q.get('state');
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: fake.account ? `${target.href}#_` : target.href });
    res.end();
  };

  const exchangeCode = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== appId) return apiError(res, 'Invalid platform app');
    if (form.get('client_secret') !== appSecret) return apiError(res, 'Error validating client secret.');
    if (form.get('grant_type') !== 'authorization_code') return apiError(res, 'Invalid grant_type');
    const code = codes.get(form.get('code') ?? '');
    if (!code || code.used || code.expiresAt <= Date.now()) return apiError(res, 'Matching code was not found or was already used');
    if (form.get('redirect_uri') !== code.redirectUri) {
      return apiError(
        res,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    code.used = true;
    const token = issue(code.account, 'short', code.scopes);
    send(res, 200, { data: [{ access_token: token, user_id: code.account.user_id, permissions: code.scopes.join(',') }] });
  };

  const graph = (path: string, q: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) => {
    const bearer = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = q.get('access_token') ?? bearer;
    if (path === '/access_token') {
      if (q.get('grant_type') !== 'ig_exchange_token') return graphError(res, 'Unsupported grant_type', 100);
      if (q.get('client_secret') !== appSecret) return graphError(res, 'Error validating client secret.', 1);
      const rec = usable(token, res, 'short');
      if (!rec) return;
      return send(res, 200, { access_token: issue(rec.account, 'long', rec.scopes), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
    }
    if (path === '/refresh_access_token') {
      if (q.get('grant_type') !== 'ig_refresh_token') return graphError(res, 'Unsupported grant_type', 100);
      const rec = usable(token, res, 'long');
      if (!rec) return;
      return send(res, 200, { access_token: issue(rec.account, 'long', rec.scopes), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
    }
    const rec = usable(token, res);
    if (!rec) return;
    const account = rec.account;
    const node = /^\/([^/]+)(\/media)?$/.exec(path);
    const isMe = node && (node[1] === 'me' || node[1] === account.user_id);
    if (isMe && !node[2]) {
      const out = pick(userNode(account), q.get('fields'), USER_FIELDS, 'User', res);
      return out && send(res, 200, out);
    }
    if (isMe && node[2]) {
      const limit = Math.max(1, Math.min(Number(q.get('limit') ?? PAGE_SIZE) || PAGE_SIZE, 100));
      const after = q.get('after');
      const before = q.get('before');
      // a cursor is the index of the first (before) or last (after) item of the page it came with
      let start = 0;
      let end = limit;
      if (after) {
        start = (uncursor(after) ?? -1) + 1;
        end = start + limit;
      } else if (before) {
        end = uncursor(before) ?? 0;
        start = Math.max(0, end - limit);
      }
      const page = account.media.slice(start, end);
      const data: Record<string, unknown>[] = [];
      for (const m of page) {
        const out = pick(mediaNode(account, m), q.get('fields'), MEDIA_FIELDS, 'Media', res);
        if (!out) return;
        data.push(out);
      }
      if (!data.length) return send(res, 200, { data });
      const link = (key: 'after' | 'before', value: string) => {
        const u = new URL(`${fake.graphUrl}/me/media`);
        for (const [k, v] of q) if (k !== 'after' && k !== 'before') u.searchParams.set(k, v);
        u.searchParams.set(key, value);
        return u.href;
      };
      const last = start + page.length - 1;
      const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(last) } };
      if (last < account.media.length - 1) paging.next = link('after', cursor(last));
      if (start > 0) paging.previous = link('before', cursor(start));
      return send(res, 200, { data, paging });
    }
    const media = node && !node[2] ? account.media.find((m) => m.id === node[1]) : undefined;
    if (media) {
      const out = pick(mediaNode(account, media), q.get('fields'), MEDIA_FIELDS, 'Media', res);
      return out && send(res, 200, out);
    }
    graphError(
      res,
      `Unsupported get request. Object with ID '${path.slice(1)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      {
        subcode: 33,
      },
    );
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = u.searchParams;
    if (req.method === 'GET' && u.pathname === '/oauth/authorize') return authorize(q, res);
    const failure = failures.shift();
    if (failure !== undefined) {
      if (u.pathname.startsWith('/api/')) return apiError(res, 'An unknown error has occurred.', failure);
      if (failure === 429) return graphError(res, '(#4) Application request limit reached', 4, { status: 429 });
      return graphError(res, 'An unexpected error has occurred. Please retry your request later.', 2, { status: failure });
    }
    if (u.pathname === '/api/oauth/access_token') {
      if (req.method !== 'POST') return apiError(res, 'Unsupported method', 405);
      exchangeCode(req, res).catch(() => apiError(res, 'An unknown error has occurred.', 500));
      return;
    }
    if (req.method === 'GET' && u.pathname.startsWith('/graph/'))
      return graph(u.pathname.slice('/graph'.length).replace(/^\/v\d+\.\d+(?=\/)/, ''), q, req, res);
    graphError(res, `Unknown path components: ${u.pathname}`, 2500);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.authorizeUrl = `${fake.url}/oauth/authorize`;
  fake.apiUrl = `${fake.url}/api`;
  fake.graphUrl = `${fake.url}/graph`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
