import { z } from 'zod';

// Multi Docs (tab 7, issue 15): shapes shared by server/src/features/multidocs and the chat's
// multi-docs parts in web/src/apps/chat. Routes and texts follow spec/portal.md, "Multi docs".

/** The model id an assistant message carries in multi-docs mode (spec section 4, Send). */
export const MULTIDOCS_MODEL_ID = 'ia_multidocs';
/** Title shown in the model header when multi-docs is on. */
export const MULTIDOCS_HEADER_TITLE = 'MultiDocs';
export const MULTIDOCS_PLACEHOLDER = 'Select one or all file then ask question';
/** Spec section 5: shown, and nothing added, when a dropped, picked or pasted file has another type. */
export const MULTIDOCS_UNSUPPORTED_WARNING = 'Only PDF documents, audio and video files are accepted.';
/** Spec section 8: a multi-docs send that fails. */
export const MULTIDOCS_SEND_ERROR = 'An Error has occurred';
/** Spec section 4: added when the user leaves multi-docs mode. */
export const MULTIDOCS_LEFT_EXPLANATION = 'This chat no longer has access to your files.';
/** The one-line note above an extractive answer when no language model is configured. */
export const MULTIDOCS_OFFLINE_NOTE =
  'No language model is configured: here are the passages of your documents that best match the question.';
/** Said when the selected documents hold nothing that matches the question. */
export const MULTIDOCS_NO_ANSWER = 'The selected documents do not contain an answer to this question.';
/** Prefix of a transcript made by the offline recogniser, so users know its quality. */
export const MULTIDOCS_OFFLINE_TRANSCRIPT_LABEL = '[Offline transcription, English]';
/** Long file names are shown truncated at this many characters (spec section 2). */
export const MULTIDOCS_NAME_MAX_SHOWN = 35;
export const MULTIDOCS_PREVIEW_MAX_HEIGHT_PX = 400;
export const MULTIDOCS_LINK_MODAL_WIDTH_PX = 750;

/**
 * Accepted upload types (spec section 5), by MIME type and by extension: a browser may send an
 * empty or generic MIME type, so either one matching is enough.
 */
export const MULTIDOCS_ACCEPTED_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/x-matroska',
  'video/quicktime',
  'application/pdf',
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/webm',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/opus',
  'audio/ogg',
  'audio/aac',
  'audio/flac',
  'audio/x-flac',
  'audio/pcm',
  'audio/L16',
  // Office documents: the issue adds docx and pptx text to the spec's list.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const MULTIDOCS_ACCEPTED_EXTENSIONS = [
  'jpeg',
  'jpg',
  'png',
  'webp',
  'mp4',
  'webm',
  'mkv',
  'mov',
  'pdf',
  'mpeg',
  'mp3',
  'wav',
  'm4a',
  'opus',
  'aac',
  'flac',
  'pcm',
  'docx',
  'pptx',
] as const;

export const MULTIDOCS_FILE_KINDS = ['pdf', 'image', 'audio', 'video', 'docx', 'pptx'] as const;
export type MultidocsFileKind = (typeof MULTIDOCS_FILE_KINDS)[number];

const KIND_BY_EXTENSION: Record<string, MultidocsFileKind> = {
  pdf: 'pdf',
  jpeg: 'image',
  jpg: 'image',
  png: 'image',
  webp: 'image',
  mp4: 'video',
  mkv: 'video',
  mov: 'video',
  mpeg: 'audio',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  opus: 'audio',
  aac: 'audio',
  flac: 'audio',
  pcm: 'audio',
  docx: 'docx',
  pptx: 'pptx',
};

/**
 * What a file is, from its name and MIME type; null when the spec's warning applies.
 * webm is audio when its MIME type says so, video otherwise.
 */
export function multidocsFileKind(name: string, mimeType = ''): MultidocsFileKind | null {
  const ext = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const mime = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (ext === 'webm') return mime.startsWith('audio/') ? 'audio' : 'video';
  const byExt = KIND_BY_EXTENSION[ext];
  if (byExt) return byExt;
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/') && (MULTIDOCS_ACCEPTED_MIME_TYPES as readonly string[]).includes(mime)) return 'image';
  if (mime.startsWith('audio/') && (MULTIDOCS_ACCEPTED_MIME_TYPES as readonly string[]).includes(mime)) return 'audio';
  if (mime.startsWith('video/') && (MULTIDOCS_ACCEPTED_MIME_TYPES as readonly string[]).includes(mime)) return 'video';
  if (mime.endsWith('wordprocessingml.document')) return 'docx';
  if (mime.endsWith('presentationml.presentation')) return 'pptx';
  return null;
}

