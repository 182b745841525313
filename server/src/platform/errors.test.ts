import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandling } from './errors.ts';

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
  await app.ready();
  return app;
}

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

  it('answers an unknown route with a JSON 404', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
