import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { documents, multidocsChunks, multidocsFiles } from '../../platform/db/schema.ts';

// Every form part of the Multi Docs routes, missing, mistyped or malformed: a 4xx that says what to
// fix, and no file, passage or document row left behind.

const PDF = path.resolve(import.meta.dirname, '../../../test/fixtures/multidocs/handbook.pdf');
const SESSION = 'md-input-1';

let t: TestApp;
let analyst: string;
const call = apiCaller(() => t.url);
const rows = async () => ({
  files: (await t.ctx.db.select({ n: count() }).from(multidocsFiles))[0]!.n,
  chunks: (await t.ctx.db.select({ n: count() }).from(multidocsChunks))[0]!.n,
  documents: (await t.ctx.db.select({ n: count() }).from(documents))[0]!.n,
});

async function post(route: string, form: FormData | string, contentType?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${analyst}` };
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(`${t.url}${route}`, { method: 'POST', headers, body: form });
  const type = res.headers.get('content-type') ?? '';
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  return { status: res.status, type, body: (type.includes('json') ? await res.json() : await res.text()) as any };
}
function form(fields: Record<string, string>, files: { field?: string; name: string; bytes: Uint8Array }[] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const file of files) f.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return f;
}

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('upload-file', () => {
  it.each([
    ['no sessionId', {}, [{ name: 'a.pdf' }], 400, /sessionId/],
    ['a sessionId with a slash', { sessionId: '../etc/passwd' }, [{ name: 'a.pdf' }], 400, /sessionId must be 6 to 64/],
    ['fileInfo that is not JSON', { sessionId: SESSION, fileInfo: '{name:' }, [{ name: 'a.pdf' }], 400, /fileInfo must be JSON/],
    ['fileInfo of the wrong shape', { sessionId: SESSION, fileInfo: '{"size":"big"}' }, [{ name: 'a.pdf' }], 400, /fileInfo does not have/],
    ['the file in another field', { sessionId: SESSION }, [{ name: 'a.pdf', field: 'document' }], 400, /field "file"/],
    ['two files', { sessionId: SESSION }, [{ name: 'a.pdf' }, { name: 'b.pdf' }], 400, /one file/],
    ['no file', { sessionId: SESSION }, [], 400, /Attach the file/],
  ])('%s → 400', async (_label, fields, files, status, message) => {
    const before = await rows();
    const bytes = await readFile(PDF);
    const r = await post(
      '/api/multidocs_chat/upload-file',
      form(
        fields,
        files.map((f) => ({ ...f, bytes })),
      ),
    );
    expect(r.status).toBe(status);
    expect(r.body.message).toMatch(message);
    expect(await rows()).toEqual(before);
  });

  it('refuses a JSON body instead of a form', async () => {
    const r = await post('/api/multidocs_chat/upload-file', JSON.stringify({ sessionId: SESSION }), 'application/json');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/multipart\/form-data/);
  });
});

describe('scrape-url and transcript-file', () => {
  it.each([
    ['no url', { sessionId: SESSION }, /Enter a link/],
    ['a blank url', { sessionId: SESSION, url: '   ' }, /Enter a link/],
    ['a url that is not one', { sessionId: SESSION, url: 'not a link' }, /link|address|http/i],
    ['an ftp url', { sessionId: SESSION, url: 'ftp://example.com/a' }, /http/i],
  ])('scrape-url with %s → 400', async (_label, fields, message) => {
    const r = await post('/api/multidocs_chat/scrape-url', form(fields));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });

  it('transcript-file without a file, or with a pdf, is refused', async () => {
    const none = await post('/api/multidocs_chat/transcript-file', form({ sessionId: SESSION }));
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Attach the file/);
    const pdf = await post(
      '/api/multidocs_chat/transcript-file',
      form({ sessionId: SESSION }, [{ name: 'a.pdf', bytes: await readFile(PDF) }]),
    );
    expect(pdf.status).toBeGreaterThanOrEqual(400);
    expect(pdf.status).toBeLessThan(500);
    expect(pdf.body.message).toBeTruthy();
  });
});

describe('dual-stream and delete', () => {
  const ask = (fields: Record<string, string>) => post('/api/multidocs_chat/dual-stream', form({ sessionId: SESSION, ...fields }));
  it.each([
    ['texts that are not JSON', { texts: '[{text:' }, /texts must be a JSON list/],
    ['texts of the wrong shape', { texts: '{"text":"a"}' }, /texts must be a JSON list/],
    ['pieces of the wrong type', { texts: '[{"text":42}]' }, /texts must be a JSON list/],
    ['no texts', {}, /texts/],
    ['a total_time that is not a number', { texts: '[{"text":"Where?"}]', total_time: 'soon' }, /total_time/],
  ])('%s → 400 before any event', async (_label, fields, message) => {
    const r = await ask(fields);
    expect(r.status).toBe(400);
    expect(r.type).toContain('json');
    expect(r.body.message).toMatch(message);
  });

  it("a uri that is not the user's, or not a uri at all, is a 404 before any event", async () => {
    const r = await ask({ texts: JSON.stringify([{ text: 'Where?' }, { uri: 'multidocs/someone-else/file.pdf' }]) });
    expect(r.status).toBe(404);
  });

  it.each([
    ['no gs_link', {}],
    ['a number as gs_link', { gs_link: 42 }],
    ['an empty gs_link', { gs_link: '' }],
  ])('delete with %s → 400', async (_label, body) => {
    const r = await call('DELETE', '/api/multidocs_chat/delete', analyst, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/gs_link/);
  });
});
