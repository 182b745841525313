import { createServer, type Server } from 'node:http';
import { freePort } from './free-port.ts';

/**
 * A local server speaking OpenAI's transcription protocol: POST /v1/audio/transcriptions, a
 * multipart form with file and model, answered {"text": ...}. It records what it received.
 */
export async function startStubStt(text: string) {
  const calls: { auth: string | undefined; model: string | null; fileBytes: number; fileHead: string }[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = await new Request('http://x', {
      method: 'POST',
      body: Buffer.concat(chunks),
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file') as File | null;
    const bytes = file ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    calls.push({
      auth: req.headers.authorization,
      model: form.get('model') as string | null,
      fileBytes: bytes.length,
      fileHead: bytes.subarray(0, 4).toString('latin1'),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text }));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/v1`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}
