import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { asc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIn } from '../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp, testDatabase } from '../../test/harness.ts';
import { recentMonth } from '../features/governance/test-helpers.ts';
import { createAuditWriter } from './audit.ts';
import type { Database } from './db/client.ts';
import { auditLog, govUploads, users } from './db/schema.ts';
import { AppError, auditRefusals, badRequest, forbidden, registerErrorHandling } from './errors.ts';
import type { AccessClaims } from './identity/access-token.ts';
import { fetchUserUrl, INSIDE_NETWORK } from './outbound-http.ts';
import { createUploadQuota } from './uploads/quota.ts';

async function appWithRoutes() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/things', { schema: { body: z.object({ count: z.number().int().min(1), name: z.string() }) } }, async (req) => req.body);
  app.get('/boom', async () => {
    throw new Error('connection string postgres://admin:hunter2@db');
  });
  app.get('/db-restarting', async () => {
    // What pg gives a query whose connection the server closed (pg_ctl restart, a failover).
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/db-refused', async () => {
    throw new Error('Failed query: select 1', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'A request is already pending.');
  });
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    // Both ways a route reads a form: the parts iterator, and a file's stream piped somewhere.
    scope.post('/upload', async (request) => {
      for await (const part of request.parts() as AsyncIterable<Multipart>) {
        if (part.type === 'file') await pipeline(part.file, new Writable({ write: (_c, _e, done) => done() }));
      }
      return { ok: true };
    });
  });
  await app.ready();
  return app;
}

const BOUNDARY = 'hangar-test-boundary';
const FORM = [
  `--${BOUNDARY}\r\ncontent-disposition: form-data; name="note"\r\n\r\nhello\r\n`,
  `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\ncontent-type: text/csv\r\n\r\n`,
  `${'a,b,c\r\n'.repeat(500)}\r\n--${BOUNDARY}--\r\n`,
].join('');
const CUT_OFF = /^The upload ended before the form was complete/;
const NO_BOUNDARY = /^The upload is not a well-formed multipart form: its Content-Type header gives no boundary/;

