import { createReadStream } from 'node:fs';
import {
  type ErrorCode,
  MULTIDOCS_MAX_MEDIA_MINUTES,
  MULTIDOCS_UNSUPPORTED_WARNING,
  MultidocsFileInfo,
  type MultidocsFileKind,
  MultidocsSessionId,
  type MultidocsUploadResponse,
  multidocsAttachmentType,
  multidocsFileKind,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { extractMedia, toMp3 } from '../../platform/documents/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { readWebPage } from '../../platform/web-page.ts';
import { createEmbedder } from '../../providers/embeddings/openai-compatible.ts';
import { EXTRACTION_QUEUE } from './extraction-job.ts';
import { receiveUpload, type Upload } from './intake.ts';
import { mediaContentType } from './media-type.ts';
import { presentAttachment } from './sessions.ts';
import { createMultidocsStore, type FileRow } from './store.ts';

/** Seconds each attachment adds to the response-time estimate (spec section 9's attachment extra time). */
export const ADDITIONAL_SECONDS: Record<MultidocsFileKind | 'html', number> = {
  pdf: 2,
  docx: 2,
  pptx: 2,
  image: 2,
  html: 3,
  audio: 5,
  video: 5,
};
const CONTENT_TYPES: Record<'pdf' | 'docx' | 'pptx', string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function createMultidocsService(ctx: AppContext) {
  const store = createMultidocsStore(ctx.db, { embedder: createEmbedder(ctx.config), log: ctx.app.log });
  const extractOptions = (upload: Upload, signal?: AbortSignal) => ({
    workDir: upload.dir,
    timeoutMs: ctx.config.MULTIDOCS_EXTRACT_TIMEOUT_MS,
    signal,
    speech: ctx.config,
    maxMediaSeconds: MULTIDOCS_MAX_MEDIA_MINUTES * 60,
  });
  const sessionOf = (fields: Record<string, string>) => {
    const parsed = MultidocsSessionId.safeParse(fields.sessionId);
    if (!parsed.success) throw badRequest('sessionId must be 6 to 64 letters, digits, - or _');
    return parsed.data;
  };
  const present = (row: FileRow, kind: MultidocsFileKind | 'html'): MultidocsUploadResponse => ({
    ...presentAttachment(row),
    file_type: multidocsAttachmentType(kind),
  });

  return {
    store,

    /**
     * POST upload-file: the file stored, its extraction queued as a job, and the answer given once
     * the job is done or after the short wait (then "pending", and the client follows the job).
     * Nothing stays behind when it fails.
     */
    async upload(request: FastifyRequest, user: AccessClaims): Promise<MultidocsUploadResponse> {
      await ctx.uploadQuota.admit(user.sub);
      const upload = await receiveUpload(request, ctx.config.MULTIDOCS_MAX_UPLOAD_MB);
      let row: FileRow;
      try {
        const sessionId = sessionOf(upload.fields);
        if (upload.fields.fileInfo) {
          let info: unknown;
          try {
            info = JSON.parse(upload.fields.fileInfo);
          } catch {
            throw badRequest('fileInfo must be JSON.');
          }
          if (!MultidocsFileInfo.safeParse(info).success) throw badRequest('fileInfo does not have the expected fields.');
        }
        const kind = multidocsFileKind(upload.name, upload.mimeType);
        if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIDOCS_UNSUPPORTED_WARNING);
        // Stored with the type its bytes say (the type the file is later served with), never the
        // one the client sent; content that is not of its kind is a 415 (media-type.ts).
        const contentType =
          kind === 'image' || kind === 'audio' || kind === 'video'
            ? await mediaContentType(upload.path, upload.name, kind)
            : CONTENT_TYPES[kind];
        // The job may run in another process: it reads the file from the object store, not this temp folder.
        const doc = await ctx.documents.save({
          body: createReadStream(upload.path),
          fileName: upload.name,
          contentType,
          ownerId: user.sub,
          visibility: 'private',
        });
        try {
          row = await store.insertPending({
            uri: doc.uri,
            userId: user.sub,
            sessionId,
            documentId: doc.id,
            name: upload.name,
            title: upload.name,
            kind,
            url: null,
            pages: 0,
            additionalTime: ADDITIONAL_SECONDS[kind],
            method: 'pending',
            stage: 'Waiting to be read',
          });
          await ctx.jobs.send(EXTRACTION_QUEUE, { fileId: row.id });
        } catch (err) {
          await ctx.documents.remove(doc).catch(() => {}); // cascades to the pending row
          throw err;
        }
      } finally {
        await upload.dispose();
      }
      return this.status(await store.waitWhilePending(row.id, ctx.config.MULTIDOCS_UPLOAD_WAIT_MS));
    },

    /**
     * An attachment as the client sees it: ready, or pending with its progress. A failed one is
     * answered as the error the upload would have given, once: its tombstone goes with the answer.
     */
    async status(row: FileRow | undefined): Promise<MultidocsUploadResponse> {
      if (!row) throw new AppError('NOT_FOUND', 'This attachment no longer exists: attach it again.');
      if (row.status === 'failed') {
        await store.remove(row.id);
        throw new AppError((row.errorCode as ErrorCode | null) ?? 'BAD_REQUEST', row.error ?? 'This file could not be read.');
      }
      return present(row, row.kind as MultidocsFileKind | 'html');
    },

    /** POST scrape-url: the page's article kept as passages (no file is stored). */
    async scrape(user: AccessClaims, sessionId: string, url: string): Promise<MultidocsUploadResponse> {
      const article = await readWebPage(url, {
        allowList: ctx.config.MULTIDOCS_URL_ALLOWLIST,
        maxBytes: 5 * 1024 * 1024,
        timeoutMs: 15_000,
      });
      const words = article.paragraphs.reduce((n, p) => n + p.text.split(/\s+/).length, 0);
      const row = await store.save(
        {
          uri: `links/${crypto.randomUUID()}`,
          userId: user.sub,
          sessionId,
          documentId: null,
          name: article.title.slice(0, 200),
          title: article.title.slice(0, 500),
          kind: 'html',
          url: article.url,
          pages: Math.max(1, Math.ceil(words / 500)),
          additionalTime: ADDITIONAL_SECONDS.html,
          method: 'readable article',
        },
        article.paragraphs.map((p) => ({ page: null, heading: p.heading, text: p.text })),
      );
      return present(row, 'html');
    },

    /** POST transcript-file: the recording kept as mp3, its transcript answered. */
    async transcript(request: FastifyRequest, user: AccessClaims): Promise<{ answer: string; offline: boolean }> {
      await ctx.uploadQuota.admit(user.sub);
      const upload = await receiveUpload(request, ctx.config.MULTIDOCS_MAX_UPLOAD_MB);
      try {
        sessionOf(upload.fields);
        const kind = multidocsFileKind(upload.name, upload.mimeType);
        if (kind !== 'audio' && kind !== 'video') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIDOCS_UNSUPPORTED_WARNING);
        // A recording in fact, before ffmpeg is given it.
        await mediaContentType(upload.path, upload.name, kind);
        const opts = extractOptions(upload);
        const media = await extractMedia(upload.path, ctx.config, opts.maxMediaSeconds, opts);
        const mp3 = await toMp3(upload.path, opts);
        const saved = await ctx.documents.save({
          body: createReadStream(mp3),
          fileName: `${upload.name.replace(/\.[^.]+$/, '') || 'recording'}.mp3`,
          contentType: 'audio/mpeg',
          ownerId: user.sub,
          visibility: 'private',
        });
        await ctx.uploadQuota.record(user.sub, saved.size);
        return { answer: media.sections.map((s) => s.text).join('\n'), offline: media.offline };
      } finally {
        await upload.dispose();
      }
    },

    /** DELETE delete: the attachment, its passages and its stored file. */
    async remove(row: FileRow): Promise<void> {
      await store.remove(row.id);
      if (row.documentId) {
        const doc = await ctx.documents.findByUri(row.uri);
        if (doc) await ctx.documents.remove(doc);
      }
    },
  };
}
