import {
  type ChatLanguage,
  type ChatMessage,
  type ChatSession,
  DEFAULT_CHAT_LANGUAGE,
  DEFAULT_CHAT_TITLE,
  MULTIDOCS_MODEL_ID,
  MultidocsStoredPreview,
} from '@hangar/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { composedStatements, executePrepared, part, type StatementPart } from '../../platform/db/prepared.ts';
import { chatMessages, chatSessions, chatSettings, documents } from '../../platform/db/schema.ts';

/** Spec section 3: ISO timestamps with +00:00. */
export const isoUtc = (d: Date) => d.toISOString().replace('Z', '+00:00');

type MessageRow = typeof chatMessages.$inferSelect;
type Role = MessageRow['role'];

/** A multi-docs answer keeps its preview panel as JSON (MultidocsStoredPreview); anything else is plain text. */
function previewOf(m: MessageRow): Pick<ChatMessage, 'preview' | 'citations' | 'preview_error'> {
  if (m.preview === null || m.model !== MULTIDOCS_MODEL_ID) return { preview: m.preview };
  try {
    const stored = MultidocsStoredPreview.parse(JSON.parse(m.preview));
    return { preview: stored.text, citations: stored.citations, preview_error: stored.failed };
  } catch {
    return { preview: m.preview };
  }
}

const toMessage = (m: MessageRow): ChatMessage => ({
  [m.role]: m.text,
  model: m.model,
  data_type: m.dataType as ChatMessage['data_type'],
  data_name: m.dataName,
  credit: m.creditMilli === null ? null : m.creditMilli / 1000,
  ...previewOf(m),
  ...(m.uploads ? { uploads: m.uploads as ChatMessage['uploads'] } : {}),
  timestamp: isoUtc(m.createdAt),
  ...(m.role === 'assistant' ? { message_id: m.id, status: m.status } : {}),
});

/** Multi Docs citations whose file no longer exists say so (one query for the conversation). */
async function markRemovedSources(db: Db, conversation: ChatMessage[]): Promise<ChatMessage[]> {
  const uris = [...new Set(conversation.flatMap((m) => (m.citations ?? []).filter((c) => c.page !== null).map((c) => c.uri)))];
  if (!uris.length) return conversation;
  const present = new Set((await db.select({ uri: documents.uri }).from(documents).where(inArray(documents.uri, uris))).map((d) => d.uri));
  return conversation.map((m) =>
    m.citations ? { ...m, citations: m.citations.map((c) => (c.page !== null && !present.has(c.uri) ? { ...c, removed: true } : c)) } : m,
  );
}

export type AnswerStatus = MessageRow['status'];
/** How an answer ended, written with its conversation's other changes in finishAnswer. */
export type AnswerEnding = { id: number; text: string; status: AnswerStatus; creditMilli: number } | { id: number; drop: true };

/**
 * What the history and the user's context add to an answer's prompt, in characters, as the opening
 * statement (openForAnswer) reads them before its hold: a hold may be sized with them.
 */
export const OPENING_PROMPT_CHARS = {
  history: "(SELECT COALESCE(SUM(length(text)), 0) FROM recent WHERE role IN ('user', 'assistant'))",
  context: "COALESCE((SELECT length(btrim(context, E' \\t\\r\\n')) FROM st), 0)",
};

// The texts of the two statements every question runs (openForAnswer, finishAnswer), fixed so each
// is built once (composedStatements).
const OPEN_START = `
        WITH recent AS (
          SELECT id, role, text FROM chat_messages
          WHERE user_id = $? AND session_id = $?
          ORDER BY id DESC LIMIT $?
        ), st AS (
          SELECT language, context FROM chat_settings WHERE user_id = $?
        ), `;
const OPEN_END = `, t AS (
          SELECT EXISTS (SELECT 1 FROM credit_hold)
            AND NOT EXISTS (SELECT 1 FROM chat_sessions WHERE user_id = $? AND id = $? AND title <> $?)
            AND NOT EXISTS (SELECT 1 FROM chat_messages WHERE user_id = $? AND session_id = $? AND role = 'user') AS titled
        ), s AS (
          INSERT INTO chat_sessions (user_id, id, title)
          VALUES ($?, $?, CASE WHEN (SELECT titled FROM t) THEN $? ELSE $? END)
          ON CONFLICT (user_id, id) DO UPDATE
            SET updated_at = now(), title = CASE WHEN (SELECT titled FROM t) THEN $? ELSE chat_sessions.title END
          RETURNING title
        ), q AS (
          INSERT INTO chat_messages (user_id, session_id, role, text, model, status, reservation_id)
          SELECT $?, $?, v.role, v.text, $?, v.status, v.reservation_id::uuid
          FROM credit_hold, (VALUES
            (1, 'user', $?, 'complete', NULL),
            (2, 'assistant', '', 'streaming', $?)
          ) AS v (ord, role, text, status, reservation_id)
          ORDER BY v.ord
          RETURNING id, role
        )
        SELECT s.title, st.language, st.context, (SELECT amount FROM credit_hold) AS held, (SELECT titled FROM t) AS titled,
          (SELECT id FROM q WHERE role = 'assistant') AS answer_id,
          (SELECT json_agg(json_build_object('role', role, 'text', text) ORDER BY id) FROM recent) AS recent
        FROM s LEFT JOIN st ON true`;
