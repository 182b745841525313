import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import {
  MULTIDOCS_EVENT_TYPES,
  MULTIDOCS_OFFLINE_NOTE,
  MULTIDOCS_OFFLINE_TRANSCRIPT_LABEL,
  MULTIDOCS_SEND_ERROR,
  MULTIDOCS_UNSUPPORTED_WARNING,
  type MultidocsEvent,
} from '@hangar/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, freePort, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { documents, multidocsChunks, multidocsFiles } from '../../platform/db/schema.ts';
import { createMultidocsStore, WHOLE_FILE_CHARS } from './store.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const SESSION = 'md-session-1';
const PAGE = `<!doctype html><html><head><title>Parking tariffs</title></head><body><nav>Home Menu</nav><article>
<h1>Parking tariffs</h1><p>Short stay parking costs four euros per hour at the terminal car park, payable by card only.</p>
<p>Long stay parking costs twelve euros per day and a shuttle bus runs every ten minutes to the terminal.</p></article></body></html>`;

let t: TestApp;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
let page: Server;
let pagePort: number;
let analyst: string;
let admin: string;
let viewer: string;
const call = apiCaller(() => t.url);
const credit = async () => (await call('GET', '/api/credit', analyst)).body.remaining_credit as number;

async function upload(
  route: string,
  token: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name);
  const res = await fetch(`${t.url}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  return { status: res.status, body: (await res.json()) as any };
}
const uploadFixture = async (name: string, token = analyst, type?: string) =>
  upload(
    '/api/multidocs_chat/upload-file',
    token,
    { sessionId: SESSION, fileInfo: JSON.stringify({ name, size: 1 }) },
    {
      bytes: await fixture(name),
      name: path.basename(name),
      type,
    },
  );

/** The dual stream's events, parsed from its `data:` lines. */
async function ask(token: string, texts: { text?: string; uri?: string }[], extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('sessionId', SESSION);
  form.set('html', '<p>question</p>');
  form.set('total_time', '10');
  form.set('total_pages', '3');
  form.set('additional_time', '2');
  form.set('texts', JSON.stringify(texts));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await fetch(`${t.url}/api/multidocs_chat/dual-stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { status: res.status, events: [] as MultidocsEvent[], body: JSON.parse(text) };
  const events = text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as MultidocsEvent);
  return { status: res.status, events, body: null };
}
const types = (events: MultidocsEvent[]) => events.map((e) => e.type).filter((x) => x !== 'heartbeat');
/** The event types with runs of chunks collapsed: the stream's shape. */
const shape = (events: MultidocsEvent[]) => types(events).filter((x, i, all) => x !== all[i - 1]);
const FULL = ['preview_start', 'preview_chunk', 'preview_end', 'ask_start', 'ask_chunk', 'ask_end', 'total_credit', 'stream_complete'];
const answerOf = (events: MultidocsEvent[]) =>
  events
    .filter((e) => e.type === 'ask_chunk')
    .map((e) => e.content)
    .join('');
const rows = async () => ({
  files: (await t.ctx.db.select({ n: count() }).from(multidocsFiles))[0]!.n,
  chunks: (await t.ctx.db.select({ n: count() }).from(multidocsChunks))[0]!.n,
  documents: (await t.ctx.db.select({ n: count() }).from(documents))[0]!.n,
});

beforeAll(async () => {
  openai = await startStubOpenAI();
  page = createServer((req, res) => {
    if (req.url === '/parking') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    res.writeHead(404).end();
  });
  pagePort = await freePort();
  await new Promise<void>((r) => page.listen(pagePort, '127.0.0.1', r));
  t = await startTestApp({
    HANGAR_DEMO_WAREHOUSE: 'false',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseUrl,
    MULTIDOCS_URL_ALLOWLIST: `127.0.0.1:${pagePort}`,
    MULTIDOCS_HEARTBEAT_MS: '40',
    MULTIDOCS_MAX_UPLOAD_MB: '1',
    // These tests look at what extraction gives, so uploads wait for their job however loaded the
    // machine is; the 202 "pending" path has its own tests (extraction-job.test.ts).
    MULTIDOCS_UPLOAD_WAIT_MS: '120000',
  });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
  await new Promise<void>((r) => page.close(() => r()));
});

