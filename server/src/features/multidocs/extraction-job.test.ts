import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultidocsEvent } from '@hangar/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { documents, multidocsChunks, multidocsFiles, users } from '../../platform/db/schema.ts';
import { sweepExtractions } from './extraction-job.ts';
import { createMultidocsStore } from './store.ts';

// Extraction as a job (issue 15): with no wait at all, every upload answers 202 "pending" and the
// client follows it on upload-status; a failure keeps nothing and blocks no other attachment; a
// question asked meanwhile waits for the reading to end (with heartbeats).

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const SESSION = 'md-jobs-session';
let t: TestApp;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
let analyst: string;
let viewer: string;
let admin: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
async function call(method: string, route: string, token: string, body?: FormData): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.url}${route}`, { method, headers: { authorization: `Bearer ${token}` }, body });
  return { status: res.status, body: await res.json() };
}
async function upload(name: string, bytes?: Uint8Array, type = '') {
  const form = new FormData();
  form.set('sessionId', SESSION);
  const data = bytes ?? (await readFile(path.join(FIXTURES, name)));
  form.append('file', new Blob([new Uint8Array(data)], { type }), path.basename(name));
  return call('POST', '/api/multidocs_chat/upload-file', analyst, form);
}
const status = (uri: string, token = analyst) => call('GET', `/api/multidocs_chat/upload-status?uri=${encodeURIComponent(uri)}`, token);
/** Polls upload-status as the web client does; answers every answer seen, the last one final. */
async function follow(uri: string) {
  const seen: { status: number; body: { status?: string; stage?: string | null; message?: string } }[] = [];
  for (let i = 0; i < 600; i++) {
    const r = await status(uri);
    seen.push(r);
    if (r.status !== 200 || r.body.status !== 'pending') return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the extraction never ended');
}
const left = async (uri: string) => ({
  files: (await t.ctx.db.select({ n: count() }).from(multidocsFiles).where(eq(multidocsFiles.uri, uri)))[0]!.n,
  documents: (await t.ctx.db.select({ n: count() }).from(documents).where(eq(documents.uri, uri)))[0]!.n,
});

beforeAll(async () => {
  openai = await startStubOpenAI();
  t = await startTestApp({
    HANGAR_DEMO_WAREHOUSE: 'false',
    MULTIDOCS_UPLOAD_WAIT_MS: '0',
    MULTIDOCS_HEARTBEAT_MS: '40',
    MULTIDOCS_EMBEDDING_URL: openai.baseUrl,
  });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
});

describe('Multi Docs extraction jobs', () => {
  it('answers 202 pending at once, then upload-status follows the job to ready with pages and passages', async () => {
    const res = await upload('multidocs/handbook.pdf');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', total_pages: 0, additional_time: 2, file_type: 'doc' });
    expect(res.body.uri).toMatch(/^documents\//);
    const seen = await follow(res.body.uri);
    expect(seen.at(-1)).toMatchObject({ status: 200, body: { status: 'ready', total_pages: 3, extraction: 'text layer', progress: null } });
    const [file] = await t.ctx.db.select().from(multidocsFiles).where(eq(multidocsFiles.uri, res.body.uri));
    const chunks = await t.ctx.db.select().from(multidocsChunks).where(eq(multidocsChunks.fileId, file!.id));
    expect(chunks.length).toBeGreaterThan(0);
    // With an embedding endpoint configured, the job stored a vector with every passage.
    expect(chunks.every((c) => c.embedding && c.embedding.byteLength > 0)).toBe(true);
    // Someone else's uri is not theirs to follow: unknown to another Multi Docs user, refused without the app.
    expect((await status(res.body.uri, admin)).status).toBe(404);
    expect((await status(res.body.uri, viewer)).status).toBe(403);
  });

  it('shows what a long extraction is doing while it runs (transcription of a video)', async () => {
    const res = await upload('multidocs/clip.mp4', undefined, 'video/mp4');
    expect(res.status).toBe(202);
    const seen = await follow(res.body.uri);
    expect(seen.some((s) => s.body.status === 'pending' && /Transcribing \d+ s of speech/.test(s.body.stage ?? ''))).toBe(true);
    expect(seen.at(-1)?.body).toMatchObject({ status: 'ready', file_type: 'audio' });
  });

  it('reports a failed extraction once, with its message, and keeps no file, passage or row', async () => {
    const res = await upload('encrypted.pdf', await readFile(path.join(FIXTURES, 'translation/encrypted.pdf')));
    expect(res.status).toBe(202);
    const seen = await follow(res.body.uri);
    expect(seen.at(-1)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/encrypted/) } });
    expect(await left(res.body.uri)).toEqual({ files: 0, documents: 0 });
    expect((await status(res.body.uri)).status).toBe(404);
  });

  it('lets a question wait for an attachment still being read, and a failed one never blocks the others', async () => {
    const bad = await upload('broken.pdf', new TextEncoder().encode('%PDF-1.7\nthis is not a pdf at all\n%%EOF'));
    const good = await upload('multidocs/handbook.pdf');
    expect([bad.status, good.status]).toEqual([202, 202]);
    // Asked at once, before either job has ended: the stream waits (heartbeats), then answers from the good one.
    const form = new FormData();
    form.set('sessionId', SESSION);
    form.set(
      'texts',
      JSON.stringify([{ uri: bad.body.uri }, { uri: good.body.uri }, { text: 'What does the handbook say about de-icing?' }]),
    );
    const res = await fetch(`${t.url}/api/multidocs_chat/dual-stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}` },
      body: form,
    });
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as MultidocsEvent);
    expect(events.at(-1)?.type).toBe('stream_complete');
    expect(events.some((e) => e.type === 'global_error' || e.type === 'preview_error')).toBe(false);
    const citations = events.find((e) => e.type === 'preview_end')?.citations ?? [];
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.uri === good.body.uri)).toBe(true);
    // The broken one left nothing but its message, which its status answers once.
    expect((await status(bad.body.uri)).status).toBe(400);
    expect(await left(bad.body.uri)).toEqual({ files: 0, documents: 0 });
  });

  it('sweeps unread tombstones and attachments whose job was lost, with their files', async () => {
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, 'analyst@hangar.local'));
    const store = createMultidocsStore(t.ctx.db);
    const longAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    const doc = await t.ctx.documents.save({
      body: Buffer.from('%PDF-1.7'),
      fileName: 'lost.pdf',
      contentType: 'application/pdf',
      ownerId: owner!.id,
      visibility: 'private',
    });
    const base = {
      userId: owner!.id,
      sessionId: SESSION,
      name: 'x.pdf',
      title: 'x.pdf',
      kind: 'pdf',
      url: null,
      pages: 0,
      additionalTime: 2,
      method: 'pending',
    };
    const lost = await store.insertPending({ ...base, uri: doc.uri, documentId: doc.id });
    const tombstone = await store.insertPending({ ...base, uri: `test/${crypto.randomUUID()}`, documentId: null });
    await store.fail(tombstone.id, { code: 'BAD_REQUEST', message: 'broken' });
    const fresh = await store.insertPending({ ...base, uri: `test/${crypto.randomUUID()}`, documentId: null });
    await t.ctx.db
      .update(multidocsFiles)
      .set({ createdAt: longAgo })
      .where(inArray(multidocsFiles.id, [lost.id, tombstone.id]));

    await sweepExtractions(t.ctx, store);
    expect(await store.byId(tombstone.id)).toBeUndefined();
    expect(await store.byId(lost.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
    expect(await t.ctx.documents.findByUri(doc.uri)).toBeUndefined();
    expect((await store.byId(fresh.id))?.status).toBe('pending'); // a recent upload is left to its job
    await store.remove(fresh.id);
  });
});
