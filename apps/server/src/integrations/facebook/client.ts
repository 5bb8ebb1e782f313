import crypto from 'node:crypto';
import { ProviderError, type ProviderTokens } from '../oidc/provider-error.ts';

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com/v25.0 */
  graphUrl: string;
  /** https://www.facebook.com/v25.0/dialog/oauth */
  dialogUrl: string;
  timeoutMs?: number;
}

export interface FacebookIdentity {
  subject: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  tokens: ProviderTokens;
}

interface GraphError {
  error?: { message?: string; type?: string; code?: number };
}

/**
 * Facebook Login (OAuth 2; Facebook has no Node SDK): the login dialog, the code exchange, and
 * every user token checked server-side with `debug_token` under our app's access token — valid,
 * issued to our app id, a user token — before `/me` is read. Facebook's e-mail addresses are
 * confirmed by Facebook (it returns only confirmed ones), so they count as verified.
 */
export function facebookClient(s: FacebookSettings) {
  const appToken = `${s.appId}|${s.appSecret}`;

  async function graph<T>(path: string, query: Record<string, string>, method = 'GET'): Promise<T> {
    const url = new URL(`${s.graphUrl.replace(/\/$/, '')}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { method, signal: AbortSignal.timeout(s.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new ProviderError('unavailable', (err as Error).message);
    }
    const body = (await res.json().catch(() => null)) as (T & GraphError) | null;
    if (res.status >= 500 || body === null) throw new ProviderError('unavailable', `graph ${res.status}`);
    if (!res.ok || body.error) {
      const code = body.error?.code;
      // 190: the token is invalid or expired; 100: a bad parameter (a code used twice, another redirect)
      throw new ProviderError(code === 190 || code === 100 ? 'token' : 'unavailable', body.error?.message ?? `graph ${res.status}`);
    }
    return body;
  }

  return {
    authorizationUrl(p: { redirectUri: string; state: string }): string {
      const url = new URL(s.dialogUrl);
      url.searchParams.set('client_id', s.appId);
      url.searchParams.set('redirect_uri', p.redirectUri);
      url.searchParams.set('state', p.state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'public_profile,email');
      return url.href;
    },

    async exchange(code: string, redirectUri: string): Promise<FacebookIdentity> {
      const t = await graph<{ access_token: string; expires_in?: number }>('/oauth/access_token', {
        client_id: s.appId,
        client_secret: s.appSecret,
        redirect_uri: redirectUri,
        code,
      });
      return this.identify(t.access_token);
    },

    /** A user token (the web exchange's, or a native app's): debug_token must call it valid, ours and a user's. */
    async identify(accessToken: string): Promise<FacebookIdentity> {
      const { data } = await graph<{
        data: { app_id?: string; is_valid?: boolean; type?: string; user_id?: string; expires_at?: number; scopes?: string[] };
      }>('/debug_token', { input_token: accessToken, access_token: appToken });
      if (!data.is_valid || data.app_id !== s.appId || !data.user_id || (data.type && data.type !== 'USER')) {
        throw new ProviderError('token', 'debug_token refused the token');
      }
      const me = await graph<{ id: string; email?: string; first_name?: string; last_name?: string; name?: string }>('/me', {
        fields: 'id,name,first_name,last_name,email',
        access_token: accessToken,
      });
      if (me.id !== data.user_id) throw new ProviderError('token', 'the token is another user’s');
      return {
        subject: me.id,
        email: me.email?.toLowerCase() ?? null,
        givenName: me.first_name ?? null,
        familyName: me.last_name ?? null,
        name: me.name ?? null,
        tokens: {
          accessToken,
          expiresAt: data.expires_at ? new Date(data.expires_at * 1000) : undefined,
          scopes: data.scopes ?? [],
        },
      };
    },

    /** Takes our app's permissions back (DELETE /{user-id}/permissions). */
    async revoke(userId: string, accessToken: string): Promise<void> {
      await graph(`/${encodeURIComponent(userId)}/permissions`, { access_token: accessToken }, 'DELETE');
    },

    /**
     * Facebook's data-deletion callback: `signed_request` is base64url(HMAC-SHA256 of the payload
     * part, keyed with the app secret) "." base64url(JSON {algorithm, issued_at, user_id}).
     * Answers the payload's user id, or null when the signature or the algorithm is wrong.
     */
    parseSignedRequest(signed: string): { userId: string } | null {
      const [sig, payload, extra] = signed.split('.');
      if (!sig || !payload || extra !== undefined) return null;
      const expected = crypto.createHmac('sha256', s.appSecret).update(payload).digest();
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { algorithm?: string; user_id?: unknown };
        if (String(data.algorithm).toUpperCase() !== 'HMAC-SHA256' || typeof data.user_id !== 'string') return null;
        return { userId: data.user_id };
      } catch {
        return null;
      }
    },
  };
}
export type FacebookClient = ReturnType<typeof facebookClient>;
