import { DEFAULT_CHAT_TITLE, MULTIDOCS_MODEL_ID, type MultidocsStoredPreview } from '@hangar/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { chatMessages, chatSessions } from '../../platform/db/schema.ts';

export type StoredAnswerStatus = 'complete' | 'failed' | 'cut';

/**
 * A multi-docs question and its answer go into the chat's conversation (the dual stream's
 * sessionId is the chat's id), so the history, a reload or another device shows them as the
 * chat's own messages: the question, then the answer with model ia_multidocs, its preview panel
 * and citations, its cost and how it ended. The answer row is written as it grows (like the
 * chat's answers), so a reloaded page follows it through the chat's answer stream.
 */
export function createMultidocsHistory(db: Db) {
  return {
    /**
     * Opens (or touches) the conversation, stores the question and an empty streaming answer, and
     * names the conversation after its first question. Answers the answer's id and the title.
     */
    async open(input: {
      userId: string;
      sessionId: string;
      question: string;
      uploads: { type: string; filename: string }[];
      newTitle: string;
      reservationId: string | null;
    }): Promise<{ answerId: number; title: string }> {
      const { userId, sessionId } = input;
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(chatSessions)
          .values({ userId, id: sessionId })
          .onConflictDoUpdate({ target: [chatSessions.userId, chatSessions.id], set: { updatedAt: new Date() } })
          .returning({ title: chatSessions.title });
        const [asked] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, 'user')));
        const title = session!.title === DEFAULT_CHAT_TITLE && !asked?.n ? input.newTitle : session!.title;
        if (title !== session!.title) {
          await tx
            .update(chatSessions)
            .set({ title })
            .where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, sessionId)));
        }
        await tx.insert(chatMessages).values({
          userId,
          sessionId,
          role: 'user',
          text: input.question,
          model: MULTIDOCS_MODEL_ID,
          uploads: input.uploads.length ? input.uploads : null,
        });
        const [answer] = await tx
          .insert(chatMessages)
          .values({
            userId,
            sessionId,
            role: 'assistant',
            text: '',
            model: MULTIDOCS_MODEL_ID,
            status: 'streaming',
            reservationId: input.reservationId,
          })
          .returning({ id: chatMessages.id });
        return { answerId: answer!.id, title };
      });
    },

    /** The preview panel, once the search has answered (or failed). */
    async preview(answerId: number, preview: MultidocsStoredPreview): Promise<void> {
      await db
        .update(chatMessages)
        .set({ preview: JSON.stringify(preview), updatedAt: new Date() })
        .where(eq(chatMessages.id, answerId));
    },

    /** The text so far (also the heartbeat that tells followers the producer lives); whether Stop was pressed. */
    async flush(answerId: number, text: string): Promise<{ stopRequested: boolean }> {
      const [row] = await db
        .update(chatMessages)
        .set({ text, updatedAt: new Date() })
        .where(and(eq(chatMessages.id, answerId), eq(chatMessages.status, 'streaming')))
        .returning({ stopRequested: chatMessages.stopRequested });
      return { stopRequested: row?.stopRequested ?? false };
    },

    /** How the answer ended: its text, status and cost; the conversation is touched. */
    async finish(
      answerId: number,
      userId: string,
      sessionId: string,
      end: { text: string; status: StoredAnswerStatus | 'stopped'; credit: number },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(chatMessages)
          .set({
            text: end.text,
            status: end.status,
            creditMilli: Math.round(end.credit * 1000),
            reservationId: null,
            updatedAt: new Date(),
          })
          .where(eq(chatMessages.id, answerId));
        await tx
          .update(chatSessions)
          .set({ updatedAt: new Date() })
          .where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, sessionId)));
      });
    },
  };
}

export type MultidocsHistory = ReturnType<typeof createMultidocsHistory>;
