import { PASSWORD } from './support';

/**
 * Calls of the API without cookies (so no XSRF is involved), as a native client makes them: for
 * the journeys' setup (flags only an admin switches, data a test needs). Exported helpers only.
 */
const base = () => process.env.E2E_BASE_URL!;

/** A JSON call; throws on a non-2xx answer. */
export async function api<T>(path: string, opts: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(opts.token ? { 'x-auth-token': opts.token } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const loginToken = async (email: string, password = PASSWORD) =>
  (await api<{ authtoken: string }>('/api/login', { body: { email, password, tokenTransport: 'body' } })).authtoken;

/** An admin switches the flags on (SPEC §1: only an admin does). */
export async function grantFlags(email: string, flags: Record<string, boolean>, password = PASSWORD) {
  const own = await loginToken(email, password);
  const me = await api<{ id: number }>('/api/session/user', { token: own });
  const admin = await loginToken('admin@spotlist.local', 'e2e-admin-password-1');
  await api(`/api/admin/user/${me.id}/flags`, { body: flags, token: admin });
}
