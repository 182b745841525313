import { type ChatLanguage, type ChatMessage, type ChatSession, DEFAULT_CHAT_LANGUAGE, DEFAULT_CHAT_TITLE } from '@hangar/contract';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { chatMessages, chatSessions, chatSettings } from '../../platform/db/schema.ts';

/** Spec section 3: ISO timestamps with +00:00. */
export const isoUtc = (d: Date) => d.toISOString().replace('Z', '+00:00');

type MessageRow = typeof chatMessages.$inferSelect;
type Role = MessageRow['role'];

const toMessage = (m: MessageRow): ChatMessage => ({
  [m.role]: m.text,
  model: m.model,
  data_type: m.dataType as ChatMessage['data_type'],
  data_name: m.dataName,
  credit: m.creditMilli === null ? null : m.creditMilli / 1000,
  preview: m.preview,
  ...(m.uploads ? { uploads: m.uploads as ChatMessage['uploads'] } : {}),
  timestamp: isoUtc(m.createdAt),
});

/** A user's conversations and chat settings. Every query is scoped to the user: others' ids do not exist. */
export function createChatStore(db: Db) {
  const mine = (userId: string, id: string) => and(eq(chatSessions.userId, userId), eq(chatSessions.id, id));

  return {
    async settings(userId: string): Promise<{ language: ChatLanguage; context: string }> {
      const [row] = await db.select().from(chatSettings).where(eq(chatSettings.userId, userId));
      return { language: (row?.language as ChatLanguage) ?? DEFAULT_CHAT_LANGUAGE, context: row?.context ?? '' };
    },

    async saveSettings(userId: string, change: { language?: ChatLanguage; context?: string }) {
      await db
        .insert(chatSettings)
        .values({ userId, ...change })
        .onConflictDoUpdate({ target: chatSettings.userId, set: { ...change, updatedAt: new Date() } });
    },

    /**
     * Opens (or touches) the conversation and returns what an answer needs: its title and the last
     * messages, in two statements.
     */
    async openForAnswer(userId: string, id: string, historyLimit: number) {
      const [session] = await db
        .insert(chatSessions)
        .values({ userId, id })
        .onConflictDoUpdate({ target: [chatSessions.userId, chatSessions.id], set: { updatedAt: new Date() } })
        .returning({ title: chatSessions.title });
      const recent = await db
        .select({ role: chatMessages.role, text: chatMessages.text })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, id)))
        .orderBy(desc(chatMessages.id))
        .limit(historyLimit);
      return { title: session!.title, recent: recent.reverse() };
    },

    /** Creates the conversation on first use; a second call is harmless. */
    async ensureSession(userId: string, id: string) {
      await db.insert(chatSessions).values({ userId, id }).onConflictDoNothing();
    },

    async exists(userId: string, id: string): Promise<boolean> {
      const rows = await db.select({ id: chatSessions.id }).from(chatSessions).where(mine(userId, id));
      return rows.length > 0;
    },

    async append(
      userId: string,
      sessionId: string,
      role: Role,
      text: string,
      extra: { model?: string | null; dataType?: string; creditMilli?: number | null; touch?: boolean } = {},
    ) {
      await db.insert(chatMessages).values({
        userId,
        sessionId,
        role,
        text,
        model: extra.model ?? null,
        dataType: extra.dataType ?? 'text',
        creditMilli: extra.creditMilli ?? null,
      });
      if (extra.touch !== false) await db.update(chatSessions).set({ updatedAt: new Date() }).where(mine(userId, sessionId));
    },

    async setTitle(userId: string, id: string, title: string) {
      const rows = await db
        .update(chatSessions)
        .set({ title, updatedAt: new Date() })
        .where(mine(userId, id))
        .returning({ id: chatSessions.id });
      return rows.length > 0;
    },

    async remove(userId: string, id: string) {
      const rows = await db.delete(chatSessions).where(mine(userId, id)).returning({ id: chatSessions.id });
      return rows.length > 0;
    },

    async get(userId: string, id: string): Promise<ChatSession | null> {
      const [s] = await db.select().from(chatSessions).where(mine(userId, id));
      if (!s) return null;
      const messages = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, id)))
        .orderBy(asc(chatMessages.id));
      return {
        session_id: s.id,
        title: s.title,
        data_name: s.dataName,
        data_type: s.dataType as ChatSession['data_type'],
        conversation: messages.map(toMessage),
        timestamp: isoUtc(s.updatedAt),
        total_pages: s.totalPages,
        additional_time: s.additionalTime,
      };
    },

    /** Newest first. Conversations never used (no message) are left out. */
    async history(userId: string, limit = 200) {
      const rows = await db
        .select({ id: chatSessions.id, title: chatSessions.title, updatedAt: chatSessions.updatedAt })
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.userId, userId),
            sql`exists (select 1 from ${chatMessages} m where m.user_id = ${chatSessions.userId} and m.session_id = ${chatSessions.id} and m.role = 'user')`,
          ),
        )
        .orderBy(desc(chatSessions.updatedAt))
        .limit(limit);
      return rows.map((r) => ({ session_id: r.id, title: r.title, timestamp: isoUtc(r.updatedAt) }));
    },

    /** Case-insensitive search over the user's own titles and messages. */
    async search(userId: string, q: string, limit = 50) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectDistinctOn([chatSessions.id], {
          id: chatSessions.id,
          title: chatSessions.title,
          updatedAt: chatSessions.updatedAt,
          text: chatMessages.text,
        })
        .from(chatSessions)
        .innerJoin(chatMessages, and(eq(chatMessages.userId, chatSessions.userId), eq(chatMessages.sessionId, chatSessions.id)))
        .where(and(eq(chatSessions.userId, userId), or(ilike(chatSessions.title, pattern), ilike(chatMessages.text, pattern))))
        .orderBy(chatSessions.id, desc(chatMessages.id))
        .limit(limit);
      const excerpt = (text: string) => {
        const at = text.toLowerCase().indexOf(q.toLowerCase());
        if (at < 0) return text.slice(0, 160);
        const start = Math.max(0, at - 60);
        return `${start > 0 ? '…' : ''}${text.slice(start, at + q.length + 100)}${at + q.length + 100 < text.length ? '…' : ''}`;
      };
      return rows
        .map((r) => ({ session_id: r.id, title: r.title, timestamp: isoUtc(r.updatedAt), excerpt: excerpt(r.text) }))
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
export { DEFAULT_CHAT_TITLE };
