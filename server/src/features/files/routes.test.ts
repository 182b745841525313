import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog, documents } from '../../platform/db/schema.ts';

let t: TestApp;
let analyst: string;
let viewer: string;
let admin: string;
const uriOf = async (fileName: string) => (await t.ctx.db.select().from(documents).where(eq(documents.fileName, fileName)))[0]!.uri;

beforeAll(async () => {
  t = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t?.close());

const pdf = (uri: string, token?: string) =>
  fetch(`${t.url}/api/pdf/document?uri=${encodeURIComponent(uri)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const download = (uri: string, token?: string, accept = '*/*') =>
  fetch(`${t.url}/download?uri=${encodeURIComponent(uri)}`, {
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('/api/files/documents', () => {
  it("lists what each user may open, and no one else's private files", async () => {
    const list = async (token: string) =>
      (
        (await (await fetch(`${t.url}/api/files/documents`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          documents: { fileName: string }[];
        }
      ).documents
        .map((d) => d.fileName)
        .sort();
    expect(await list(analyst)).toEqual(['Analyst-briefing.pdf', 'Hangar-user-guide.pdf', 'Traffic-summary-2026-10.csv']);
    expect(await list(viewer)).toEqual(['Hangar-user-guide.pdf']);
  });
});

describe('/api/pdf/document', () => {
  it("serves the owner's PDF with its bytes", async () => {
    const res = await pdf(await uriOf('Analyst-briefing.pdf'), analyst);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves a document shared with everyone to any signed-in user', async () => {
    expect((await pdf(await uriOf('Hangar-user-guide.pdf'), viewer)).status).toBe(200);
  });

  it("refuses another user's document with 403, and audits it", async () => {
    const uri = await uriOf('Analyst-briefing.pdf');
    const res = await pdf(uri, viewer);
    expect(res.status).toBe(403);
    const denied = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.denied'), eq(auditLog.target, uri)));
    expect(denied.length).toBeGreaterThan(0);
  });

  it.each([
    '../../../etc/passwd',
    '/etc/passwd',
    'file:///etc/passwd',
    'https://example.com/a.pdf',
    'documents/00000000-0000-0000-0000-000000000000/made-up.pdf',
  ])('answers %s with 403, never reading outside the registry', async (uri) => {
    const res = await pdf(uri, admin);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('You do not have permission to access this document.');
  });

  it('asks for sign-in without a token, and rejects a missing uri with 400', async () => {
    expect((await pdf(await uriOf('Hangar-user-guide.pdf'))).status).toBe(401);
    const res = await fetch(`${t.url}/api/pdf/document`, { headers: { authorization: `Bearer ${viewer}` } });
    expect(res.status).toBe(400);
  });

  it('refuses to show a non-PDF in the viewer with 415', async () => {
    const res = await pdf(await uriOf('Traffic-summary-2026-10.csv'), analyst);
    expect(res.status).toBe(415);
    expect((await res.json()).message).toMatch(/not a PDF/);
  });
});

describe('/download', () => {
  it('delivers the bytes as an attachment named after the file, and audits the read', async () => {
    const uri = await uriOf('Traffic-summary-2026-10.csv');
    const res = await download(uri, analyst);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Traffic-summary-2026-10.csv"');
    expect(await res.text()).toContain('2026-10,TAP,182340');
    const reads = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.read'), eq(auditLog.target, uri)));
    expect(reads.length).toBeGreaterThan(0);
  });

  it("refuses another user's file and unauthenticated API calls", async () => {
    const uri = await uriOf('Traffic-summary-2026-10.csv');
    expect((await download(uri, viewer)).status).toBe(403);
    expect((await download(uri)).status).toBe(401);
  });

  it('gives a browser navigation the download page instead of the file', async () => {
    const res = await download(await uriOf('Traffic-summary-2026-10.csv'), undefined, 'text/html,application/xhtml+xml');
    expect(res.headers.get('content-type')).toMatch(/text\/(html|plain)/);
    expect(await res.text()).not.toContain('182340');
  });
});

describe('file rate limit', () => {
  it('slows one user reading files in a loop with a clear 429, without blocking others', async () => {
    const limited = await startTestApp({ RATE_LIMIT_FILES_PER_MINUTE: '2' });
    try {
      const uri = (await limited.ctx.db.select().from(documents).where(eq(documents.fileName, 'Hangar-user-guide.pdf')))[0]!.uri;
      const one = (await signIn(limited.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
      const two = (await signIn(limited.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
      const read = async (token: string) => {
        const res = await fetch(`${limited.url}/api/pdf/document?uri=${encodeURIComponent(uri)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: res.status, body: await res.text() };
      };
      expect((await read(one)).status).toBe(200);
      expect((await read(one)).status).toBe(200);
      const blocked = await read(one);
      expect(blocked.status).toBe(429);
      expect(JSON.parse(blocked.body).error.code).toBe('RATE_LIMITED');
      expect((await read(two)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
