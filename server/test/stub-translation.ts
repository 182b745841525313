import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './free-port.ts';

/**
 * Local servers speaking the cloud translators' wire formats, for the real client code:
 * Google Cloud Translation v3 `translateText` (JSON, x-goog-api-key) and DeepL's document API
 * (multipart upload, status polling, result download, `DeepL-Auth-Key`).
 */
export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

async function listen(server: Server) {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Google v3: "translates" by prefixing each text with [target] and upper-casing text outside tags. */
export async function startStubGoogle(opts: { apiKey: string; project: string }) {
  const requests: Recorded[] = [];
  let failWith: number | null = null;
  let delayMs = 0;
  const server = createServer(async (req, res) => {
    const body = await read(req);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.url !== `/v3/projects/${opts.project}/locations/global:translateText` || req.method !== 'POST')
      return json(res, 404, { error: { code: 404, message: 'not found' } });
    if (req.headers['x-goog-api-key'] !== opts.apiKey)
      return json(res, 403, { error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } });
    if (failWith) return json(res, failWith, { error: { code: failWith, message: 'stub failure', status: 'INTERNAL' } });
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const request = JSON.parse(body.toString()) as { contents: string[]; targetLanguageCode: string; mimeType?: string };
    if (!Array.isArray(request.contents) || !request.targetLanguageCode)
      return json(res, 400, { error: { code: 400, message: 'bad request' } });
    json(res, 200, {
      translations: request.contents.map((c) => ({
        translatedText: `[${request.targetLanguageCode}] ${c.replace(/(^|>)([^<]*)/g, (_, a: string, t: string) => a + t.toUpperCase().replace(/&AMP;/g, '&amp;'))}`,
        detectedLanguageCode: 'en',
      })),
    });
  });
  return { ...(await listen(server)), requests, fail: (s: number | null) => (failWith = s), delay: (ms: number) => (delayMs = ms) };
}

/** DeepL documents: the uploaded file comes back as the "translation" after `polls` status calls. */
export async function startStubDeepL(opts: { apiKey: string; polls: number }) {
  const requests: Recorded[] = [];
  const docs = new Map<string, { key: string; bytes: Buffer; polls: number; target: string }>();
  let failStatus: number | null = null;
  let errorState = false;
  const server = createServer(async (req, res) => {
    const body = await read(req);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.headers.authorization !== `DeepL-Auth-Key ${opts.apiKey}`) return json(res, 403, { message: 'Wrong authentication key' });
    if (failStatus) return json(res, failStatus, { message: 'Quota exceeded' });
    if (req.method === 'POST' && req.url === '/v2/document') {
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      const file = form.get('file');
      const target = String(form.get('target_lang') ?? '');
      if (!(file instanceof Blob) || !target) return json(res, 400, { message: 'Parameter file or target_lang missing' });
      const id = crypto.randomUUID().replace(/-/g, '').toUpperCase();
      const key = crypto.randomUUID().replace(/-/g, '');
      docs.set(id, { key, bytes: Buffer.from(await file.arrayBuffer()), polls: 0, target });
      return json(res, 200, { document_id: id, document_key: key });
    }
    const m = /^\/v2\/document\/([A-Z0-9]+)(\/result)?$/.exec(req.url ?? '');
    const doc = m ? docs.get(m[1]!) : undefined;
    if (!m || !doc || req.method !== 'POST') return json(res, 404, { message: 'Document not found' });
    const key = (JSON.parse(body.toString() || '{}') as { document_key?: string }).document_key;
    if (key !== doc.key) return json(res, 403, { message: 'Wrong document key' });
    if (!m[2]) {
      doc.polls++;
      if (errorState) return json(res, 200, { document_id: m[1], status: 'error', message: 'Source and target language are equal' });
      if (doc.polls < opts.polls)
        return json(res, 200, { document_id: m[1], status: doc.polls === 1 ? 'queued' : 'translating', seconds_remaining: 1 });
      return json(res, 200, { document_id: m[1], status: 'done', billed_characters: 1234 });
    }
    if (doc.polls < opts.polls) return json(res, 503, { message: 'Document not ready' });
    docs.delete(m[1]!);
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(doc.bytes);
  });
  return {
    ...(await listen(server)),
    requests,
    fail: (s: number | null) => (failStatus = s),
    errorState: (on: boolean) => (errorState = on),
  };
}
