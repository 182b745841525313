import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError, badRequest } from './errors.ts';

/**
 * The one client for URLs a user chooses (ARCHITECTURE 8). Every address a host resolves to is
 * checked before connecting, the connection uses the checked address (no second lookup that could
 * answer differently), and every redirect is checked again. Loopback, private, link-local
 * (metadata), carrier-grade NAT, unique-local v6 and multicast are refused unless the host is on
 * the allow-list.
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

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one a user's link must not reach (IPv4-mapped v6 checked as v4). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export const INSIDE_NETWORK = 'This link points inside the network, which the portal does not read.';

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
      const usable = allowInside ? list : list.filter((a) => !isForbiddenAddress(a.address));
      if (!allowInside && usable.length < list.length) return callback(new AppError('BAD_REQUEST', INSIDE_NETWORK), '', 4);
      const first = usable[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, first.address, first.family);
    });
  };

function requestOnce(url: URL, opts: OutboundOptions, signal: AbortSignal): Promise<OutboundResponse & { location?: string }> {
  const allowInside = allowed(url, opts.allowList);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the link is never looked up, so it is checked here.
  if (isIP(host) && !allowInside && isForbiddenAddress(host)) return Promise.reject(badRequest(INSIDE_NETWORK));
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
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('Only http and https links can be read.');
    if (url.username || url.password) throw badRequest('Links with a user name or password are not read.');
    let res: OutboundResponse & { location?: string };
    try {
      res = await requestOnce(url, opts, timeout);
    } catch (err) {
      if (err instanceof AppError) throw err;
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
