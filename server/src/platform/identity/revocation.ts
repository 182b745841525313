import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { groupMembers, refreshTokens, users } from '../db/schema.ts';

/**
 * Makes revocation effective within seconds on every process, without a database read per request.
 *
 * An access token carries the user's `ver` (users.auth_version) and its session `sid` (the refresh
 * token family). A token is current while its version is the user's and its session has not ended.
 * Each process keeps the versions and the recently ended sessions in memory: it loads them at start,
 * applies its own changes at once, and reads the changes other processes made every `pollMs`
 * (one indexed query, whatever the number of users).
 */
export interface Revocation {
  isCurrent(claims: { sub: string; ver?: number; sid?: string }): Promise<boolean>;
  /** isCurrent's answer without waiting when this process knows it (the user's version is loaded); else undefined. */
  isCurrentNow(claims: { sub: string; ver?: number; sid?: string }): boolean | undefined;
  /** The users' tokens stop working: their rights, BU or account state changed. */
  bump(userIds: readonly string[]): Promise<void>;
  /** Every member of the group: what the group grants changed. */
  bumpGroup(groupId: string): Promise<void>;
  /** Sessions ended here (logout, reuse detected, all sessions ended). */
  sessionsEnded(familyIds: readonly string[]): void;
  currentVersion(userId: string): Promise<number>;
  start(): Promise<void>;
  stop(): void;
}

// Re-read what changed in this window before the last change seen: a transaction's now() is its
// start time, so a change can commit with a timestamp slightly older than one already read.
const OVERLAP_MS = 10_000;

export function createRevocation(db: Db, opts: { tokenTtlSeconds: number; pollMs?: number }): Revocation {
  const versions = new Map<string, number>();
  const endedSessions = new Map<string, number>(); // sid -> when it may be forgotten (no token of it is still valid)
  let since = new Date(0);
  let timer: NodeJS.Timeout | null = null;
  // Versions only grow: a poll that read a row just before a local bump must not undo it.
  const setVersion = (id: string, ver: number) => versions.set(id, Math.max(ver, versions.get(id) ?? -1));
  const forgetAfter = () => Date.now() + opts.tokenTtlSeconds * 1000 + OVERLAP_MS;

  async function readChanges(from: Date) {
    const changed = await db
      .select({ id: users.id, ver: users.authVersion, at: users.authChangedAt })
      .from(users)
      .where(gt(users.authChangedAt, from));
    for (const u of changed) {
      setVersion(u.id, u.ver);
      if (u.at > since) since = u.at;
    }
    const horizon = new Date(Math.max(from.getTime(), Date.now() - opts.tokenTtlSeconds * 1000 - OVERLAP_MS));
    const ended = await db
      .selectDistinct({ sid: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, horizon)));
    for (const e of ended) endedSessions.set(e.sid, forgetAfter());
  }

  async function poll() {
    await readChanges(new Date(since.getTime() - OVERLAP_MS));
    const now = Date.now();
    for (const [sid, until] of endedSessions) if (until < now) endedSessions.delete(sid);
  }

  async function fetchVersion(userId: string): Promise<number> {
    const [row] = await db.select({ ver: users.authVersion }).from(users).where(eq(users.id, userId));
    // An unknown user (deleted) never has a current token.
    setVersion(userId, row?.ver ?? -1);
    return versions.get(userId)!;
  }

  async function bump(userIds: readonly string[]) {
    if (!userIds.length) return;
    const rows = await db
      .update(users)
      .set({ authVersion: sql`${users.authVersion} + 1`, authChangedAt: sql`now()` })
      .where(inArray(users.id, [...userIds]))
      .returning({ id: users.id, ver: users.authVersion });
    for (const r of rows) setVersion(r.id, r.ver);
  }

  return {
    async isCurrent(claims) {
      if (typeof claims.ver !== 'number' || typeof claims.sid !== 'string') return false;
      if (endedSessions.has(claims.sid)) return false;
      let ver = versions.get(claims.sub) ?? (await fetchVersion(claims.sub));
      // A token newer than what this process knows was minted after a change made elsewhere that the
      // next poll would bring: read it now rather than refuse a fresh token for up to a poll interval.
      if (claims.ver > ver) ver = await fetchVersion(claims.sub);
      return claims.ver === ver;
    },
    isCurrentNow(claims) {
      if (typeof claims.ver !== 'number' || typeof claims.sid !== 'string') return false;
      if (endedSessions.has(claims.sid)) return false;
      const ver = versions.get(claims.sub);
      // Unknown here, or newer than what this process knows: isCurrent reads the database.
      if (ver === undefined || claims.ver > ver) return undefined;
      return claims.ver === ver;
    },
    bump,
    async bumpGroup(groupId) {
      const members = await db.select({ id: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
      await bump(members.map((m) => m.id));
    },
    sessionsEnded(familyIds) {
      for (const sid of familyIds) endedSessions.set(sid, forgetAfter());
    },
    currentVersion: (userId) => (versions.has(userId) ? Promise.resolve(versions.get(userId)!) : fetchVersion(userId)),
    async start() {
      await readChanges(new Date(0));
      timer = setInterval(() => {
        poll().catch(() => {
          // The database is briefly unreachable: the next poll catches up (it re-reads from the last change seen).
        });
      }, opts.pollMs ?? 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
