import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/**
 * The embed token of a builtin dashboard: who it was given to, for which report and session, until
 * when, signed with the portal's own secret (HMAC-SHA256). The widget data route accepts it only
 * from that same user, for that report, while the session lives.
 */
export interface EmbedClaims {
  userId: string;
  report: string;
  sessionId: string;
  /** Unix seconds. */
  expires: number;
}

export type TokenCheck = { ok: true; claims: EmbedClaims } | { ok: false; reason: string };

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function createEmbedTokens(db: Db) {
  const secret = Buffer.from(
    await getOrCreateSecret(db, 'dashboard_embed_secret', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const mac = (payload: string) => createHmac('sha256', secret).update(`dashboard-embed:${payload}`).digest('base64url');
  return {
    sign(claims: EmbedClaims): string {
      const payload = encode({ u: claims.userId, r: claims.report, s: claims.sessionId, e: claims.expires });
      return `${payload}.${mac(payload)}`;
    },
    verify(token: string, who: { userId: string; report: string }, now = Date.now()): TokenCheck {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'The embed token is malformed.' };
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'The embed token is not one this portal signed.' };
      }
      let c: { u?: unknown; r?: unknown; s?: unknown; e?: unknown };
      try {
        c = JSON.parse(Buffer.from(payload, 'base64url').toString());
      } catch {
        return { ok: false, reason: 'The embed token is malformed.' };
      }
      if (typeof c.u !== 'string' || typeof c.r !== 'string' || typeof c.s !== 'string' || typeof c.e !== 'number') {
        return { ok: false, reason: 'The embed token is malformed.' };
      }
      if (c.u !== who.userId) return { ok: false, reason: 'This embed token was given to another user.' };
      if (c.r !== who.report) return { ok: false, reason: `This embed token is for the dashboard "${c.r}", not "${who.report}".` };
      if (c.e * 1000 < now) return { ok: false, reason: 'The embed token has expired: open the dashboard again for a new one.' };
      return { ok: true, claims: { userId: c.u, report: c.r, sessionId: c.s, expires: c.e } };
    },
  };
}
export type EmbedTokens = Awaited<ReturnType<typeof createEmbedTokens>>;
