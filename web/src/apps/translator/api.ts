import { TranslationConfig, TranslationJob, type TranslationMethod, TranslationSessionResponse, TranslationUsage } from '@hangar/contract';
import { apiBlob, apiFetch, apiJson, type DownloadedFile, fileNameFromContentDisposition } from '../../api/client';

// The translator's calls (spec section 7, "Translator"). A long translation runs as a job: the
// POST answers with the job, the screen polls it, then fetches the file from its download_url.

export const TRANSLATION_API = {
  session: '/api/translation/clear_session',
  config: (sessionId: string) => `/api/translation/config/${encodeURIComponent(sessionId)}`,
  estimate: '/api/translation/document',
  translate: '/api/translation',
  job: (jobId: string) => `/api/translation/jobs/${encodeURIComponent(jobId)}`,
  clear: (sessionId: string) => `/api/translation/clear_session/${encodeURIComponent(sessionId)}`,
} as const;

export const JOB_POLL_MS = 1000;

export function prepareSession(): Promise<string> {
  return apiJson(TRANSLATION_API.session, TranslationSessionResponse).then((body) => body.id_session);
}

export function fetchConfig(sessionId: string): Promise<TranslationConfig> {
  return apiJson(TRANSLATION_API.config(sessionId), TranslationConfig);
}

export function estimateUsage(file: File, method: TranslationMethod, sessionId: string, signal?: AbortSignal): Promise<TranslationUsage> {
  const form = new FormData();
  form.set('method', method);
  form.set('id_session', sessionId);
  form.set('file', file, file.name);
  return apiJson(TRANSLATION_API.estimate, TranslationUsage, { method: 'POST', body: form, signal });
}

export interface TranslateRequest {
  file: File;
  method: TranslationMethod;
  sessionId: string;
  targetLanguage: string;
  sourceLanguage: string | null;
}

/** The file itself (the spec's synchronous answer) or a job to follow. */
export type TranslateStart = { kind: 'file'; file: DownloadedFile } | { kind: 'job'; job: TranslationJob };

export async function startTranslation(request: TranslateRequest, signal?: AbortSignal): Promise<TranslateStart> {
  const form = new FormData();
  form.set('target_language', request.targetLanguage);
  form.set('method', request.method);
  form.set('id_session', request.sessionId);
  if (request.sourceLanguage) form.set('source_language', request.sourceLanguage);
  form.set('file', request.file, request.file.name);
  const response = await apiFetch(TRANSLATION_API.translate, { method: 'POST', body: form, signal });
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    return { kind: 'job', job: TranslationJob.parse(await response.json()) };
  }
  return {
    kind: 'file',
    file: { blob: await response.blob(), fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) },
  };
}

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<TranslationJob> {
  return apiJson(TRANSLATION_API.job(jobId), TranslationJob, { signal });
}

export function downloadResult(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiBlob(url, { signal });
}

/** Leaving the screen: keepalive lets the request outlive a closing browser tab. */
export function clearSession(sessionId: string): void {
  apiFetch(TRANSLATION_API.clear(sessionId), { method: 'DELETE', keepalive: true }).catch((error: unknown) =>
    console.warn('The translator session could not be cleared.', error),
  );
}
