import { AI_FACTORY_PROXY_PREFIX } from '@hangar/contract';

/**
 * An app's cookies, kept apart from the portal's. The browser sends an app every cookie of the
 * portal's origin whose path matches (the identity provider's `_session` has Path=/), so the proxy
 * passes on only the cookies the app set itself: each Set-Cookie of the app is renamed with the
 * app's prefix and limited to the app's path, and on the way in only cookies with that prefix go
 * through, the prefix removed. The app sees its own names; the portal's never reach it.
 */
const prefixOf = (appId: number) => `aif${appId}_`;

/** The Cookie header the app receives: its own cookies, under the names it gave them. */
export function appCookiesFor(appId: number, cookieHeader: string): string {
  const prefix = prefixOf(appId);
  return cookieHeader
    .split(/;\s*/)
    .filter((c) => c.startsWith(prefix) && c.length > prefix.length)
    .map((c) => c.slice(prefix.length))
    .join('; ');
}

/** One Set-Cookie of the app, scoped to it: prefixed name, the app's path, no Domain. */
export function scopeSetCookie(appId: number, setCookie: string): string {
  const [pair = '', ...attributes] = setCookie.split(';');
  const kept = attributes.map((a) => a.trim()).filter((a) => a && !/^(domain|path)\s*(=|$)/i.test(a));
  return [`${prefixOf(appId)}${pair.trim()}`, `Path=${AI_FACTORY_PROXY_PREFIX}/${appId}/`, ...kept].join('; ');
}

export function scopeAppCookies(appId: number, headers: Record<string, string | string[]>): Record<string, string> {
  const raw = headers['set-cookie'];
  if (raw === undefined) return headers as Record<string, string>;
  const list = (Array.isArray(raw) ? raw : [raw]).map((c) => scopeSetCookie(appId, c));
  // Fastify sends an array as one header line per cookie.
  return { ...headers, 'set-cookie': list as unknown as string };
}