describe('one error body for every failure', () => {
  it('names the wrong fields of an invalid body', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { count: 'three' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['body.count', 'body.name']));
    expect(body.message).toContain('body.count');
    expect(body.detail).toBe(body.message);
  });

  it('answers malformed JSON with 400', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: '{"count":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('hides the details of a 5xx and gives a request id to quote', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().message).toBe('Internal server error. Please try again later.');
    expect(res.json().error.requestId).toBeTruthy();
  });

  it('answers 503 with a retry hint while the database or the bucket cannot be reached, not an internal error', async () => {
    const app = await appWithRoutes();
    for (const url of ['/db-restarting', '/db-refused']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe('The portal cannot reach its database or file storage just now. Try again in a few seconds.');
    }
  });

  it('keeps the status and message of an AppError', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'CONFLICT' }, message: 'A request is already pending.' });
  });

  it('answers a form without a boundary, or cut off, with 400 and what to do, not 500', async () => {
    const app = await appWithRoutes();
    const send = (type: string, payload: string) =>
      app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': type }, payload });
    expect((await send(`multipart/form-data; boundary=${BOUNDARY}`, FORM)).json()).toEqual({ ok: true });
    const missing = await send('multipart/form-data', FORM);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(NO_BOUNDARY), requestId: expect.any(String) },
    });
    // Cut inside the file (the stream piped fails), and just before the closing boundary (the iterator fails).
    for (const cut of [FORM.length - 1500, FORM.length - 10]) {
      const res = await send(`multipart/form-data; boundary=${BOUNDARY}`, FORM.slice(0, cut));
      expect(res.statusCode, String(cut)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().message).toMatch(CUT_OFF);
    }
  });

  it('answers an unknown route with a JSON 404', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('malformed forms on the real upload routes', () => {
  let t: TestApp;
  let analyst: string;
  let steward: string;
  beforeAll(async () => {
    t = await startTestApp();
    analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
  }, 180_000);
  afterAll(() => t?.close());

  /** The bytes and content type a browser would send for the form. */
  async function encoded(fields: Record<string, string>, file: { name: string; body: string; type?: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([file.body], { type: file.type ?? 'application/octet-stream' }), file.name);
    const request = new Request('http://hangar.invalid/', { method: 'POST', body: form });
    return { type: request.headers.get('content-type')!, bytes: Buffer.from(await request.arrayBuffer()) };
  }

  it('answers a missing boundary and a truncated body with 400 and the usual body, and keeps nothing', async () => {
    const P1 = recentMonth(1);
    const governance = await encoded(
      { file_asset: 'SSA', use_case: 'Finance', month: P1.m, year: P1.y, file_type: 'GENERAL_LEDGER' },
      { name: 'ledger.csv', body: 'Account,Amount\r\n'.repeat(2000), type: 'text/csv' },
    );
    const sheet = await encoded({}, { name: 'comments.csv', body: 'Comment,Date\r\n'.repeat(2000), type: 'text/csv' });
    const translation = await encoded({ target_language: 'fr' }, { name: 'notes.docx', body: 'x'.repeat(30_000) });
    const multidocs = await encoded(
      { sessionId: crypto.randomUUID() },
      { name: 'notes.pdf', body: 'x'.repeat(30_000), type: 'application/pdf' },
    );
    // Governance's and sentiment's readers once waited forever on a part that failed before they
    // read its first bytes (governance/upload-content.ts readHead): truncated too.
    const routes = [
      { url: '/api/data_gov/ingestion/file', token: steward, form: governance, truncate: true },
      { url: '/api/sentiment/analyses', token: analyst, form: sheet, truncate: true },
      { url: '/api/translation/document', token: analyst, form: translation, truncate: true },
      { url: '/api/multidocs_chat/upload-file', token: analyst, form: multidocs, truncate: true },
    ];
    for (const { url, token, form, truncate } of routes) {
      const send = (type: string, payload: Buffer) =>
        t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload });
      const missing = await send('multipart/form-data', form.bytes);
      expect(missing.statusCode, `${url} without a boundary`).toBe(400);
      expect(missing.json(), url).toEqual({
        error: { code: 'BAD_REQUEST', message: expect.stringMatching(NO_BOUNDARY), requestId: missing.headers['x-request-id'] },
        detail: missing.json().message,
        message: missing.json().message,
      });
      if (!truncate) continue;
      const truncated = await send(form.type, form.bytes.subarray(0, form.bytes.length - 5000));
      expect(truncated.statusCode, `${url} truncated`).toBe(400);
      expect(truncated.json().error, url).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(CUT_OFF) });
    }
    expect(await t.ctx.db.select().from(govUploads)).toEqual([]);
  }, 60_000);
});

