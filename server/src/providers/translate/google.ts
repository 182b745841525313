import { batches, checkSegments, EngineError, type SegmentEngine, type TranslateRequest } from './engine.ts';

/**
 * Google Cloud Translation v3 `translateText` over its REST wire format: POST
 * {base}/v3/projects/{project}/locations/global:translateText with the API key in x-goog-api-key,
 * `contents` as text/html (the run markers are tags Google keeps), `translations[].translatedText` back.
 * Requests stay under the documented 30,000 code points and 1,024 strings.
 */
export interface GoogleTranslateOptions {
  project: string;
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export function createGoogleEngine(opts: GoogleTranslateOptions): SegmentEngine {
  const base = (opts.baseUrl ?? 'https://translation.googleapis.com').replace(/\/$/, '');
  const url = `${base}/v3/projects/${encodeURIComponent(opts.project)}/locations/global:translateText`;
  return {
    kind: 'segments',
    async translate(request: TranslateRequest): Promise<string[]> {
      const out = new Array<string>(request.segments.length).fill('');
      const groups = batches(request.segments, 25_000, 1_000);
      for (const [g, group] of groups.entries()) {
        const signal = AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? 60_000), ...(request.signal ? [request.signal] : [])]);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-goog-api-key': opts.apiKey },
          body: JSON.stringify({
            contents: group.map((i) => request.segments[i]),
            mimeType: 'text/html',
            targetLanguageCode: request.target,
            ...(request.source ? { sourceLanguageCode: request.source } : {}),
          }),
          signal,
        }).catch((err: Error) => {
          throw new EngineError(`Google Translate could not be reached: ${err.message}`);
        });
        const body = (await response.json().catch(() => null)) as {
          translations?: { translatedText?: string }[];
          error?: { message?: string };
        } | null;
        if (!response.ok)
          throw new EngineError(`Google Translate answered ${response.status}: ${body?.error?.message ?? ''}`.trim(), response.status);
        const translations = body?.translations ?? [];
        if (translations.length !== group.length) throw new EngineError('Google Translate returned a different number of texts');
        group.forEach((i, k) => {
          out[i] = translations[k]?.translatedText ?? '';
        });
        request.onProgress?.((g + 1) / groups.length);
      }
      return checkSegments(request.segments, out, 'Google Translate');
    },
  };
}
