import {
  ANSWER_ID_HEADER,
  MultidocsDeleteResponse,
  MultidocsSessionAttachments,
  MultidocsSessionCleanupResponse,
  type MultidocsTextPiece,
  MultidocsTranscriptResponse,
  MultidocsUploadResponse,
} from '@hangar/contract';
import { apiFetch, apiJson } from '../../../api/client';

const BASE = '/api/multidocs_chat';

async function postForm<T>(path: string, form: FormData, parse: (v: unknown) => T): Promise<T> {
  const res = await apiFetch(`${BASE}/${path}`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`Request failed (${res.status})`);
  return parse(await res.json());
}

/** How often a file the server still reads (upload answered 202 "pending") is looked at again. */
const FOLLOW_EVERY_MS = 1000;

/**
 * Uploads a file; when the server answers "pending" (a long OCR, transcription or pdf), follows its
 * extraction on upload-status, telling `onProgress`, until it is ready (or fails: then it throws).
 */
export async function uploadFile(sessionId: string, file: File, onProgress?: (p: MultidocsUploadResponse) => void) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('fileInfo', JSON.stringify({ name: file.name, size: file.size, type: file.type, sizeInMo: file.size / 1e6 }));
  form.set('file', file);
  let answer = await postForm('upload-file', form, (v) => MultidocsUploadResponse.parse(v));
  while (answer.status === 'pending') {
    onProgress?.(answer);
    await new Promise((r) => setTimeout(r, FOLLOW_EVERY_MS));
    const res = await apiFetch(`${BASE}/upload-status?uri=${encodeURIComponent(answer.uri)}`);
    if (!res.ok) throw new Error(`Request failed (${res.status})`);
    answer = MultidocsUploadResponse.parse(await res.json());
  }
  return answer;
}

export function scrapeUrl(sessionId: string, url: string) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('url', url);
  return postForm('scrape-url', form, (v) => MultidocsUploadResponse.parse(v));
}

export function transcribe(sessionId: string, audio: Blob) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('file', audio, 'recording.webm');
  return postForm('transcript-file', form, (v) => MultidocsTranscriptResponse.parse(v));
}

/** An attachment removed from the composer: its file and passages go on the server too. */
export const deleteAttachment = (uri: string) =>
  apiJson(`${BASE}/delete`, MultidocsDeleteResponse, { method: 'DELETE', body: JSON.stringify({ gs_link: uri }) });

/** The session's attachments still on the server (the composer shows them again after a reload). */
export const listSessionAttachments = async (sessionId: string) =>
  (await apiJson(`${BASE}/sessions/${encodeURIComponent(sessionId)}`, MultidocsSessionAttachments)).attachments;

/** Leaving the mode or starting a new chat: every attachment of the session goes. */
export const deleteSessionAttachments = (sessionId: string) =>
  apiJson(`${BASE}/sessions/${encodeURIComponent(sessionId)}`, MultidocsSessionCleanupResponse, { method: 'DELETE' });

export interface DualStreamInput {
  sessionId: string;
  html: string;
  texts: MultidocsTextPiece[];
  totalPages: number;
  additionalTime: number;
  totalTime: number;
  /** The model the chat shows as answering (gpt4, or the offline assistant without a provider). */
  model?: string;
}

/** Opens the dual stream; the caller reads the body with readDualStream. The answer's stored id comes in a header. */
export async function openDualStream(input: DualStreamInput): Promise<{ body: ReadableStream<Uint8Array>; messageId: number | null }> {
  const form = new FormData();
  form.set('sessionId', input.sessionId);
  form.set('html', input.html);
  form.set('texts', JSON.stringify(input.texts));
  form.set('total_pages', String(input.totalPages));
  form.set('additional_time', String(input.additionalTime));
  form.set('total_time', String(input.totalTime));
  if (input.model) form.set('model', input.model);
  const res = await apiFetch(`${BASE}/dual-stream`, { method: 'POST', body: form });
  if (!res.ok || !res.body) throw new Error(`Request failed (${res.status})`);
  const messageId = Number(res.headers.get(ANSWER_ID_HEADER));
  return { body: res.body, messageId: Number.isInteger(messageId) && messageId > 0 ? messageId : null };
}