describe('refusals in the audit log', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let userId: string;

  beforeAll(async () => {
    ({ database, drop } = await testDatabase(''));
    const [u] = await database.db.insert(users).values({ email: 'ada@hangar.local', name: 'Ada' }).returning();
    userId = u!.id;
    const quota = createUploadQuota(database.db, 1024);
    await quota.record(userId, 2048);
    app = Fastify();
    registerErrorHandling(app);
    auditRefusals(app, createAuditWriter(database.db));
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { sub: userId, email: 'ada@hangar.local' } as AccessClaims;
    });
    app.get('/link', async (request) =>
      fetchUserUrl((request.query as { url: string }).url, { allowList: [], maxBytes: 1000, timeoutMs: 2000 }),
    );
    // A feature that words the refusal its own way keeps it as the cause (ai-factory/local-url.ts could).
    app.get('/wrapped', async () => {
      try {
        return await fetchUserUrl('http://10.1.2.3/health', { allowList: [], maxBytes: 1000, timeoutMs: 2000 });
      } catch (err) {
        throw badRequest('This Streamlit app cannot be loaded: this address points inside the network.', { cause: err });
      }
    });
    app.get('/spend', async () => {
      throw new AppError('INSUFFICIENT_CREDIT', 'You have run out of credits.');
    });
    app.get('/plain', async () => {
      throw badRequest('Not an upload.');
    });
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart);
      scope.post('/upload', async (request) => {
        if (request.headers['x-over-quota']) await quota.admit(userId);
        for await (const part of request.parts() as AsyncIterable<Multipart>) if (part.type === 'file') await part.toBuffer();
        if (request.headers['x-wrong-type']) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF documents are read.');
        return { ok: true };
      });
      scope.post('/upload-denied', async () => {
        throw forbidden();
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
  });

  const upload = (headers: Record<string, string> = {}, type = `multipart/form-data; boundary=${BOUNDARY}`, url = '/upload') =>
    app.inject({ method: 'POST', url, headers: { 'content-type': type, ...headers }, payload: FORM });
  const rows = () => database.db.select().from(auditLog).where(eq(auditLog.actorId, userId)).orderBy(asc(auditLog.id));

  it('keeps outbound refusals, rejected uploads, quota and credit refusals, with the user, address and request id', async () => {
    const link = await app.inject({ url: `/link?url=${encodeURIComponent('http://[::ffff:0:a9fe:a9fe]/latest/meta-data/')}` });
    expect(link.json().message).toBe(INSIDE_NETWORK);
    const missing = await upload({}, 'multipart/form-data');
    expect(missing.statusCode).toBe(400);
    const wrongType = await upload({ 'x-wrong-type': '1' });
    expect(wrongType.statusCode).toBe(415);
    const overQuota = await upload({ 'x-over-quota': '1' });
    expect(overQuota.statusCode).toBe(429);
    const wrapped = await app.inject({ url: '/wrapped' });
    expect(wrapped.statusCode).toBe(400);
    const spend = await app.inject({ url: '/spend' });
    expect(spend.statusCode).toBe(402);
    // Not refusals this log keeps: a 4xx outside uploads, an upload the policies refuse (audited there), an upload that worked.
    expect((await app.inject({ url: '/plain' })).statusCode).toBe(400);
    expect((await upload({}, undefined, '/upload-denied')).statusCode).toBe(403);
    expect((await upload()).statusCode).toBe(200);

    const id = (res: { json(): { error: { requestId: string } } }) => res.json().error.requestId;
    const common = { actorId: userId, actorEmail: 'ada@hangar.local', outcome: 'denied', ip: '127.0.0.1' };
    expect(await rows()).toEqual([
      expect.objectContaining({
        ...common,
        action: 'outbound.refused',
        target: '::ffff:0:a9fe:a9fe',
        requestId: id(link),
        details: { reason: 'linkLocal (IPv4 169.254.169.254 in rfc6145)', address: '::ffff:0:a9fe:a9fe', route: 'GET /link', status: 400 },
      }),
      expect.objectContaining({
        ...common,
        action: 'upload.rejected',
        target: 'POST /upload',
        requestId: id(missing),
        details: { status: 400, code: 'BAD_REQUEST', reason: missing.json().message },
      }),
      expect.objectContaining({
        ...common,
        action: 'upload.rejected',
        requestId: id(wrongType),
        details: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', reason: 'Only PDF documents are read.' },
      }),
      expect.objectContaining({
        ...common,
        action: 'quota.upload_exceeded',
        target: 'POST /upload',
        requestId: id(overQuota),
        details: { usedBytes: 2048, allowanceBytes: 1024, route: 'POST /upload', status: 429, upload: true },
      }),
      expect.objectContaining({
        ...common,
        action: 'outbound.refused',
        target: '10.1.2.3',
        requestId: id(wrapped),
        details: { reason: 'private', address: '10.1.2.3', route: 'GET /wrapped', status: 400 },
      }),
      expect.objectContaining({
        ...common,
        action: 'quota.credit_refused',
        target: 'GET /spend',
        requestId: id(spend),
        details: { reason: 'You have run out of credits.' },
      }),
    ]);
  });
});