/** The composer's attachment file_type (spec section 3). */
export function multidocsAttachmentType(kind: MultidocsFileKind | 'html'): 'doc' | 'audio' | 'html' {
  if (kind === 'html') return 'html';
  return kind === 'audio' || kind === 'video' ? 'audio' : 'doc';
}

/** Largest upload, and longest audio or video, the server accepts. */
export const MULTIDOCS_MAX_UPLOAD_MB = 100;
export const MULTIDOCS_MAX_MEDIA_MINUTES = 30;

/** Spec section 9: response-time points (pages, seconds); at or above the last it stays flat. */
export const RESPONSE_TIME_POINTS: readonly (readonly [number, number])[] = [
  [10, 5],
  [30, 10],
  [50, 15],
  [60, 20],
  [100, 25],
  [170, 30],
  [220, 35],
];

/** Seconds the page count adds to an answer; under 10 pages it is the first point's 5 s. */
export function pageTimeEstimate(totalPages: number): number {
  const pages = Math.max(0, totalPages);
  const first = RESPONSE_TIME_POINTS[0] as readonly [number, number];
  const last = RESPONSE_TIME_POINTS[RESPONSE_TIME_POINTS.length - 1] as readonly [number, number];
  if (pages <= first[0]) return first[1];
  if (pages >= last[0]) return last[1];
  for (let i = 1; i < RESPONSE_TIME_POINTS.length; i++) {
    const [x1, y1] = RESPONSE_TIME_POINTS[i] as readonly [number, number];
    const [x0, y0] = RESPONSE_TIME_POINTS[i - 1] as readonly [number, number];
    if (pages <= x1) return y0 + ((pages - x0) * (y1 - y0)) / (x1 - x0);
  }
  return last[1];
}

/** Total = attachment extra time + page estimate + conversation extra time (spec section 9). */
export function responseTimeEstimate(totalPages: number, attachmentExtraSeconds: number, conversationExtraSeconds = 0): number {
  return Math.round(attachmentExtraSeconds + pageTimeEstimate(totalPages) + conversationExtraSeconds);
}

/** Seconds under 60, else whole minutes (spec section 9). */
export function formatResponseTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  return `${minutes} min`;
}

/** The fileInfo field of an upload (spec section 7), all optional: the server measures for itself. */
export const MultidocsFileInfo = z
  .object({
    size: z.number().nonnegative().optional(),
    sizeInMo: z.number().nonnegative().optional(),
    completeType: z.string().max(200).optional(),
    type: z.string().max(200).optional(),
    name: z.string().max(500).optional(),
    lastModified: z.union([z.string(), z.number()]).optional(),
    durationInMinute: z.number().nonnegative().optional(),
  })
  .passthrough();
export type MultidocsFileInfo = z.infer<typeof MultidocsFileInfo>;

export const MultidocsSessionId = z
  .string({ error: 'sessionId is missing: send the chat session id with the form' })
  .regex(/^[A-Za-z0-9_-]{6,64}$/, 'sessionId must be 6 to 64 letters, digits, - or _');

/** Text fields of POST /api/multidocs_chat/upload-file besides the file. */
export const MultidocsUploadFields = z.object({
  sessionId: MultidocsSessionId,
  /** JSON text of MultidocsFileInfo. */
  fileInfo: z.string().max(4000).optional(),
});

export const MultidocsScrapeRequest = z.object({
  sessionId: MultidocsSessionId,
  url: z.string({ error: 'Enter a link' }).trim().min(1, 'Enter a link').max(2048, 'The link is too long'),
});

/** Answer of upload-file and scrape-url. */
export const MultidocsUploadResponse = z.object({
  /** The document's storage link, used as gs_link and in texts[].uri. */
  uri: z.string(),
  total_pages: z.number().int().nonnegative(),
  /** Seconds this attachment adds to the response-time estimate. */
  additional_time: z.number().nonnegative(),
  name: z.string(),
  file_type: z.enum(['doc', 'audio', 'html']),
  /** Page title for links, file name otherwise. */
  title: z.string(),
  /** How the text was obtained: text layer, OCR, speech provider, offline recogniser, readable article. */
  extraction: z.string(),
  /**
   * ready: searchable now. pending: the upload outlasted the server's short wait and its extraction
   * job goes on (HTTP 202); total_pages is 0 until then. Follow it with GET upload-status.
   */
  status: z.enum(['ready', 'pending']).default('ready'),
  /** Pending: share done (0 to 1) when the engine can tell, else null; and what it is doing. */
  progress: z.number().min(0).max(1).nullable().default(null),
  stage: z.string().nullable().default(null),
});
export type MultidocsUploadResponse = z.infer<typeof MultidocsUploadResponse>;

/** Query of GET /api/multidocs_chat/upload-status: the uri upload-file answered. */
export const MultidocsUploadStatusQuery = z.object({ uri: z.string().min(1).max(500) });