const DROP_ANSWER = 'a AS (DELETE FROM chat_messages WHERE id = $? AND user_id = $?)';
const END_ANSWER = `a AS (UPDATE chat_messages SET text = $?, status = $?, credit_milli = $?::bigint,
                updated_at = now() WHERE id = $? AND user_id = $?)`;
const TOUCH_SESSION = `UPDATE chat_sessions
        SET updated_at = now(), title = COALESCE($?, title) WHERE user_id = $? AND id = $?`;
/** `m AS (INSERT ... VALUES ...)` for n messages, each text built once. */
const insertTexts: string[] = [];
const insertMessages = (n: number) => {
  insertTexts[n] ??=
    `m AS (INSERT INTO chat_messages (user_id, session_id, role, text, model, credit_milli) VALUES ${Array.from({ length: n }, () => '($?, $?, $?, $?, $?, $?::bigint)').join(', ')})`;
  return insertTexts[n];
};

/** A user's conversations and chat settings. Every query is scoped to the user: others' ids do not exist. */
export function createChatStore(db: Db) {
  const mine = (userId: string, id: string) => and(eq(chatSessions.userId, userId), eq(chatSessions.id, id));
  const composed = composedStatements(db);

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
     * Everything an answer needs before its first token, in one statement: reads the earlier
     * messages (oldest first; the question is not among them) and the user's chat settings, runs the
     * credit hold `hold` (the ledger's `credit_hold`; it may size itself with OPENING_PROMPT_CHARS) and, when it was
     * granted, stores the question and the answer's empty streaming row (`answerId`), touches the
     * conversation and gives a new one the title `question.title` (`titled`). `held` is null when
     * nothing was held: nothing is stored then.
     */
    async openForAnswer(
      userId: string,
      id: string,
      historyLimit: number,
      question: { text: string; model: string; title: string; reservationId: string | null },
      hold: readonly StatementPart[],
    ) {
      const { title, model, text, reservationId } = question;
      const rows = (await composed([
        part(OPEN_START, userId, id, historyLimit, userId),
        ...hold,
        part(
          OPEN_END,
          userId,
          id,
          DEFAULT_CHAT_TITLE,
          userId,
          id,
          userId,
          id,
          title,
          DEFAULT_CHAT_TITLE,
          title,
          userId,
          id,
          model,
          text,
          reservationId,
        ),
      ])) as {
        title: string;
        language: string | null;
        context: string | null;
        held: string | number | null;
        titled: boolean;
        answer_id: string | number | null;
        recent: { role: Role; text: string }[] | null;
      }[];
      const row = rows[0]!;
      return {
        title: row.title,
        titled: row.titled,
        settings: { language: (row.language as ChatLanguage) ?? DEFAULT_CHAT_LANGUAGE, context: row.context ?? '' },
        held: row.held === null ? null : Number(row.held),
        answerId: row.answer_id === null ? null : Number(row.answer_id),
        recent: row.recent ?? [],
      };
    },

    /**
     * Stores what an answer left (the answer and/or an error), touches the conversation and sets its
     * title when given, in one statement with `also` (the ledger's settlement, say).
     */
    async finishAnswer(
      userId: string,
      id: string,
      messages: { role: Role; text: string; model: string; creditMilli?: number }[],
      title: string | null,
      also?: StatementPart,
      answer?: AnswerEnding,
    ) {
      const ctes: StatementPart[] = [];
      if (answer && 'drop' in answer) ctes.push(part(DROP_ANSWER, answer.id, userId));
      else if (answer) ctes.push(part(END_ANSWER, answer.text, answer.status, answer.creditMilli, answer.id, userId));
      if (also) ctes.push(also);
      if (messages.length) {
        const values = messages.flatMap((m) => [userId, id, m.role, m.text, m.model, m.creditMilli ?? null]);
        ctes.push({ text: insertMessages(messages.length), values });
      }
      const parts: StatementPart[] = [];
      for (const cte of ctes) parts.push(part(parts.length ? ', ' : 'WITH '), cte);
      if (ctes.length) parts.push(part(' '));
      parts.push(part(TOUCH_SESSION, title, userId, id));
      await composed(parts);
    },

    /**
     * The row of an answer being produced: empty and streaming until the producer writes more. The
     * conversation gets its title now (when it has a new one), so the history lists it while it streams.
     */
    async startAnswer(
      userId: string,
      sessionId: string,
      model: string,
      title: string | null,
      reservationId: string | null,
    ): Promise<number> {
      const { rows } = (await db.execute(sql`
        WITH a AS (
          INSERT INTO chat_messages (user_id, session_id, role, text, model, status, reservation_id)
          VALUES (${userId}, ${sessionId}, 'assistant', '', ${model}, 'streaming', ${reservationId}::uuid) RETURNING id
        ), s AS (
          UPDATE chat_sessions SET title = COALESCE(${title}, title), updated_at = now() WHERE user_id = ${userId} AND id = ${sessionId}
        )
        SELECT id FROM a`)) as unknown as { rows: { id: string | number }[] };
      return Number(rows[0]!.id);
    },

    /**
     * Writes the text so far of several streaming answers in one statement (the producers'
     * heartbeat too); returns the ids of those whose Stop was pressed meanwhile. Two batches never
     * share an answer (a process writes only the answers it produces, and leaves one whose write is
     * under way out of the next), so they never wait on each other; ids are sorted all the same.
     */
    async flushAnswers(answers: { id: number; text: string }[]): Promise<Set<number>> {
      const rows = [...answers].sort((a, b) => a.id - b.id);
      const result = await executePrepared(
        db,
        sql`UPDATE chat_messages AS m SET text = v.text, updated_at = now()
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id bigint, text text)
          WHERE m.id = v.id AND m.status = 'streaming' RETURNING m.id, m.stop_requested`,
      );
      return new Set(result.filter((row) => row.stop_requested === true).map((row) => Number(row.id)));
    },

    /** Writes one answer's text so far (when a batch was refused); tells whether Stop was pressed meanwhile. */
    async flushAnswer(id: number, text: string): Promise<{ stopRequested: boolean }> {
      const [row] = await executePrepared(
        db,
        sql`UPDATE chat_messages SET text = ${text}, updated_at = now() WHERE id = ${id} AND status = 'streaming' RETURNING stop_requested`,
      );
      return { stopRequested: row?.stop_requested === true };
    },

    /** An answer by id, whoever owns it (the caller checks the owner with the chatSession policy). */
    async answer(id: number) {
      const [row] = await db
        .select({
          id: chatMessages.id,
          userId: chatMessages.userId,
          sessionId: chatMessages.sessionId,
          text: chatMessages.text,
          status: chatMessages.status,
          creditMilli: chatMessages.creditMilli,
          updatedAt: chatMessages.updatedAt,
        })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, id), eq(chatMessages.role, 'assistant')));
      return row ?? null;
    },

    /** The error line stored right after an answer, if any (the reason it failed or was cut). */
    async errorAfter(userId: string, sessionId: string, id: number): Promise<string | null> {
      const [row] = await db
        .select({ text: chatMessages.text, role: chatMessages.role })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sessionId, sessionId), sql`${chatMessages.id} > ${id}`))
        .orderBy(asc(chatMessages.id))
        .limit(1);
      return row?.role === 'error' ? row.text : null;
    },

    async requestStop(id: number): Promise<boolean> {
      const rows = await db
        .update(chatMessages)
        .set({ stopRequested: true })
        .where(and(eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')))
        .returning({ id: chatMessages.id });
      return rows.length > 0;
    },

    /** Marks failed an answer whose producer stopped writing long ago (its process died); its hold to release. */
    async failIfStale(id: number, staleMs: number): Promise<{ reservationId: string | null } | null> {
      const [row] = await db
        .update(chatMessages)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(
          and(
            eq(chatMessages.id, id),
            eq(chatMessages.status, 'streaming'),
            sql`${chatMessages.updatedAt} < now() - make_interval(secs => ${staleMs / 1000})`,
          ),
        )
        .returning({ reservationId: chatMessages.reservationId });
      return row ?? null;
    },

    /** Marks failed every answer whose producer stopped writing long ago, whoever asked it; their holds to release. */
    async failAllStale(staleMs: number): Promise<{ id: number; reservationId: string | null }[]> {
      return db
        .update(chatMessages)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(chatMessages.status, 'streaming'), sql`${chatMessages.updatedAt} < now() - make_interval(secs => ${staleMs / 1000})`))
        .returning({ id: chatMessages.id, reservationId: chatMessages.reservationId });
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
        conversation: await markRemovedSources(db, messages.map(toMessage)),
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
