import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { aiFactorySessions } from '../../platform/db/schema.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

export type SessionRow = typeof aiFactorySessions.$inferSelect;

/** Who the proxy serves: what the session's ticket carries, signed by the portal. */
export interface ProxyIdentity {
  sessionId: string;
  appId: number;
  sub: string;
  email: string;
  name: string;
  bu: string | null;
  ver?: number;
  sid?: string;
  /** Unix seconds. */
  expires: number;
}

/**
 * The session's credential is a ticket in the path (/ai-factory/{id}/~{ticket}/…), not a cookie:
 * app pages run sandboxed in an opaque origin (docs/ai-factory.md), whose requests carry no cookies,
 * while a relative address in the page keeps the ticket. Signed by the portal; names the app.
 */
export const TICKET_MARK = '~';
/** The proxy re-reads a session row at most this often (a delete on another process takes effect within it). */
const ROW_CACHE_MS = 5000;

export async function createAiFactorySessions(ctx: AppContext) {
  const lifetimeMs = ctx.config.AI_FACTORY_SESSION_MINUTES * 60_000;
  const secret = Buffer.from(
    await getOrCreateSecret(ctx.db, 'ai_factory_cookie_secret', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const mac = (payload: string) => createHmac('sha256', secret).update(`ai-factory:${payload}`).digest('base64url');
  const rows = new Map<string, { row: SessionRow | null; until: number }>();

  async function row(id: string, fresh = false): Promise<SessionRow | null> {
    const hit = rows.get(id);
    if (hit && !fresh && hit.until > Date.now()) return hit.row;
    const [found] = await ctx.db.select().from(aiFactorySessions).where(eq(aiFactorySessions.id, id));
    rows.set(id, { row: found ?? null, until: Date.now() + ROW_CACHE_MS });
    if (rows.size > 10_000) rows.delete(rows.keys().next().value!);
    return found ?? null;
  }

  return {
    lifetimeMs,
    async create(user: AccessClaims, appId: number): Promise<{ row: SessionRow; ticket: string }> {
      // This user's sessions that outlived their lifetime are of no use to anyone: removed here.
      await ctx.db
        .delete(aiFactorySessions)
        .where(and(eq(aiFactorySessions.userId, user.sub), lt(aiFactorySessions.expiresAt, new Date())));
      const [created] = await ctx.db
        .insert(aiFactorySessions)
        .values({ userId: user.sub, appId, familyId: user.sid ?? null, expiresAt: new Date(Date.now() + lifetimeMs) })
        .returning();
      const r = created!;
      const claims = {
        s: r.id,
        a: appId,
        u: user.sub,
        m: user.email,
        n: user.name,
        b: user.bu,
        v: user.ver,
        f: user.sid,
        e: Math.floor(r.expiresAt.getTime() / 1000),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { row: r, ticket: `${payload}.${mac(payload)}` };
    },

    /** The identity of a session ticket, or why the proxy refuses it. */
    async verifyTicket(
      value: string | undefined,
      appId: number,
    ): Promise<{ ok: true; who: ProxyIdentity } | { ok: false; reason: string }> {
      if (!value) return { ok: false, reason: 'Open this app from its tab in the portal: you have no session of it.' };
      const [payload, signature, extra] = value.split('.');
      const bad = { ok: false as const, reason: 'Your session of this app is not valid: open it again from the portal.' };
      if (!payload || !signature || extra !== undefined) return bad;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return bad;
      let c: Record<string, unknown>;
      try {
        c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      } catch {
        return bad;
      }
      const who: ProxyIdentity = {
        sessionId: String(c.s),
        appId: Number(c.a),
        sub: String(c.u),
        email: String(c.m),
        name: String(c.n),
        bu: typeof c.b === 'string' ? c.b : null,
        ver: typeof c.v === 'number' ? c.v : undefined,
        sid: typeof c.f === 'string' ? c.f : undefined,
        expires: Number(c.e),
      };
      if (who.appId !== appId) return { ok: false, reason: 'This session is for another app: open this app from its own tab.' };
      if (who.expires * 1000 <= Date.now())
        return { ok: false, reason: 'Your session of this app has expired: open it again from the portal.' };
      // A logout, a revoked right or a disabled account ends the session at once (revocation.ts).
      if (!(await ctx.revocation.isCurrent({ sub: who.sub, ver: who.ver, sid: who.sid }))) {
        return { ok: false, reason: 'You signed out, or your rights changed: sign in and open the app again.' };
      }
      const r = await row(who.sessionId);
      if (!r || r.userId !== who.sub) return { ok: false, reason: 'This session of the app was closed: open it again from the portal.' };
      return { ok: true, who };
    },

    /** The caller's session, or null when it does not exist or is another user's. */
    async mine(userId: string, id: string): Promise<SessionRow | null> {
      const r = await row(id, true);
      return r && r.userId === userId ? r : null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await ctx.db
        .delete(aiFactorySessions)
        .where(and(eq(aiFactorySessions.id, id), eq(aiFactorySessions.userId, userId)))
        .returning({ id: aiFactorySessions.id });
      rows.delete(id);
      return gone.length > 0;
    },

    /** Logout: the sessions opened under these sign-in sessions end with them. */
    async endFamilies(familyIds: readonly string[]): Promise<void> {
      if (!familyIds.length) return;
      const gone = await ctx.db
        .delete(aiFactorySessions)
        .where(inArray(aiFactorySessions.familyId, [...familyIds]))
        .returning({ id: aiFactorySessions.id });
      for (const g of gone) rows.delete(g.id);
    },
  };
}
export type AiFactorySessions = Awaited<ReturnType<typeof createAiFactorySessions>>;
