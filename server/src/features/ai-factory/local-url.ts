import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { fetchUserUrl } from '../../platform/outbound-http.ts';
import type { Registry } from './registry.ts';

/**
 * The URL screen's check (GET /api/streamlit/local_url). An address is loaded only when it is a
 * registered app's (then the portal's own address for it is answered, with its right checked), or
 * its origin is on AI_FACTORY_URL_ALLOWLIST and it passes the outbound rules every user-chosen
 * fetch passes (platform/outbound-http): no loopback, private, link-local or metadata address after
 * DNS, http(s) only. An app inside the network is registered instead, and served through the proxy.
 */
export async function checkLocalUrl(
  raw: string,
  opts: { registry: Registry; user: AccessClaims; allowList: readonly string[]; timeoutMs: number },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('This is not a valid address: it should start with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('Only http and https addresses can be loaded.');
  if (url.username || url.password) throw badRequest('Addresses with a user name or password are not loaded.');

  const registered = opts.registry.apps.find(
    (a) => a.upstream && a.upstream.origin === url.origin && (url.pathname === a.basePath || url.pathname.startsWith(`${a.basePath}/`)),
  );
  if (registered) {
    if (!opts.user.apps.includes(registered.right)) {
      throw forbidden(`This is the address of ${registered.title}, which needs ${registered.right}. Ask an administrator for it.`);
    }
    return `${registered.proxyPath}?embed=true`;
  }
  if (!opts.allowList.includes(url.origin)) {
    throw badRequest(
      `${url.origin} is not an address the administrators allowed for Streamlit apps. Ask them to add it, or open a registered app from the AI Factory menu.`,
    );
  }
  try {
    await fetchUserUrl(new URL('_stcore/health', url.href.endsWith('/') ? url : `${url.href}/`).href, {
      allowList: [],
      maxBytes: 4096,
      timeoutMs: opts.timeoutMs,
      maxRedirects: 0,
    });
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'it did not answer';
    throw badRequest(`This Streamlit app cannot be loaded: ${message.replace(/^This link/, 'this address')}`, { cause: err });
  }
  url.searchParams.set('embed', 'true');
  return url.href;
}
