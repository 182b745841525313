import type { TranslationMethod } from '@hangar/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DownloadedFile } from '../../api/client';
import { ApiError, messageFromErrorBody } from '../../api/errors';
import { saveBlob } from '../../pages/download/download-file';
import { downloadResult, fetchJob, JOB_POLL_MS, startTranslation } from './api';
import { downloadName } from './file-rules';
import { TRANSLATOR_TEXTS } from './texts';

export interface RunProgress {
  /** 0..1 */
  progress: number;
  step: string;
}

export interface RunRequest {
  file: File;
  method: TranslationMethod;
  sessionId: string;
  targetLanguage: string;
  sourceLanguage: string | null;
}

/** Spec section 8: the server's message (or its detail) when it sent one, else the default translation error text. */
export function translationErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const { body } = error;
    if (body.kind === 'json') return messageFromErrorBody(body.value) ?? TRANSLATOR_TEXTS.error;
    // A plain-text reason is shown; a proxy's HTML error page is not.
    if (body.kind === 'text' && body.value.trim() && !body.value.trimStart().startsWith('<')) return body.value.trim().slice(0, 300);
    return TRANSLATOR_TEXTS.error;
  }
  if (error instanceof JobFailed) return error.message;
  return TRANSLATOR_TEXTS.error;
}

class JobFailed extends Error {}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Runs one translation: starts it, follows its job, then downloads the file by itself. */
export function useTranslationRun(onFinished?: () => void) {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; blob: Blob } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (request: RunRequest) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const signal = abort.signal;
      setError(null);
      setDone(null);
      setProgress({ progress: 0, step: 'Sending the document' });
      try {
        const start = await startTranslation(request, signal);
        let result: DownloadedFile;
        if (start.kind === 'file') {
          result = start.file;
        } else {
          let job = start.job;
          while (job.state !== 'done') {
            if (job.state === 'failed') throw new JobFailed(job.error || TRANSLATOR_TEXTS.error);
            setProgress({ progress: job.progress, step: job.step });
            await wait(JOB_POLL_MS, signal);
            job = await fetchJob(job.id, signal);
          }
          setProgress({ progress: 1, step: job.step });
          if (!job.download_url) throw new JobFailed(TRANSLATOR_TEXTS.error);
          result = await downloadResult(job.download_url, signal);
        }
        const name = downloadName(result.fileName, request.file.name);
        saveBlob(result.blob, name);
        setDone({ name, blob: result.blob });
      } catch (caught) {
        if (signal.aborted) return;
        console.error('The translation failed.', caught);
        setError(translationErrorText(caught));
      } finally {
        if (!signal.aborted) {
          setProgress(null);
          onFinished?.();
        }
      }
    },
    [onFinished],
  );

  /** Forgets the last outcome (a new file was picked). */
  const reset = useCallback(() => {
    setError(null);
    setDone(null);
  }, []);

  return { run, running: progress !== null, progress, error, setError, done, reset };
}
