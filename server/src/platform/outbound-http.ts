import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIPv4, isIPv6, type LookupFunction } from 'node:net';
import type { Config } from '../config.ts';

/**
 * The one way the server fetches a URL (SSO discovery, tokens and keys, the SMS service;
 * later news feeds, receivers and attachment URLs). A URL typed by an administrator or sent
 * by another system must not make the server reach its own network: the host is resolved and
 * every address checked, the connection goes to the checked address (no second DNS answer),
 * redirects are followed by hand and checked again, and time and size are bounded.
 * Deliberate internal targets (tests, development) are named in OUTBOUND_ALLOWED_HOSTS.
 */

/** A fetch the helper refused: the address, the URL form or a limit. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

/** Ranges never reached: [first address, prefix length, what it is]. */
const refusedRanges: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local (cloud metadata) address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::ffff:0:0', 96, 'an IPv4-mapped IPv6 address'],
  ['::ffff:0:0:0', 96, 'an IPv4-translated IPv6 address'],
  ['::', 96, 'an IPv4-compatible IPv6 address'],
  ['64:ff9b::', 96, 'a NAT64 address'],
  ['64:ff9b:1::', 48, 'a NAT64 address'],
  ['100::', 64, 'a discard address'],
  ['2001::', 32, 'a Teredo address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2002::', 16, 'a 6to4 address'],
  ['fc00::', 7, 'a unique-local address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];
const ranges = refusedRanges.map(([first, prefix, label]) => {
  const family = isIPv4(first) ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(first, prefix, family);
  return { family, list, label };
});

/** The eight 16-bit groups of an IPv6 address (a final dotted quad is two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when it stands for one:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) and the NAT64
 * well-known prefix (64:ff9b::a.b.c.d, RFC 6052). Null for any other address.
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zero(0, 5) && g[5] === 0xffff;
  const translated = zero(0, 4) && g[4] === 0xffff && g[5] === 0;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6);
  if (!mapped && !translated && !nat64) return null;
  const [hi = 0, lo = 0] = g.slice(6);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** Why an IP address may not be reached (e.g. "a loopback address"), or null when it may. */
export function addressRefusal(address: string): string | null {
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family) return 'not an IP address';
  // An IPv6 form of a refused IPv4 address is refused as that address is (::ffff:0:127.0.0.1
  // is a loopback address), before the range of the form itself names it.
  const inner = family === 'ipv6' ? embeddedIpv4(address) : null;
  const innerRefusal = inner ? addressRefusal(inner) : null;
  if (innerRefusal) return innerRefusal;
  // Only ranges of the address's own family: BlockList would match an IPv4 address against
  // ::ffff:0:0/96 (its mapped form), which must not refuse every IPv4 address.
  const found = ranges.find((r) => r.family === family && r.list.check(address, family));
  return found?.label ?? null;
}

/** Host names as compared with the allow-list: lower case, no brackets, no final dot. */
export const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** The host as it was written in `raw` (before the URL parser turned numeric forms into dotted quads). */
function writtenHost(raw: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i.exec(raw.trim())?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host : host.replace(/:\d*$/, '');
}

/**
 * Checks a URL before anything is sent: http(s) only, no `user:pass@`, an IPv4 address only
 * in its dotted form (`2130706433`, `0x7f000001`, `0177.1` are refused), and a literal address
 * only when it may be reached. Host names are checked when they are resolved.
 */
export function checkOutboundUrl(raw: string, allowedHosts: readonly string[]): URL {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url) throw new OutboundRefusedError('The address is not a valid URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError('Only http and https addresses can be fetched');
  if (url.username || url.password)
    throw new OutboundRefusedError('Addresses with a user name or password (user:pass@) are refused');
  const host = normaliseHost(url.hostname);
  if (isIPv4(host) && writtenHost(raw).toLowerCase() !== host)
    throw new OutboundRefusedError('Write an IPv4 address in its usual dotted form (e.g. 192.0.2.10)');
  if (allowedHosts.includes(host)) return url;
  const refusal = isIPv4(host) || isIPv6(host) ? addressRefusal(host) : null;
  if (refusal) throw new OutboundRefusedError(`The address ${host} is ${refusal}`);
  return url;
}

