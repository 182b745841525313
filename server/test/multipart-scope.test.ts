import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// @fastify/multipart belongs to the features that take uploads (app.ts): registered for the whole
// app, its hooks ran on every request. Their own suites upload through it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      seed: false,
      extend: (app) =>
        app.post('/api/probe', { config: { access: 'public' } }, async (request) => ({
          multipart: typeof (request as { isMultipart?: unknown }).isMultipart,
        })),
    },
  );
});
afterAll(() => t?.close());

describe('multipart outside the upload features', () => {
  it('is not there: other routes run none of its hooks', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe', payload: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ multipart: 'undefined' });
  });

  it('refuses a multipart body there as an unsupported type', async () => {
    const boundary = 'x-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
  });
});
