import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/**
 * Short-lived download links, bound to the user they were made for. The browser opens them in a
 * new tab without a bearer token, so the link carries who asked, which object and until when,
 * signed; and the same answer that hands out the link sets a cookie, limited to the download path,
 * that proves the browser is that user's. A link copied to anyone else (another browser, another
 * user's session) is refused; so is a bearer token of another user.
 */
export interface DownloadLinks {
  sign(objectKey: string, userId: string): string;
  /** The cookie that binds links to this browser's user; set with the link. */
  bindingCookie(userId: string): string;
  verify(token: string, who: { bearerUserId: string | null; cookie: string | undefined }): LinkCheck;
}

export type LinkCheck = { ok: true; objectKey: string; userId: string } | { ok: false; reason: 'invalid' | 'expired' | 'not_yours' };

export const LINK_TTL_SECONDS = 60;
export const BINDING_COOKIE = 'hangar_gov_download';
export const BINDING_PATH = '/api/data_gov/file';
/** The binding outlives a link a little: several links opened one after another share it. */
export const BINDING_TTL_SECONDS = 600;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function createDownloadLinks(db: Db): Promise<DownloadLinks> {
  return downloadLinks(
    Buffer.from(await getOrCreateSecret(db, 'governance_link_secret', () => randomBytes(32).toString('base64url')), 'base64url'),
  );
}

export function downloadLinks(secret: Buffer): DownloadLinks {
  // Links and cookies are signed with different labels, so one can never pass for the other.
  const mac = (label: string, payload: string) => createHmac('sha256', secret).update(`${label}:${payload}`).digest('base64url');
  const signed = (label: string, value: object) => {
    const payload = encode(value);
    return `${payload}.${mac(label, payload)}`;
  };
  function open<T>(label: string, token: string): T | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(mac(label, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString()) as T;
    } catch {
      return null;
    }
  }
  const now = () => Date.now() / 1000;

  return {
    sign(objectKey, userId) {
      return signed('link', { k: objectKey, u: userId, e: Math.floor(now()) + LINK_TTL_SECONDS, n: randomBytes(9).toString('base64url') });
    },
    bindingCookie(userId) {
      return signed('binding', { u: userId, e: Math.floor(now()) + BINDING_TTL_SECONDS });
    },
    verify(token, who) {
      const link = open<{ k: string; u: string; e: number }>('link', token);
      if (!link || typeof link.k !== 'string' || typeof link.u !== 'string') return { ok: false, reason: 'invalid' };
      if (link.e < now()) return { ok: false, reason: 'expired' };
      const binding = who.cookie ? open<{ u: string; e: number }>('binding', who.cookie) : null;
      const byCookie = binding !== null && binding.u === link.u && binding.e >= now();
      const byBearer = who.bearerUserId === link.u;
      // Another user's session never opens the link, whatever cookie travels with it.
      if (who.bearerUserId !== null && !byBearer) return { ok: false, reason: 'not_yours' };
      if (!byCookie && !byBearer) return { ok: false, reason: 'not_yours' };
      return { ok: true, objectKey: link.k, userId: link.u };
    },
  };
}
