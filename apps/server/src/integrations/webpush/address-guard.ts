import dns from 'node:dns';
import net from 'node:net';

/**
 * SSRF guard of push endpoints: a subscription's endpoint is a URL the client chose, and the
 * server POSTs to it. Loopback, private (RFC 1918, unique-local), link-local, CGNAT, multicast and
 * unspecified addresses are refused, IPv4-mapped IPv6 included.
 */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (family === 6) {
    const v = ip.toLowerCase();
    const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(v);
    if (mapped) return isPrivateAddress(mapped[1]);
    // the same, as URL writes it: ::ffff:c0a8:1
    const hex = /^(?:0*:)*:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v);
    if (hex) {
      const hi = parseInt(hex[1], 16);
      const lo = parseInt(hex[2], 16);
      return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    if (v === '::' || v === '::1') return true;
    const first = parseInt(v.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
  }
  return false;
}

/** Host names that are private by name (no lookup needed to refuse them). */
export function isPrivateHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || !h.includes('.');
}

export type EndpointProblem = 'insecure' | 'private' | 'malformed';

/**
 * What is wrong with a push endpoint by its text alone (no DNS: a name is checked again where it
 * resolves, by `guardedLookup`, at every send). `allowPrivate`: http and private hosts pass (tests).
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): EndpointProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'malformed';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'insecure';
  if (url.username || url.password) return 'malformed';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) ? isPrivateAddress(host) : isPrivateHostName(host)) return 'private';
  return null;
}

/** A `lookup` for sockets that refuses names resolving to a private address (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (bad) {
        const e = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), { code: 'EPRIVATE' });
        return callback(e, '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