export const MultidocsTranscriptFields = z.object({ sessionId: MultidocsSessionId });
export const MultidocsTranscriptResponse = z.object({
  answer: z.string(),
  /** True when the offline recogniser made it (the answer starts with its label). */
  offline: z.boolean(),
});
export type MultidocsTranscriptResponse = z.infer<typeof MultidocsTranscriptResponse>;

export const MultidocsDeleteRequest = z.object({ gs_link: z.string().min(1).max(500) });
export const MultidocsDeleteResponse = z.object({ deleted: z.boolean() });

/** One piece of the composer's content: a text block or an uploaded attachment (by its uri). */
export const MultidocsTextPiece = z.object({
  text: z.string().max(32_000).optional(),
  uri: z.string().max(500).optional(),
});
export type MultidocsTextPiece = z.infer<typeof MultidocsTextPiece>;

/** Form fields of POST /api/multidocs_chat/dual-stream. */
export const MultidocsDualStreamRequest = z.object({
  sessionId: MultidocsSessionId,
  /** The composer's content as html (kept as the user's message). */
  html: z.string().max(64_000).default(''),
  total_time: z.coerce.number().nonnegative().default(0),
  total_pages: z.coerce.number().nonnegative().default(0),
  additional_time: z.coerce.number().nonnegative().default(0),
  /** JSON text of MultidocsTextPiece[]. */
  texts: z.string().min(2, 'Ask a question').max(200_000),
  /** Optional model id (defaults to gpt4, spec section 4). */
  model: z.string().max(40).optional(),
});
export type MultidocsDualStreamRequest = z.infer<typeof MultidocsDualStreamRequest>;

export const MULTIDOCS_EVENT_TYPES = [
  'preview_start',
  'preview_chunk',
  'preview_end',
  'ask_start',
  'ask_chunk',
  'ask_end',
  'total_credit',
  'preview_error',
  'ask_error',
  'global_error',
  'heartbeat',
  'stream_complete',
] as const;
export type MultidocsEventType = (typeof MULTIDOCS_EVENT_TYPES)[number];

/** A source the answer may cite as [n]. */
export const MultidocsCitation = z.object({
  n: z.number().int().positive(),
  uri: z.string(),
  name: z.string(),
  /** 1-based page for documents; null for links and media, and for a docx (no layout: its heading says where). */
  page: z.number().int().positive().nullable(),
  /**
   * The heading the passage sits under (a docx's Heading and Title styles, a web page's headings),
   * when known: a docx passage is cited as "name, section 'Heading'" (issue 33).
   */
  heading: z.string().nullable().optional(),
  /**
   * One of the passages the search found best for this question: the preview lists these (issue
   * 33), not every passage of a small file given whole to the model.
   */
  matched: z.boolean().optional(),
  /** Address of a link source. */
  url: z.string().nullable(),
  excerpt: z.string(),
  /**
   * Set when a stored answer is read and its file is gone (deleted on leaving Multi Docs, on New
   * chat, or removed by the user): the citation still names the source but opens nothing.
   */
  removed: z.boolean().optional(),
});
export type MultidocsCitation = z.infer<typeof MultidocsCitation>;

/** One `data:` line of the dual stream. */
export const MultidocsEvent = z.object({
  type: z.enum(MULTIDOCS_EVENT_TYPES),
  content: z.union([z.string(), z.number()]).optional(),
  error: z.string().optional(),
  /** ask_end: the conversation's title. */
  title: z.string().optional(),
  /** preview_end: the passages shown, numbered as the answer cites them. */
  citations: z.array(MultidocsCitation).optional(),
});
export type MultidocsEvent = z.infer<typeof MultidocsEvent>;

/**
 * What a multi-docs answer stored in the conversation keeps besides its text (its preview panel):
 * the preview text, the numbered citations its [n] link to, and whether the search failed. The
 * chat's message row keeps it in its preview column as this JSON; the API answers it as the
 * message's preview, citations and preview_error.
 */
export const MultidocsStoredPreview = z.object({
  text: z.string(),
  citations: z.array(MultidocsCitation),
  failed: z.boolean().default(false),
});
export type MultidocsStoredPreview = z.infer<typeof MultidocsStoredPreview>;

/** Answer of GET /api/multidocs_chat/sessions/{sessionId}: the session's attachments, as uploads answered them. */
export const MultidocsSessionAttachments = z.object({ attachments: z.array(MultidocsUploadResponse) });

/** Answer of DELETE /api/multidocs_chat/sessions/{sessionId}: how many attachments went. */
export const MultidocsSessionCleanupResponse = z.object({ deleted: z.number().int().nonnegative() });

/** Seconds between heartbeats while the stream waits for a model. */
export const MULTIDOCS_HEARTBEAT_SECONDS = 10;
