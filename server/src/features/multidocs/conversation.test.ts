import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ANSWER_ID_HEADER, MULTIDOCS_MODEL_ID, type MultidocsEvent } from '@hangar/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { documents, multidocsChunks, multidocsFiles } from '../../platform/db/schema.ts';
import { createMultidocsService } from './service.ts';
import { createMultidocsSessions } from './sessions.ts';

// Multi Docs turns kept in the chat's conversation (what a reload shows), and attachments deleted
// when the user removes them, leaves the mode, or abandons the session.
const HANDBOOK = path.resolve(import.meta.dirname, '../../../test/fixtures/multidocs/handbook.pdf');

let t: TestApp;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
let analyst: string;
let admin: string;
const call = apiCaller(() => t.url);

async function uploadHandbook(sessionId: string, token = analyst) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.append('file', new Blob([new Uint8Array(await readFile(HANDBOOK))], { type: 'application/pdf' }), 'handbook.pdf');
  const res = await fetch(`${t.url}/api/multidocs_chat/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { uri: string };
}

function askRequest(sessionId: string, question: string, uris: string[], signal?: AbortSignal) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('html', question);
  form.set('texts', JSON.stringify([...uris.map((uri) => ({ uri })), { text: question }]));
  return fetch(`${t.url}/api/multidocs_chat/dual-stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${analyst}` },
    body: form,
    signal,
  });
}

async function ask(sessionId: string, question: string, uris: string[]) {
  const res = await askRequest(sessionId, question, uris);
  const events = (await res.text())
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as MultidocsEvent);
  return { res, events };
}

const session = async (id: string) => (await call('GET', `/api/secured_gpt/sessions/${id}`, analyst)).body;
const filesOf = (sessionId: string) => t.ctx.db.select().from(multidocsFiles).where(eq(multidocsFiles.sessionId, sessionId));

beforeAll(async () => {
  openai = await startStubOpenAI();
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
});

describe('Multi Docs turns in the conversation', () => {
  it('stores the question and the answer with its preview, citations, cost and the ask_end title', async () => {
    const { uri } = await uploadHandbook('md-conv-one');
    openai.set({ chunks: ['Lost property is kept ', 'ninety days [1].'], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const { res, events } = await ask('md-conv-one', 'How many days is lost property kept?', [uri]);
    const live = {
      title: events.find((e) => e.type === 'ask_end')?.title,
      citations: events.find((e) => e.type === 'preview_end')?.citations,
      preview: events
        .filter((e) => e.type === 'preview_chunk')
        .map((e) => e.content)
        .join(''),
    };
    expect(live.title).toBe('How many days is lost property kept?');

    const stored = await session('md-conv-one');
    expect(stored.title).toBe(live.title);
    const [question, answer] = stored.conversation;
    expect(question).toMatchObject({
      user: 'How many days is lost property kept?',
      model: MULTIDOCS_MODEL_ID,
      uploads: [{ type: 'doc', filename: 'handbook.pdf' }],
    });
    expect(answer).toMatchObject({
      assistant: 'Lost property is kept ninety days [1].',
      model: MULTIDOCS_MODEL_ID,
      status: 'complete',
      credit: 4.5,
      preview: live.preview,
      citations: live.citations,
      preview_error: false,
    });
    expect(answer.preview).toContain('handbook.pdf, page');
    expect(answer.citations.some((c: { page: number; uri: string }) => c.page === 3 && c.uri === uri)).toBe(true);
    expect(Number(res.headers.get(ANSWER_ID_HEADER))).toBe(answer.message_id);
    const history = (await call('GET', '/api/secured_gpt/history', analyst)).body.chats;
    expect(history.find((c: { session_id: string }) => c.session_id === 'md-conv-one')?.title).toBe(live.title);

    // A second question keeps the conversation's title, and ask_end says so.
    const again = await ask('md-conv-one', 'Where is the hydrant system?', [uri]);
    expect(again.events.find((e) => e.type === 'ask_end')?.title).toBe(live.title);
    expect((await session('md-conv-one')).conversation).toHaveLength(4);
    // Another user does not see it.
    expect((await call('GET', '/api/secured_gpt/sessions/md-conv-one', admin)).status).toBe(404);
  });

  it('stores a failed answer as failed, costing nothing', async () => {
    openai.set({ chunks: [], status: 500 });
    await ask('md-conv-fail', 'What is in the handbook?', []);
    openai.set({ chunks: ['ok'] });
    const [, answer] = (await session('md-conv-fail')).conversation;
    expect(answer).toMatchObject({ model: MULTIDOCS_MODEL_ID, status: 'failed', credit: 0 });
  });

  it('goes on when the page closes mid-answer, and the reloaded page follows it through the answer stream', async () => {
    const { uri } = await uploadHandbook('md-conv-reload');
    openai.set({
      chunks: ['Fuel ', 'comes ', 'through ', 'the hydrant [1].'],
      delayMs: 250,
      usage: { prompt_tokens: 100, completion_tokens: 20 },
    });
    const page = new AbortController();
    const res = await askRequest('md-conv-reload', 'How is fuel delivered?', [uri], page.signal);
    const answerId = Number(res.headers.get(ANSWER_ID_HEADER));
    const reader = res.body!.getReader();
    await reader.read();
    page.abort();

    // The reloaded page: the conversation holds the question and the answer being written.
    const reloaded = (await session('md-conv-reload')).conversation;
    expect(reloaded[0]).toMatchObject({ user: 'How is fuel delivered?' });
    expect(reloaded[1]).toMatchObject({ message_id: answerId, model: MULTIDOCS_MODEL_ID });
    const follow = await fetch(`${t.url}/api/secured_gpt/answers/${answerId}/stream`, { headers: { authorization: `Bearer ${analyst}` } });
    const followed = await follow.text();
    expect(followed).toContain('event: end');
    expect(followed).toContain('"status":"complete"');
    const [, answer] = (await session('md-conv-reload')).conversation;
    expect(answer).toMatchObject({ assistant: 'Fuel comes through the hydrant [1].', status: 'complete', credit: 0.45 });
    expect(answer.citations.length).toBeGreaterThan(0);
  });

  it('Stop ends the answer: what was written stays, marked stopped, billed for what was produced', async () => {
    const { uri } = await uploadHandbook('md-conv-stop');
    const words = Array.from({ length: 40 }, (_, i) => `word${i} `);
    openai.set({ chunks: words, delayMs: 150, usage: { prompt_tokens: 100, completion_tokens: 400 } });
    const res = await askRequest('md-conv-stop', 'Describe the handbook at length', [uri]);
    const answerId = Number(res.headers.get(ANSWER_ID_HEADER));
    const reader = res.body!.getReader();
    let streamed = '';
    while (!streamed.includes('word1 ')) streamed += new TextDecoder().decode((await reader.read()).value);
    const stop = await call('POST', `/api/secured_gpt/answers/${answerId}/stop`, analyst);
    expect(stop.status).toBe(200);
    for (let r = await reader.read(); !r.done; r = await reader.read()) streamed += new TextDecoder().decode(r.value);
    expect(streamed).toContain('total_credit');
    const [, answer] = (await session('md-conv-stop')).conversation;
    expect(answer.status).toBe('stopped');
    expect(answer.assistant).toContain('word0');
    expect(answer.assistant).not.toContain('word39');
    // Another user cannot stop it.
    expect((await call('POST', `/api/secured_gpt/answers/${answerId}/stop`, admin)).status).toBe(404);
    openai.set({ chunks: ['ok'] });
  });
});

describe('Multi Docs attachments are deleted with their session', () => {
  const counts = async (sessionId: string) => {
    const files = await filesOf(sessionId);
    const ids = files.map((f) => f.id);
    const chunks = ids.length
      ? (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(multidocsChunks).where(sql`${multidocsChunks.fileId} in ${ids}`))[0]!
          .n
      : 0;
    return { files: files.length, chunks };
  };
  const documentRow = async (uri: string) => (await t.ctx.db.select().from(documents).where(eq(documents.uri, uri)))[0];

  it("deletes the caller's files of a session (rows, passages, stored files); another user's session and uri delete nothing", async () => {
    const a1 = await uploadHandbook('md-clean-a');
    const a2 = await uploadHandbook('md-clean-a');
    const b = await uploadHandbook('md-clean-b');
    const keys = [(await documentRow(a1.uri))!.storageKey, (await documentRow(a2.uri))!.storageKey];
    expect(await t.ctx.store.head(keys[0]!)).not.toBeNull();
    const before = await counts('md-clean-a');
    expect(before.files).toBe(2);
    expect(before.chunks).toBeGreaterThan(0);

    // The composer lists them again after a reload; someone else sees none.
    const listed = (await call('GET', '/api/multidocs_chat/sessions/md-clean-a', analyst)).body.attachments;
    expect(listed.map((a: { uri: string }) => a.uri)).toEqual([a1.uri, a2.uri]);
    expect(listed[0]).toMatchObject({ name: 'handbook.pdf', total_pages: 3, additional_time: 2, file_type: 'doc' });
    expect((await call('GET', '/api/multidocs_chat/sessions/md-clean-a', admin)).body).toEqual({ attachments: [] });

    // Someone else: nothing goes.
    expect((await call('DELETE', '/api/multidocs_chat/sessions/md-clean-a', admin)).body).toEqual({ deleted: 0 });
    expect((await call('DELETE', '/api/multidocs_chat/delete', admin, { gs_link: a1.uri })).status).toBe(404);
    expect(await counts('md-clean-a')).toEqual(before);
    expect(await documentRow(a1.uri)).toBeDefined();

    // The owner leaves the mode: the session's files go, the other session's stay.
    expect((await call('DELETE', '/api/multidocs_chat/sessions/md-clean-a', analyst)).body).toEqual({ deleted: 2 });
    expect(await counts('md-clean-a')).toEqual({ files: 0, chunks: 0 });
    expect(await documentRow(a1.uri)).toBeUndefined();
    expect(await documentRow(a2.uri)).toBeUndefined();
    for (const key of keys) expect(await t.ctx.store.head(key)).toBeNull();
    expect((await counts('md-clean-b')).files).toBe(1);
    expect(await documentRow(b.uri)).toBeDefined();
    expect((await call('DELETE', '/api/multidocs_chat/sessions/md-clean-a', analyst)).body).toEqual({ deleted: 0 });
    expect((await call('GET', '/api/multidocs_chat/sessions/md-clean-a', analyst)).body).toEqual({ attachments: [] });
    expect((await call('DELETE', '/api/multidocs_chat/sessions/bad%20id', analyst)).status).toBe(400);
  });

  it('citations of a stored answer say when their file was deleted on leaving the mode', async () => {
    const { uri } = await uploadHandbook('md-clean-cited');
    openai.set({ chunks: ['Kept ninety days [1].'], usage: { prompt_tokens: 100, completion_tokens: 10 } });
    await ask('md-clean-cited', 'How long is lost property kept?', [uri]);
    const cited = async () => (await session('md-clean-cited')).conversation[1].citations as { uri: string; removed?: boolean }[];
    expect((await cited()).filter((c) => c.uri === uri).every((c) => !c.removed)).toBe(true);
    expect((await call('DELETE', '/api/multidocs_chat/sessions/md-clean-cited', analyst)).body).toEqual({ deleted: 1 });
    const after = (await cited()).filter((c) => c.uri === uri);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((c) => c.removed === true)).toBe(true);
    openai.set({ chunks: ['ok'] });
  });

  it('sweeps the files of sessions abandoned for the configured time, keeping those still in use', async () => {
    const old = await uploadHandbook('md-sweep-old');
    const asked = await uploadHandbook('md-sweep-asked');
    const fresh = await uploadHandbook('md-sweep-fresh');
    await ask('md-sweep-asked', 'How long is lost property kept?', [asked.uri]);
    const backdate = (sessionId: string) =>
      t.ctx.db
        .update(multidocsFiles)
        .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000) })
        .where(and(eq(multidocsFiles.sessionId, sessionId)));
    await backdate('md-sweep-old');
    await backdate('md-sweep-asked');
    const oldKey = (await documentRow(old.uri))!.storageKey;

    const service = createMultidocsService(t.ctx);
    const cleanup = createMultidocsSessions(t.ctx, (row) => service.remove(row));
    expect(t.ctx.config.MULTIDOCS_SESSION_TTL_HOURS).toBe(24);
    expect(await cleanup.sweep()).toBe(1);
    expect(await filesOf('md-sweep-old')).toEqual([]);
    expect(await documentRow(old.uri)).toBeUndefined();
    expect(await t.ctx.store.head(oldKey)).toBeNull();
    // A question asked today keeps an old upload; a new upload is kept.
    expect(await filesOf('md-sweep-asked')).toHaveLength(1);
    expect(await documentRow(fresh.uri)).toBeDefined();
  });
});
