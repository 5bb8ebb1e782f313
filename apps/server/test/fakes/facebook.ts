import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local Facebook for tests: Facebook Login's OAuth dialog and the few Graph API v25.0 calls a
 * login needs, as developers.facebook.com documents them ("Manually Build a Login Flow", "Debug
 * Access Tokens" / `GET /debug_token`, "User" node, "Permissions" edge, "Data Deletion Request
 * Callback", "Graph API Error Handling"). One server plays www.facebook.com and graph.facebook.com;
 * a version prefix (`/v25.0/`, any `/vNN.N/`) is optional, as on Graph.
 *
 * - `GET /v25.0/dialog/oauth?client_id&redirect_uri&state&scope&response_type=code` → 302 to
 *   `redirect_uri?code=…&state=…#_=_` (Facebook appends the `#_=_` fragment to its login
 *   redirects); with `user` null → `redirect_uri?error_reason=user_denied&error=access_denied&
 *   error_description=Permissions+error&state=…`. An unknown client_id or a missing redirect_uri
 *   answers a 400 HTML page (Facebook shows its error page rather than redirecting). The granted
 *   permissions are `public_profile` plus the `scope` asked for (comma or space separated).
 * - `GET /v25.0/oauth/access_token?client_id&redirect_uri&client_secret&code` → `{access_token,
 *   token_type:'bearer', expires_in}` (60 days). Codes are single use and live 10 minutes. Errors
 *   are 400 `{error:{message, type:'OAuthException', code, error_subcode?, fbtrace_id}}`: unknown
 *   app 101, wrong secret 1 ("Error validating client secret."), bad code 100, used code 100/36009,
 *   expired code 100/36007, another redirect_uri 100/36008. Also `grant_type=fb_exchange_token`
 *   (long-lived token) and `grant_type=client_credentials` (the app token `<app id>|<secret>`).
 * - `GET /v25.0/debug_token?input_token&access_token=<app id>|<app secret>` → `{data:{app_id,
 *   type:'USER', application, data_access_expires_at, expires_at, is_valid, issued_at, scopes,
 *   user_id}}`; an expired or de-authorized token has `is_valid:false` and `error:{code:190,
 *   subcode, message}`; a token it cannot parse answers `{data:{error:{code:190, message:'Invalid
 *   OAuth access token.'}, is_valid:false, scopes:[]}}`. Without a valid app token: 400 code 190.
 * - `GET /v25.0/me?fields=id,name,first_name,last_name,email&access_token` (or `Authorization:
 *   Bearer`) → the fields asked for (`id,name` without `fields`); `email` only when the user has
 *   one and the token holds the `email` permission. A field the User node lacks answers code 100.
 *   An invalid token: 400 code 190 (subcode 463 expired, 458 de-authorized) with Facebook's
 *   `WWW-Authenticate: OAuth "Facebook Platform" "invalid_token" …` header. `appsecret_proof`,
 *   when sent, must be HMAC-SHA256(access_token, app secret) in hex.
 * - `DELETE /v25.0/{user-id}/permissions?access_token` (the user's token or the app token) →
 *   `{success:true}`; the user's tokens for the app stop working (recorded in `revokedUserIds`).
 *
 * Tokens are minted for the app in `opts` (`1234567890123456` / a fixed secret by default);
 * `mintToken` also mints them as if issued to another app (native login hands the server a token
 * the server must check is its own). `failNext(status)` makes the next Graph request (not the
 * dialog) answer `status` with a Graph error (code 4 for 429, 2 for 503, else 1), queued like the
 * other fakes' switches.
 */
export interface FakeFacebookUser {
  id: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

export interface FakeFacebook {
  /** http://127.0.0.1:<port> */
  url: string;
  /** `${url}/v25.0` (real: https://graph.facebook.com/v25.0) */
  graphUrl: string;
  /** `${url}/v25.0/dialog/oauth` (real: https://www.facebook.com/v25.0/dialog/oauth) */
  dialogUrl: string;
  appId: string;
  appSecret: string;
  /** Who the next dialog logs in as; null: the dialog redirects with error=access_denied. */
  user: FakeFacebookUser | null;
  /** Mints a user access token for `user` as if issued to `appId` (default: this fake's app). */
  mintToken(user: FakeFacebookUser, opts?: { appId?: string; expiresInSeconds?: number; scopes?: string[] }): string;
  /** Users whose permissions were revoked through DELETE /{user-id}/permissions. */
  revokedUserIds: string[];
  /** The next Graph request (not the dialog) answers `status`. */
  failNext(status: number): void;
  close(): Promise<void>;
}

// "Long-lived tokens … have a lifetime of about 60 days"; the number Graph sends in expires_in
const LONG_LIVED_SECONDS = 5_183_944;
// "Manually Build a Login Flow": the code "expires after 10 minutes"
const CODE_TTL_MS = 10 * 60 * 1000;
// data access expires 90 days after the user last used the app
const DATA_ACCESS_SECONDS = 90 * 24 * 3600;

interface TokenRecord {
  user: FakeFacebookUser;
  appId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

interface CodeRecord {
  user: FakeFacebookUser;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

/** Facebook's data-deletion `signed_request`: base64url(HMAC-SHA256(payload part, app secret)) + '.' + payload part. */
export function signedRequest(payload: object, appSecret: string): string {
  const body = { algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), ...payload };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  const signature = createHmac('sha256', appSecret).update(encoded).digest('base64url');
  return `${signature}.${encoded}`;
}

const now = () => Math.floor(Date.now() / 1000);
const alnum = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
const fbtraceId = () => `A${alnum(16).slice(0, 22)}`;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const USER_FIELDS = new Set(['id', 'name', 'first_name', 'last_name', 'email']);

export async function startFakeFacebook(opts: { appId?: string; appSecret?: string } = {}): Promise<FakeFacebook> {
  const appId = opts.appId ?? '1234567890123456';
  const appSecret = opts.appSecret ?? '0123456789abcdef0123456789abcdef';
  const appToken = `${appId}|${appSecret}`;
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<string, CodeRecord>();
  const failures: number[] = [];

  const mint = (user: FakeFacebookUser, o: { appId?: string; expiresInSeconds?: number; scopes?: string[] } = {}) => {
    const token = `EAA${alnum(96)}`;
    const issuedAt = now();
    tokens.set(token, {
      user: { ...user },
      appId: o.appId ?? appId,
      scopes: o.scopes ?? ['public_profile', 'email'],
      issuedAt,
      expiresAt: issuedAt + (o.expiresInSeconds ?? LONG_LIVED_SECONDS),
      revoked: false,
    });
    return token;
  };

  const fake: FakeFacebook = {
    url: '',
    graphUrl: '',
    dialogUrl: '',
    appId,
    appSecret,
    user: { id: '10160000000000001', name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    mintToken: mint,
    revokedUserIds: [],
    failNext: (status) => void failures.push(status),
    close: async () => {},
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const graphError = (
    res: http.ServerResponse,
    message: string,
    code: number,
    extra: { subcode?: number; type?: string; status?: number } = {},
  ) => {
    const error = {
      message,
      type: extra.type ?? 'OAuthException',
      code,
      ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
      fbtrace_id: fbtraceId(),
    };
    // Graph adds this header to the errors of an invalid access token
    const headers: http.OutgoingHttpHeaders =
      code === 190 ? { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"` } : {};
    send(res, extra.status ?? 400, { error }, headers);
  };
  const htmlError = (res: http.ServerResponse, message: string) => {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Sorry, something went wrong.</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
  };

  /** Why a token cannot be used, as Graph words it (code 190), or undefined when it can. */
  const tokenProblem = (rec: TokenRecord | undefined): { message: string; subcode?: number } | undefined => {
    if (!rec) return { message: 'Invalid OAuth access token - Cannot parse access token' };
    if (rec.revoked)
      return { message: `Error validating access token: The user has not authorized application ${rec.appId}.`, subcode: 458 };
    if (rec.expiresAt <= now()) {
      return {
        message: `Error validating access token: Session has expired on ${new Date(rec.expiresAt * 1000).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
        subcode: 463,
      };
    }
    return undefined;
  };

  const dialog = (q: URLSearchParams, res: http.ServerResponse) => {
    if (q.get('client_id') !== appId) return htmlError(res, 'Invalid App ID: The provided app ID does not look like a valid app ID.');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri || !URL.canParse(redirectUri))
      return htmlError(
        res,
        "URL blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
      );
    const responseType = q.get('response_type') ?? 'code';
    if (responseType !== 'code') return htmlError(res, `The fake serves response_type=code only, not ${responseType}.`);
    const target = new URL(redirectUri);
    const state = q.get('state');
    if (!fake.user) {
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'Permissions error');
    } else {
      const asked = (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
      const code = `AQ${alnum(150)}`;
      codes.set(code, {
        user: { ...fake.user },
        redirectUri,
        scopes: [...new Set(['public_profile', ...asked])],
        expiresAt: Date.now() + CODE_TTL_MS,
        used: false,
      });
      target.searchParams.set('code', code);
    }
    if (state !== null) target.searchParams.set('state', state);
    target.hash = fake.user ? '_=_' : '';
    res.writeHead(302, { location: target.href });
    res.end();
  };

  const accessToken = (q: URLSearchParams, res: http.ServerResponse) => {
    if (q.get('client_id') !== appId) return graphError(res, 'Error validating application. Invalid application ID.', 101);
    const grantType = q.get('grant_type') ?? 'authorization_code';
    if (q.get('client_secret') !== appSecret) return graphError(res, 'Error validating client secret.', 1);
    if (grantType === 'client_credentials') return send(res, 200, { access_token: appToken, token_type: 'bearer' });
    if (grantType === 'fb_exchange_token') {
      const rec = tokens.get(q.get('fb_exchange_token') ?? '');
      const problem = tokenProblem(rec);
      if (problem || !rec || rec.appId !== appId)
        return graphError(res, problem?.message ?? 'Invalid OAuth access token - Cannot parse access token', 190, {
          subcode: problem?.subcode,
        });
      const token = mint(rec.user, { scopes: rec.scopes });
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
    }
    if (grantType !== 'authorization_code') {
      return graphError(
        res,
        `Invalid grant_type: '${grantType}'. Supported types: authorization_code, client_credentials, fb_exchange_token`,
        100,
      );
    }
    const code = codes.get(q.get('code') ?? '');
    if (!code) return graphError(res, 'Invalid verification code format.', 100);
    if (code.used) return graphError(res, 'This authorization code has been used.', 100, { subcode: 36009 });
    if (code.expiresAt <= Date.now()) return graphError(res, 'This authorization code has expired.', 100, { subcode: 36007 });
    if (q.get('redirect_uri') !== code.redirectUri) {
      return graphError(
        res,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        100,
        { subcode: 36008 },
      );
    }
    code.used = true;
    const token = mint(code.user, { scopes: code.scopes });
    send(res, 200, { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
  };

  const debugToken = (q: URLSearchParams, res: http.ServerResponse) => {
    if (q.get('access_token') !== appToken) return graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
    const input = q.get('input_token');
    if (!input) return graphError(res, '(#100) The parameter input_token is required', 100);
    const rec = tokens.get(input);
    if (!rec)
      return send(res, 200, { data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] } });
    const problem = tokenProblem(rec);
    send(res, 200, {
      data: {
        app_id: rec.appId,
        type: 'USER',
        application: rec.appId === appId ? 'Spotlist' : 'Another app',
        data_access_expires_at: rec.issuedAt + DATA_ACCESS_SECONDS,
        ...(problem ? { error: { code: 190, message: problem.message, subcode: problem.subcode } } : {}),
        expires_at: rec.expiresAt,
        is_valid: !problem,
        issued_at: rec.issuedAt,
        scopes: rec.scopes,
        user_id: rec.user.id,
      },
    });
  };

  /** The token of a Graph request: `access_token` or `Authorization: Bearer|OAuth`; with appsecret_proof checked. */
  const requestToken = (q: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse): string | undefined => {
    const header = /^(?:bearer|oauth) (.+)$/i.exec(req.headers.authorization ?? '');
    const token = q.get('access_token') ?? header?.[1];
    if (!token) {
      graphError(res, 'An active access token must be used to query information about the current user.', 2500);
      return undefined;
    }
    const proof = q.get('appsecret_proof');
    if (proof !== null && proof !== createHmac('sha256', appSecret).update(token).digest('hex')) {
      graphError(res, 'Invalid appsecret_proof provided in the API argument', 100, { type: 'GraphMethodException' });
      return undefined;
    }
    return token;
  };

  const me = (q: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) => {
    const token = requestToken(q, req, res);
    if (token === undefined) return;
    const rec = tokens.get(token);
    const problem = tokenProblem(rec);
    if (problem || !rec) return graphError(res, problem?.message ?? '', 190, { subcode: problem?.subcode });
    const fields = (q.get('fields') ?? 'id,name')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = fields.find((f) => !USER_FIELDS.has(f));
    if (unknown) return graphError(res, `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`, 100);
    const out: Record<string, string> = {};
    for (const f of fields as (keyof FakeFacebookUser)[]) {
      if (f === 'email' && !rec.scopes.includes('email')) continue;
      if (rec.user[f] !== undefined) out[f] = rec.user[f]!;
    }
    out.id = rec.user.id;
    send(res, 200, out);
  };

  const deletePermissions = (userId: string, q: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) => {
    const token = requestToken(q, req, res);
    if (token === undefined) return;
    const rec = tokens.get(token);
    if (token !== appToken) {
      const problem = tokenProblem(rec);
      if (problem || !rec) return graphError(res, problem?.message ?? '', 190, { subcode: problem?.subcode });
      if (rec.user.id !== userId) return graphError(res, '(#200) Permissions error', 200);
    }
    for (const t of tokens.values()) if (t.user.id === userId && t.appId === appId) t.revoked = true;
    fake.revokedUserIds.push(userId);
    send(res, 200, { success: true });
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = u.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const q = u.searchParams;
    if (req.method === 'GET' && path === '/dialog/oauth') return dialog(q, res);
    const failure = failures.shift();
    if (failure !== undefined) {
      if (failure === 429) return graphError(res, '(#4) Application request limit reached', 4, { status: 429 });
      if (failure === 503) return graphError(res, 'An unexpected error has occurred. Please retry your request later.', 2, { status: 503 });
      return graphError(res, 'An unknown error has occurred.', 1, { status: failure });
    }
    if (req.method === 'GET' && path === '/oauth/access_token') return accessToken(q, res);
    if (req.method === 'GET' && path === '/debug_token') return debugToken(q, res);
    if (req.method === 'GET' && path === '/me') return me(q, req, res);
    const permissions = /^\/([^/]+)\/permissions$/.exec(path);
    if (req.method === 'DELETE' && permissions) return deletePermissions(decodeURIComponent(permissions[1]), q, req, res);
    graphError(res, `Unknown path components: ${path}`, 2500);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.graphUrl = `${fake.url}/v25.0`;
  fake.dialogUrl = `${fake.url}/v25.0/dialog/oauth`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