describe('Multi Docs uploads', () => {
  it('reads a pdf: uri, pages and the extra response time; only for holders of Multi Docs', async () => {
    const res = await uploadFixture('multidocs/handbook.pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_pages: 3, additional_time: 2, file_type: 'doc', extraction: 'text layer' });
    expect(res.body.uri).toMatch(/^documents\//);
    expect((await uploadFixture('multidocs/handbook.pdf', viewer)).status).toBe(403);
  });

  it('reads an image and a video through the route (OCR; the audio track transcribed offline)', async () => {
    const image = await uploadFixture('multidocs/notice.png', analyst, 'image/png');
    expect(image.body).toMatchObject({ file_type: 'doc', extraction: 'OCR', total_pages: 1 });
    const video = await uploadFixture('multidocs/clip.mp4', analyst, 'video/mp4');
    expect(video.status).toBe(200);
    expect(video.body).toMatchObject({ file_type: 'audio', additional_time: 5, total_pages: 1 });
    expect(video.body.extraction).toMatch(/offline PocketSphinx/);
  }, 60_000);

  it('refuses unsupported, empty, encrypted and corrupt files with a clear 4xx and leaves nothing behind', async () => {
    const before = await rows();
    const txt = await upload(
      '/api/multidocs_chat/upload-file',
      analyst,
      { sessionId: SESSION },
      { bytes: Buffer.from('hello'), name: 'notes.txt', type: 'text/plain' },
    );
    expect(txt).toMatchObject({ status: 415, body: { message: MULTIDOCS_UNSUPPORTED_WARNING } });
    const empty = await upload(
      '/api/multidocs_chat/upload-file',
      analyst,
      { sessionId: SESSION },
      { bytes: Buffer.alloc(0), name: 'empty.pdf' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const encrypted = await uploadFixture('translation/encrypted.pdf');
    expect(encrypted.status).toBe(400);
    expect(encrypted.body.message).toMatch(/encrypted/);
    const corrupt = await uploadFixture('translation/program.docx');
    expect(corrupt.status).toBe(400);
    const noise = await uploadFixture('multidocs/noise.wav');
    expect(noise.status).toBe(400);
    expect(noise.body.message).toMatch(/No speech/);
    const big = await upload(
      '/api/multidocs_chat/upload-file',
      analyst,
      { sessionId: SESSION },
      { bytes: Buffer.alloc(1024 * 1024 + 10, 32), name: 'big.pdf' },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than 1 MB/);
    const noSession = await upload(
      '/api/multidocs_chat/upload-file',
      analyst,
      {},
      { bytes: await fixture('multidocs/handbook.pdf'), name: 'a.pdf' },
    );
    expect(noSession.status).toBe(400);
    expect(await rows()).toEqual(before);
  }, 60_000);

  it('reads a web page through the SSRF guard, and refuses links inside the network', async () => {
    const form = (url: string) => upload('/api/multidocs_chat/scrape-url', analyst, { sessionId: SESSION, url });
    const ok = await form(`http://127.0.0.1:${pagePort}/parking`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Parking tariffs', file_type: 'html', extraction: 'readable article' });
    expect(ok.body.uri).toMatch(/^links\//);
    const before = await rows();
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', `http://localhost:${t.config.PORT}/api/health`]) {
      const res = await form(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/inside the network/);
    }
    expect((await form(`http://127.0.0.1:${pagePort}/missing`)).status).toBe(400);
    expect((await form('ftp://example.com/')).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('transcribes a recording offline, labelled, and keeps it as mp3', async () => {
    const before = await rows();
    const res = await upload(
      '/api/multidocs_chat/transcript-file',
      analyst,
      { sessionId: SESSION },
      {
        bytes: await fixture('multidocs/speech.wav'),
        name: 'recording.wav',
        type: 'audio/wav',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.offline).toBe(true);
    expect(res.body.answer.startsWith(MULTIDOCS_OFFLINE_TRANSCRIPT_LABEL)).toBe(true);
    expect(res.body.answer).toMatch(/three/);
    const [mp3] = await t.ctx.db.select().from(documents).where(eq(documents.contentType, 'audio/mpeg'));
    expect(mp3?.fileName).toBe('recording.mp3');
    expect((await rows()).documents).toBe(before.documents + 1);
  }, 60_000);
});

describe('Multi Docs dual stream', () => {
  it('answers offline extractively: preview with file and page, then quotes citing the right page', async () => {
    const { body: doc } = await uploadFixture('multidocs/handbook.pdf');
    const before = await credit();
    const res = await ask(analyst, [{ text: 'How many days is lost property kept?' }, { uri: doc.uri }], { model: 'offline' });
    expect(res.status).toBe(200);
    expect(shape(res.events)).toEqual(FULL);
    for (const e of res.events) expect(MULTIDOCS_EVENT_TYPES).toContain(e.type);
    const preview = res.events.find((e) => e.type === 'preview_end')!;
    const lost = preview.citations!.find((c) => c.excerpt.includes('ninety days'))!;
    expect(lost).toMatchObject({ page: 3, name: 'handbook.pdf', uri: doc.uri });
    const answer = answerOf(res.events);
    expect(answer.startsWith(MULTIDOCS_OFFLINE_NOTE)).toBe(true);
    expect(answer).toContain(`ninety days`);
    expect(answer).toContain(`[${lost.n}]`);
    expect(answer).toContain('handbook.pdf, page 3');
    expect(res.events.find((e) => e.type === 'ask_end')?.title).toBe('How many days is lost property kept?');
    expect(res.events.find((e) => e.type === 'total_credit')?.content).toBe(0);
    expect(await credit()).toBe(before);
  });

  it('streams a model answer over the passages, with heartbeats while waiting; credits held, then settled at the real cost', async () => {
    const { body: doc } = await uploadFixture('multidocs/briefing.pptx');
    openai.set({
      chunks: ['Snow ploughs are kept ', 'in hangar seven [2].'],
      usage: { prompt_tokens: 1000, completion_tokens: 200 },
      delayMs: 300,
    });
    const before = await credit();
    const pending = ask(analyst, [{ text: 'Where are the snow ploughs stored?' }, { uri: doc.uri }]);
    // While it streams, the estimate is held.
    await new Promise((r) => setTimeout(r, 200));
    expect(await credit()).toBeLessThan(before - 4.5);
    const res = await pending;
    expect(shape(res.events)).toEqual(FULL);
    expect(res.events.some((e) => e.type === 'heartbeat')).toBe(true);
    expect(answerOf(res.events)).toBe('Snow ploughs are kept in hangar seven [2].');
    const sent = openai.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    const prompt = JSON.stringify(sent.messages);
    expect(prompt).toContain('hangar seven');
    expect(prompt).toContain('briefing.pptx, page 2');
    // gpt4: 2.5 in, 10 out per 1000 tokens → 2.5 + 2 = 4.5 credits.
    expect(res.events.find((e) => e.type === 'total_credit')?.content).toBe(4.5);
    expect(await credit()).toBeCloseTo(before - 4.5, 3);
  });

  it('sends ask_error when the model fails, releases the hold, and still completes the stream', async () => {
    const { body: doc } = await uploadFixture('multidocs/handbook.pdf');
    openai.set({ chunks: [], status: 500 });
    const before = await credit();
    const res = await ask(analyst, [{ text: 'Where is the hydrant system?' }, { uri: doc.uri }]);
    const order = types(res.events);
    expect(order).toContain('ask_error');
    expect(order.indexOf('ask_error')).toBeGreaterThan(order.indexOf('ask_start'));
    expect(order.slice(-3)).toEqual(['ask_end', 'total_credit', 'stream_complete']);
    expect(res.events.find((e) => e.type === 'ask_error')?.error).toMatch(/Internal server error/);
    // The model said nothing: nothing is charged and the hold is released.
    expect(res.events.find((e) => e.type === 'total_credit')?.content).toBe(0);
    expect(await credit()).toBe(before);
    openai.set({ chunks: ['ok'] });
  });

  it("answers 404 for another user's uri, on asking and on deleting; the owner deletes it with its passages", async () => {
    const { body: doc } = await uploadFixture('multidocs/handbook.docx');
    const other = await ask(admin, [{ text: 'What is in it?' }, { uri: doc.uri }]);
    expect(other.status).toBe(404);
    expect((await call('DELETE', '/api/multidocs_chat/delete', admin, { gs_link: doc.uri })).status).toBe(404);
    expect((await ask(analyst, [{ text: 'x' }, { uri: 'documents/none/x.pdf' }])).status).toBe(404);
    const before = await rows();
    expect((await call('DELETE', '/api/multidocs_chat/delete', analyst, { gs_link: doc.uri })).body).toEqual({ deleted: true });
    const after = await rows();
    expect(after.files).toBe(before.files - 1);
    expect(after.documents).toBe(before.documents - 1);
    expect(after.chunks).toBeLessThan(before.chunks);
    expect((await call('DELETE', '/api/multidocs_chat/delete', analyst, { gs_link: doc.uri })).status).toBe(404);
  });

  it('sends preview_error then global_error when the search fails, and releases the hold', async () => {
    const { body: doc } = await uploadFixture('multidocs/handbook.pdf');
    const before = await credit();
    await t.ctx.db.execute(sql`alter table multidocs_chunks rename to multidocs_chunks_away`);
    try {
      const res = await ask(analyst, [{ text: 'Where is the hydrant system?' }, { uri: doc.uri }]);
      expect(res.status).toBe(200);
      expect(types(res.events)).toEqual(['preview_start', 'preview_error', 'global_error']);
      expect(res.events.at(-1)?.error).toBe(MULTIDOCS_SEND_ERROR);
    } finally {
      await t.ctx.db.execute(sql`alter table multidocs_chunks_away rename to multidocs_chunks`);
    }
    expect(await credit()).toBe(before);
  });

  it('refuses a stream without a question before any event', async () => {
    const res = await ask(analyst, [{ uri: 'documents/x/y.pdf' }]);
    expect(res.status).toBe(400);
    expect(res.events).toEqual([]);
    expect(MULTIDOCS_SEND_ERROR).toBe('An Error has occurred');
  });
});

describe('Multi Docs retrieval', () => {
  it('sends a small file whole, and searches a large one by full text, best passage first with its page', async () => {
    const store = createMultidocsStore(t.ctx.db);
    const sub = JSON.parse(Buffer.from(analyst.split('.')[1]!, 'base64url').toString()).sub as string;
    const filler = 'The committee reviewed routine operational matters and noted no change to the schedule. ';
    const sections = Array.from({ length: 40 }, (_, i) => ({
      page: i + 1,
      heading: null,
      text: i === 26 ? `${filler}De-icing fluid stocks are replenished every Thursday by the winter contractor.` : filler.repeat(3),
    }));
    expect(sections.reduce((n, x) => n + x.text.length, 0)).toBeGreaterThan(WHOLE_FILE_CHARS);
    const base = {
      userId: sub,
      sessionId: SESSION,
      documentId: null,
      kind: 'pdf',
      url: null,
      pages: 40,
      additionalTime: 2,
      method: 'test',
    };
    const large = await store.save({ ...base, uri: `links/${crypto.randomUUID()}`, name: 'minutes.pdf', title: 'minutes.pdf' }, sections);
    const small = await store.save({ ...base, uri: `links/${crypto.randomUUID()}`, name: 'memo.pdf', title: 'memo.pdf' }, [
      { page: 1, heading: null, text: 'A short memo about parking.' },
    ]);
    const found = await store.passages([large, small], 'When are the de-icing fluid stocks replenished?');
    const fromLarge = found.filter((p) => p.name === 'minutes.pdf');
    expect(fromLarge[0]).toMatchObject({ page: 27 });
    expect(fromLarge.length).toBeLessThanOrEqual(8);
    expect(found.some((p) => p.name === 'memo.pdf' && p.text.includes('parking'))).toBe(true);
    expect(await store.passages([large], 'zebra giraffe')).toEqual([]);
  });
});
