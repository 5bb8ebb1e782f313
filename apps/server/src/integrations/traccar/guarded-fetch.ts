import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { guardedLookup, isPrivateAddress } from '../webpush/address-guard.ts';

/**
 * A fetch whose connections refuse addresses on private networks and loopback (the business types
 * its Traccar server's address: a name that resolves to an internal host is not reached, DNS
 * rebinding included — the check is in the socket's own lookup, not before it; an address written
 * as an IP, which needs no lookup, is checked before). The saved address is checked too
 * (fleet.service.ts, `endpointProblem`); this is the guard at connect time.
 */
export function guardedFetch(allowPrivate: boolean): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(allowPrivate) }, keepAliveTimeout: 30_000 });
  return (async (input: string | URL, init?: RequestInit) => {
    const host = new URL(input).hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && net.isIP(host) && isPrivateAddress(host))
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(`${host} is a private address`), { code: 'EPRIVATE' }) });
    return undiciFetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
  }) as unknown as typeof fetch;
}