/**
 * The connection's DNS lookup: resolves the name and refuses the connection when any answer
 * may not be reached. The socket connects to the answers checked here, so a second, different
 * DNS answer (rebinding) never gets a chance.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const bad = addresses.find((a) => addressRefusal(a.address));
    if (bad || addresses.length === 0) {
      const why = bad ? `${bad.address}, ${addressRefusal(bad.address)}` : 'no address';
      return callback(new OutboundRefusedError(`The host ${hostname} resolves to ${why}`), '', 0);
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface OutboundLimits {
  /** Host names or addresses that may be reached although they are internal. */
  allowedHosts: readonly string[];
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /**
   * TLS for https addresses: a CA certificate to trust instead of the public ones (a
   * partner's private gateway) and a client certificate with its key (mutual TLS).
   */
  tls?: { ca?: string; cert?: string; key?: string };
}

/** A fetch-compatible function (openid-client's customFetch takes it as it is). */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);

/** One HTTP exchange with a checked URL; the answer is read whole (bounded) before it is returned. */
function exchange(
  url: URL,
  allowed: boolean,
  request: { method: string; headers: Headers; body: Buffer | null },
  signal: AbortSignal,
  maxBytes: number,
  tls: OutboundLimits['tls'] = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      signal,
      agent: false,
      ...(allowed ? {} : { lookup: checkedLookup }),
      ...(url.protocol === 'https:' ? tls : {}),
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const tooLarge = () =>
        new OutboundRefusedError(`The answer is larger than the limit of ${maxBytes} bytes`);
      if (Number(res.headers['content-length']) > maxBytes) return req.destroy(tooLarge());
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) req.destroy(tooLarge());
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 502;
        try {
          const body = NULL_BODY.has(status) || request.method === 'HEAD' ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers }));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.end(request.body ?? undefined);
  });
}

/**
 * The guarded fetch. `redirect: 'manual'` answers a redirect as it is (openid-client asks for
 * that); otherwise redirects are followed by hand, each new address checked like the first,
 * credentials dropped when the origin changes.
 */
export function createOutboundFetch(limits: OutboundLimits): OutboundFetch {
  const { allowedHosts, timeoutMs = 10_000, maxResponseBytes = 1024 * 1024, maxRedirects = 5, tls } = limits;
  return async (input, init = {}) => {
    let url = checkOutboundUrl(String(input), allowedHosts);
    const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
    const signal = AbortSignal.any(signals);
    // Request normalises every body kind (string, URLSearchParams, bytes) and its content type.
    const normalised = new Request(url, { ...init, redirect: 'manual', signal: null });
    const headers = new Headers(normalised.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', 'Vigilo');
    let method = normalised.method;
    let body = normalised.body ? Buffer.from(await normalised.arrayBuffer()) : null;
    for (let hop = 0; ; hop++) {
      const allowed = allowedHosts.includes(normaliseHost(url.hostname));
      const response = await exchange(url, allowed, { method, headers, body }, signal, maxResponseBytes, tls);
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location || init.redirect === 'manual') return response;
      if (init.redirect === 'error') throw new TypeError(`Redirected from ${url.href}`);
      if (hop >= maxRedirects) throw new OutboundRefusedError(`More than ${maxRedirects} redirects`);
      const next = checkOutboundUrl(new URL(location, url).href, allowedHosts);
      if (
        response.status === 303 ||
        (response.status !== 307 && response.status !== 308 && method === 'POST')
      ) {
        method = 'GET';
        body = null;
        for (const name of ['content-type', 'content-length']) headers.delete(name);
      }
      if (next.origin !== url.origin) for (const name of ['authorization', 'cookie']) headers.delete(name);
      url = next;
    }
  };
}

/** The guarded fetch with the configured allow-list (OUTBOUND_ALLOWED_HOSTS). */
export const outboundFetch = (config: Pick<Config, 'outboundAllowedHosts'>): OutboundFetch =>
  createOutboundFetch({ allowedHosts: config.outboundAllowedHosts });
