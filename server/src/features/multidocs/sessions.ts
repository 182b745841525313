import { type MultidocsFileKind, type MultidocsUploadResponse, multidocsAttachmentType } from '@hangar/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { chatSessions, multidocsFiles } from '../../platform/db/schema.ts';
import type { FileRow } from './store.ts';

export const SWEEP_QUEUE = 'multidocs-sweep';

/** An attachment as upload-file answered it. */
export const presentAttachment = (row: FileRow): MultidocsUploadResponse => ({
  status: row.status === 'pending' ? 'pending' : 'ready',
  progress: row.status === 'pending' ? row.progress : null,
  stage: row.status === 'pending' ? row.stage : null,
  uri: row.uri,
  total_pages: row.pages,
  additional_time: row.additionalTime,
  name: row.name,
  file_type: multidocsAttachmentType(row.kind as MultidocsFileKind | 'html'),
  title: row.title,
  extraction: row.method,
});

/**
 * A Multi Docs session's attachments. The composer lists them when it opens (a reload, a
 * conversation reopened), so files still on the server are not silently out of the question.
 * Attachments live as long as the Multi Docs session that uses them: the composer deletes one the
 * user removes (DELETE delete), the chat deletes the whole session's when the user leaves the mode
 * or starts a new chat (DELETE sessions/{id}), and the hourly sweep deletes those of sessions
 * nobody touched for MULTIDOCS_SESSION_TTL_HOURS (a closed tab, a lost connection).
 */
export function createMultidocsSessions(ctx: AppContext, remove: (row: FileRow) => Promise<void>) {
  async function removeAll(rows: FileRow[]): Promise<number> {
    let removed = 0;
    for (const row of rows) {
      try {
        await remove(row);
        removed++;
      } catch (err) {
        ctx.app.log.warn({ err, uri: row.uri }, 'a multi-docs attachment could not be deleted');
      }
    }
    return removed;
  }

  const ofSession = (userId: string, sessionId: string) =>
    ctx.db
      .select()
      .from(multidocsFiles)
      .where(and(eq(multidocsFiles.userId, userId), eq(multidocsFiles.sessionId, sessionId)))
      .orderBy(asc(multidocsFiles.createdAt));

  return {
    /** The caller's attachments of one session, oldest first; another user's session has none. */
    list: ofSession,

    /** The caller's attachments of one session; another user's session deletes nothing. */
    async removeSession(userId: string, sessionId: string): Promise<number> {
      return removeAll(await ofSession(userId, sessionId));
    },

    /**
     * Attachments of sessions abandoned for the configured time: no file added and no question
     * asked (the conversation untouched) since. Safe from several processes: a row already gone
     * is simply not found again.
     */
    async sweep(): Promise<number> {
      const cutoff = sql`now() - make_interval(secs => ${ctx.config.MULTIDOCS_SESSION_TTL_HOURS * 3600})`;
      const rows = await ctx.db
        .select()
        .from(multidocsFiles)
        .where(
          and(
            sql`${multidocsFiles.createdAt} < ${cutoff}`,
            sql`not exists (select 1 from ${multidocsFiles} recent where recent.user_id = ${multidocsFiles.userId}
              and recent.session_id = ${multidocsFiles.sessionId} and recent.created_at >= ${cutoff})`,
            sql`not exists (select 1 from ${chatSessions} s where s.user_id = ${multidocsFiles.userId}
              and s.id = ${multidocsFiles.sessionId} and s.updated_at >= ${cutoff})`,
          ),
        )
        .limit(500);
      const removed = await removeAll(rows);
      if (removed) ctx.app.log.info({ removed }, 'abandoned multi-docs attachments deleted');
      return removed;
    },
  };
}
