import { ProviderError, type ProviderTokens } from '../oidc/provider-error.ts';

export interface InstagramSettings {
  appId: string;
  appSecret: string;
  /** https://www.instagram.com/oauth/authorize */
  authorizeUrl: string;
  /** https://api.instagram.com */
  apiUrl: string;
  /** https://graph.instagram.com */
  graphUrl: string;
  timeoutMs?: number;
}

export interface InstagramAccount {
  subject: string;
  username: string;
  tokens: ProviderTokens;
}

export interface InstagramMedia {
  id: string;
  caption: string | null;
  mediaType: string;
  imageUrl: string;
  permalink: string;
  timestamp: string;
}

export const INSTAGRAM_SCOPES = ['instagram_business_basic'];

/**
 * The Instagram API with Instagram Login (business and creator accounts; the Basic Display API
 * for personal accounts ended on 4 Dec 2024): the authorization, the code for a short-lived token
 * (1 h), that for a long-lived one (60 days, refreshed before it ends), the account and its media.
 * There is no Node SDK: a small fetch client.
 */
export function instagramClient(s: InstagramSettings) {
  async function call<T>(url: URL, init?: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(s.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new ProviderError('unavailable', (err as Error).message);
    }
    const body = (await res.json().catch(() => null)) as
      (T & { error?: { message?: string; code?: number }; error_type?: string; error_message?: string }) | null;
    if (res.status >= 500 || body === null) throw new ProviderError('unavailable', `instagram ${res.status}`);
    if (!res.ok || body.error || body.error_type) {
      const code = body.error?.code;
      const kind = code === 190 || body.error_type === 'OAuthException' || res.status === 400 ? 'invalid_grant' : 'unavailable';
      throw new ProviderError(kind, body.error?.message ?? body.error_message ?? `instagram ${res.status}`);
    }
    return body;
  }
  const graph = (path: string, query: Record<string, string>) => {
    const url = new URL(`${s.graphUrl.replace(/\/$/, '')}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  };
  const longLived = (t: { access_token: string; expires_in?: number }): Pick<ProviderTokens, 'accessToken' | 'expiresAt'> => ({
    accessToken: t.access_token,
    expiresAt: new Date(Date.now() + (t.expires_in ?? 60 * 86400) * 1000),
  });

  return {
    authorizationUrl(p: { redirectUri: string; state: string }): string {
      const url = new URL(s.authorizeUrl);
      url.searchParams.set('client_id', s.appId);
      url.searchParams.set('redirect_uri', p.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', INSTAGRAM_SCOPES.join(','));
      url.searchParams.set('state', p.state);
      return url.href;
    },

    /** The code → a short-lived token → a long-lived one; the account must be a business or creator's. */
    async exchange(code: string, redirectUri: string): Promise<InstagramAccount> {
      const form = new URLSearchParams({
        client_id: s.appId,
        client_secret: s.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        // Instagram appends "#_" to the code in its redirect
        code: code.replace(/#_$/, ''),
      });
      let short: { data?: Array<{ access_token: string; permissions?: string }>; access_token?: string; permissions?: string };
      try {
        short = await call(new URL(`${s.apiUrl.replace(/\/$/, '')}/oauth/access_token`), { method: 'POST', body: form });
      } catch (err) {
        throw err instanceof ProviderError && err.kind === 'invalid_grant' ? new ProviderError('token', err.message) : err;
      }
      const first =
        short.data?.[0] ?? (short.access_token ? { access_token: short.access_token, permissions: short.permissions } : undefined);
      if (!first) throw new ProviderError('unavailable', 'no token');
      const long = await call<{ access_token: string; expires_in?: number }>(
        graph('/access_token', { grant_type: 'ig_exchange_token', client_secret: s.appSecret, access_token: first.access_token }),
      );
      const me = await call<{ user_id?: string; id?: string; username: string; account_type?: string }>(
        graph('/me', { fields: 'user_id,username,account_type', access_token: long.access_token }),
      );
      if (me.account_type !== 'BUSINESS' && me.account_type !== 'MEDIA_CREATOR')
        throw new ProviderError('personal', String(me.account_type));
      const scopes = (first.permissions ?? INSTAGRAM_SCOPES.join(',')).split(',').filter(Boolean);
      return { subject: String(me.user_id ?? me.id), username: me.username, tokens: { ...longLived(long), scopes } };
    },

    /** A long-lived token for a new one (60 days more). */
    async refresh(accessToken: string): Promise<Pick<ProviderTokens, 'accessToken' | 'expiresAt'>> {
      return longLived(await call(graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: accessToken })));
    },

    async media(accessToken: string, limit = 12): Promise<InstagramMedia[]> {
      const r = await call<{
        data: Array<{
          id: string;
          caption?: string;
          media_type: string;
          media_url?: string;
          thumbnail_url?: string;
          permalink: string;
          timestamp: string;
        }>;
      }>(
        graph('/me/media', {
          fields: 'id,caption,media_type,media_url,permalink,thumbnail_url,timestamp',
          limit: String(limit),
          access_token: accessToken,
        }),
      );
      return r.data
        .filter((m) => m.media_url || m.thumbnail_url)
        .map((m) => ({
          id: m.id,
          caption: m.caption ?? null,
          mediaType: m.media_type,
          imageUrl: m.media_type === 'VIDEO' ? (m.thumbnail_url ?? m.media_url!) : (m.media_url ?? m.thumbnail_url!),
          permalink: m.permalink,
          timestamp: m.timestamp,
        }));
    },
  };
}
export type InstagramClient = ReturnType<typeof instagramClient>;
