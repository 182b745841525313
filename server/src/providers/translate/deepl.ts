import { type DocumentEngine, EngineError } from './engine.ts';

/**
 * DeepL's document API (the TranslationHub method): upload the file (POST /v2/document, multipart),
 * poll its status (POST /v2/document/{id} with the document key) until done or error, then download
 * (POST /v2/document/{id}/result). Auth header `DeepL-Auth-Key`. Layout is kept by DeepL.
 */
export interface DeepLOptions {
  apiKey: string;
  baseUrl?: string;
  pollMs?: number;
  timeoutMs?: number;
}

/** DeepL wants a regional variant for English and Portuguese targets. */
export const deeplTarget = (code: string) => ({ en: 'EN-GB', pt: 'PT-PT' })[code] ?? code.toUpperCase();

export function createDeepLEngine(opts: DeepLOptions): DocumentEngine {
  const base = (opts.baseUrl ?? (opts.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')).replace(/\/$/, '');
  const auth = { authorization: `DeepL-Auth-Key ${opts.apiKey}` };
  const fail = async (response: Response, what: string) => {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new EngineError(`DeepL ${what} answered ${response.status}${body?.message ? `: ${body.message}` : ''}`, response.status);
  };
  return {
    kind: 'document',
    async translateDocument({ bytes, fileName, source, target, signal, onProgress }) {
      const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
      const call = (path: string, body: FormData | string, json = false) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: json ? { ...auth, 'content-type': 'application/json' } : auth,
          body,
          signal: AbortSignal.any([AbortSignal.timeout(60_000), ...(signal ? [signal] : [])]),
        }).catch((err: Error) => {
          throw new EngineError(`DeepL could not be reached: ${err.message}`);
        });
      const form = new FormData();
      form.set('target_lang', deeplTarget(target));
      if (source) form.set('source_lang', source.toUpperCase());
      form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
      const uploaded = await call('/v2/document', form);
      if (!uploaded.ok) await fail(uploaded, 'upload');
      const { document_id: id, document_key: key } = (await uploaded.json()) as { document_id: string; document_key: string };
      const keyBody = JSON.stringify({ document_key: key });
      for (;;) {
        if (Date.now() > deadline) throw new EngineError('DeepL did not finish the document in time');
        const statusResponse = await call(`/v2/document/${encodeURIComponent(id)}`, keyBody, true);
        if (!statusResponse.ok) await fail(statusResponse, 'status');
        const status = (await statusResponse.json()) as {
          status: string;
          seconds_remaining?: number;
          message?: string;
          error_message?: string;
        };
        if (status.status === 'done') break;
        if (status.status === 'error')
          throw new EngineError(`DeepL could not translate the document: ${status.message ?? status.error_message ?? 'error'}`);
        onProgress?.(status.status === 'translating' ? 0.5 : 0.1);
        const wait = Math.min(Math.max((status.seconds_remaining ?? 1) * 1000, opts.pollMs ?? 1000), 5000);
        await new Promise((r) => setTimeout(r, opts.pollMs ?? wait));
      }
      const result = await call(`/v2/document/${encodeURIComponent(id)}/result`, keyBody, true);
      if (!result.ok) await fail(result, 'download');
      const out = Buffer.from(await result.arrayBuffer());
      if (!out.length) throw new EngineError('DeepL returned an empty document');
      onProgress?.(1);
      return out;
    },
  };
}
