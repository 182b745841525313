import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { registerInputGuards } from './request-guards.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  registerInputGuards(app);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart);
  app.post('/echo', async (request) => {
    const body = request.body as Record<string, unknown>;
    return { keys: Object.keys(body), polluted: Object.getPrototypeOf(body) !== Object.prototype, body };
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, type = 'application/json') =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': type }, payload });

describe('the JSON body guard', () => {
  it('drops a "__proto__" key, spelt out or written with \\u escapes, and keeps the prototype', async () => {
    for (const key of ['__proto__', '\\u005f\\u005fproto\\u005f\\u005f', '__pr\\u006fto__']) {
      const res = await post(`{"a":1,"${key}":{"admin":true},"nested":{"${key}":{"admin":true}}}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json(), key).toEqual({ keys: ['a', 'nested'], polluted: false, body: { a: 1, nested: {} } });
    }
  });

  it('parses ordinary bodies, escapes included, as JSON.parse does', async () => {
    const body = { text: 'é "quoted" \\ back\\slash \\u0000 as text', list: [1, null, true], deep: { x: 'y' } };
    const res = await post(JSON.stringify(body));
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual(body);
  });

  it('refuses NUL written as \\u0000 in a value, a key or a bare string, with the clear message', async () => {
    for (const payload of ['{"context":"ab\\u0000cd"}', '{"con\\u0000text":"x"}', '{"list":["ok","\\u0000"]}']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/NUL characters/);
    }
  });

  it('still refuses NUL in a form body, which the JSON parser never saw', async () => {
    const res = await post('context=ab%00cd', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/NUL characters/);
    expect((await post('context=abcd', 'application/x-www-form-urlencoded')).statusCode).toBe(200);
  });
});

/** An app with the guards and form bodies but without @fastify/multipart, as routes outside the upload features have. */
async function withoutMultipart(): Promise<FastifyInstance> {
  const plain = Fastify();
  registerErrorHandling(plain);
  registerInputGuards(plain);
  await plain.register(fastifyFormbody);
  return plain;
}

const postForm = (app: FastifyInstance, url: string, payload: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('the guards where @fastify/multipart is not registered (routes outside the upload features)', () => {
  it('refuse NUL in a form body all the same', async () => {
    const plain = await withoutMultipart();
    plain.post('/echo', async () => ({ ok: true }));
    const send = (payload: string) => postForm(plain, '/echo', payload);
    const refused = await send('context=ab%00cd');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/NUL characters/);
    expect((await send('context=abcd')).statusCode).toBe(200);
    await plain.close();
  });
});

describe('the body guard on routes that take a body', () => {
  it('runs before the route’s own preValidation hooks, and a route without a body has none', async () => {
    const plain = await withoutMultipart();
    const seen: string[] = [];
    plain.post('/own', { preValidation: (_request, _reply, done) => (seen.push('own'), done()) }, async () => ({ ok: true }));
    plain.get('/read', async () => ({ ok: true }));
    await plain.ready();
    const send = (payload: string) => postForm(plain, '/own', payload);
    expect((await send('a=b')).statusCode).toBe(200);
    expect(seen).toEqual(['own']);
    // The form parser lets NUL through: the guard refuses it before the route's own hook runs.
    const refused = await send('a=b%00c');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/NUL characters/);
    expect(seen).toEqual(['own']);
    // "/own (POST)" then its hooks, up to the next route.
    const hooksOf = (route: string) => plain.printRoutes({ includeHooks: true, commonPrefix: false }).split(route)[1]?.split('── /')[0];
    expect(hooksOf('/own (POST)')).toContain('(preValidation)');
    expect(hooksOf('/read (GET)')).toBeDefined();
    expect(hooksOf('/read (GET)')).not.toContain('(preValidation)');
    await plain.close();
  });
});
