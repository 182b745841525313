import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError, badRequest } from './errors.ts';

/**
 * The one client for URLs a user chooses (ARCHITECTURE 8). Every address a host resolves to is
 * checked before connecting, the connection uses the checked address (no second lookup that could
 * answer differently), and every redirect is checked again. Only globally routable unicast is
 * reached, unless the host is on the allow-list. A refusal carries its audit entry
 * ('outbound.refused': the host asked and why), which the error handler writes with the request.
 * Every other module that opens connections is listed, with its reason, in outbound-exceptions.ts.
 */
export interface OutboundOptions {
  /** Hosts ("intranet.example" or "127.0.0.1:8081") that may be inside the network. */
  allowList: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Content types accepted (prefix match); others are a 415. */
  accept?: readonly string[];
}

export interface OutboundResponse {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
const zero = (parts: number[], from: number, to: number) => parts.slice(from, to).every((p) => p === 0);
// IANA's global unicast allocation: anything else ipaddr.js calls unicast (::/8 outside ::/96 say) is unassigned.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * The IPv4 addresses an IPv6 address carries, which a translator or tunnel on the way would reach:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 6145), IPv4-compatible
 * (::a.b.c.d, deprecated by RFC 4291 but still routed by some stacks), NAT64 (RFC 6052's
 * 64:ff9b::/96; RFC 8215's local-use 64:ff9b:1::/48 when laid out as /96), 6to4 (2002:AABB:CCDD::/48,
 * RFC 3056) and Teredo (2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, RFC 4380: the server, and the client
 * stored inverted). Null when the address embeds none; an empty list when its layout is unknown.
 */
function embeddedIPv4(address: ipaddr.IPv6, range: string): [form: string, address: ipaddr.IPv4][] | null {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const last = v4(p[6], p[7]);
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [[range, last]];
    case 'rfc6052':
      // 64:ff9b::/96 always ends with the IPv4. Inside 64:ff9b:1::/48 the operator picks the prefix
      // length (RFC 6052: /48, /56, /64 or /96 there), so only the /96 layout, bits 48-95 zero, is read.
      return p[2] === 0 || zero(p, 3, 6) ? [['NAT64', last]] : [];
    case '6to4':
      return [['6to4', v4(p[1], p[2])]];
    case 'teredo':
      return [
        ['Teredo server', v4(p[2], p[3])],
        ['Teredo client', v4(p[6] ^ 0xffff, p[7] ^ 0xffff)],
      ];
    case 'unicast':
      return zero(p, 0, 6) ? [['IPv4-compatible', last]] : null;
    default:
      return null;
  }
}

function forbiddenRangeOf(address: Address): string | null {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = address as ipaddr.IPv6;
  const range: string = v6.range();
  const embedded = embeddedIPv4(v6, range);
  if (embedded) {
    if (!embedded.length) return `${range} (layout unknown)`;
    for (const [form, inner] of embedded) {
      const why = forbiddenRangeOf(inner);
      if (why) return `${why} (IPv4 ${inner.toString()} in ${form})`;
    }
    return null;
  }
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST) ? null : 'reserved';
}

/**
 * Why an address must not be reached: the special-purpose range it is in (ipaddr.js's `range()`,
 * after the IANA registries), or that of an IPv4 address it embeds; null for globally routable
 * unicast. Anything that is not an IP address is refused.
 */
export function forbiddenRange(address: string): string | null {
  if (!isIP(address)) return 'not an IP address';
  try {
    return forbiddenRangeOf(ipaddr.parse(address));
  } catch {
    return 'not an IP address';
  }
}

/** Whether an address is one a user's link must not reach. */
export function isForbiddenAddress(address: string): boolean {
  return forbiddenRange(address) !== null;
}

export const INSIDE_NETWORK = 'This link points inside the network, which the portal does not read.';

/** The guard's refusal, with what the audit log keeps of it. */
const refused = (message: string, host: string, reason: string, more: Record<string, unknown> = {}) =>
  badRequest(message).auditedAs({ action: 'outbound.refused', target: host || null, details: { reason, ...more } });

const allowed = (url: URL, allowList: readonly string[]) => {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return allowList.includes(host) || allowList.includes(`${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
};

/** A lookup that answers only checked addresses: the socket connects to what was checked. */
const checkedLookup =
  (allowInside: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family as number | undefined }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as { address: string; family: number }[];
      if (!allowInside) {
        for (const a of list) {
          const why = forbiddenRange(a.address);
          if (why) return callback(refused(INSIDE_NETWORK, hostname, why, { address: a.address }), '', 4);
        }
      }
      const first = list[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };

function requestOnce(url: URL, opts: OutboundOptions, signal: AbortSignal): Promise<OutboundResponse & { location?: string }> {
  const allowInside = allowed(url, opts.allowList);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the link is never looked up, so it is checked here.
  if (isIP(host) && !allowInside) {
    const why = forbiddenRange(host);
    if (why) return Promise.reject(refused(INSIDE_NETWORK, host, why, { address: host }));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: checkedLookup(allowInside),
        signal,
        headers: { 'user-agent': 'Hangar-MultiDocs/1.0', accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ url: url.href, status, contentType, body: Buffer.alloc(0), location: res.headers.location });
        }
        if (status >= 400) {
          res.resume();
          return reject(badRequest(`The page answered with an error (HTTP ${status}).`));
        }
        if (opts.accept && !opts.accept.some((t) => contentType.toLowerCase().startsWith(t))) {
          res.resume();
          return reject(new AppError('UNSUPPORTED_MEDIA_TYPE', `This link is not a web page (${contentType.split(';')[0] || 'no type'}).`));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          res.destroy();
          return reject(new AppError('PAYLOAD_TOO_LARGE', 'This page is too large to read.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new AppError('PAYLOAD_TOO_LARGE', 'This page is too large to read.'));
          } else chunks.push(c);
        });
        res.on('end', () => resolve({ url: url.href, status, contentType, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GETs a user's URL under the rules above; any failure is a 4xx a person can act on. */
export async function fetchUserUrl(raw: string, opts: OutboundOptions): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('This is not a valid link: it should start with http:// or https://.');
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const asked = url.host;
  for (let hop = 0; ; hop++) {
    const via = hop > 0 ? { redirectedFrom: asked } : {};
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refused('Only http and https links can be read.', url.hostname, `scheme ${url.protocol}`, via);
    }
    if (url.username || url.password)
      throw refused('Links with a user name or password are not read.', url.hostname, 'credentials in the link', via);
    let res: OutboundResponse & { location?: string };
    try {
      res = await requestOnce(url, opts, timeout);
    } catch (err) {
      if (err instanceof AppError) {
        // A redirect to an address inside: the audit names the link's own host too.
        if (hop > 0 && err.audit) err.audit.details = { ...err.audit.details, ...via };
        throw err;
      }
      if (timeout.aborted) throw badRequest('The page did not answer in time.');
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw badRequest(`The site ${url.hostname} was not found.`);
      throw badRequest('The page did not answer.');
    }
    if (!res.location) return res;
    if (hop >= (opts.maxRedirects ?? 5)) throw badRequest('The link redirects too many times.');
    url = new URL(res.location, url);
  }
}
