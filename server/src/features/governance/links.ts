import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/**
 * Short-lived download links: the browser opens them without a bearer token, so the link itself
 * carries who asked, which object and until when, signed by the server.
 */
export interface DownloadLinks {
  sign(objectKey: string, userId: string): string;
  verify(token: string): { objectKey: string; userId: string } | null;
}

const TTL_SECONDS = 300;

export async function createDownloadLinks(db: Db): Promise<DownloadLinks> {
  const secret = Buffer.from(
    await getOrCreateSecret(db, 'governance_link_secret', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    sign(objectKey, userId) {
      const payload = Buffer.from(JSON.stringify({ k: objectKey, u: userId, e: Math.floor(Date.now() / 1000) + TTL_SECONDS })).toString(
        'base64url',
      );
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const { k, u, e } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { k: string; u: string; e: number };
        return e >= Date.now() / 1000 ? { objectKey: k, userId: u } : null;
      } catch {
        return null;
      }
    },
  };
}
