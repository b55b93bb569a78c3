import { isIP } from 'node:net';

// TRUST_PROXY: which proxies' X-Forwarded-For the API believes.

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The entries of a TRUST_PROXY list (addresses, CIDR ranges, proxy-addr's names), or null when one is not. */
export function parseProxyList(value: string): string[] | null {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return null;
    if (prefix !== undefined) {
      const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (bits < 0 || bits > (version === 4 ? 32 : 128)) return null;
    }
  }
  return entries;
}

/**
 * Outside production `true` keeps working for a proxy on the same machine (the web app's dev
 * server, a local reverse proxy) and means the loopback addresses only: a client elsewhere still
 * cannot choose its address. Production refuses `true` (parseConfig).
 */
export function trustedProxies(value: string): false | string[] {
  const v = value.trim();
  if (v === 'false') return false;
  if (v === 'true') return ['loopback'];
  return parseProxyList(v) ?? false;
}
