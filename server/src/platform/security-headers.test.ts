import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders, writeHijackedHead } from './security-headers.ts';

const app = Fastify();
registerSecurityHeaders(app, { https: false, extraFormActions: [] });
let rawHeadersBeforeSend: string[] = [];
app.get('/api/thing', async (_request, reply) => {
  rawHeadersBeforeSend = reply.raw.getHeaderNames();
  return { ok: true };
});
app.get('/api/stream', async (request, reply) => {
  reply.hijack();
  writeHijackedHead(reply, 200, { 'content-type': 'text/event-stream; charset=utf-8', 'x-request-id': request.id });
  reply.raw.end('data: done\n\n');
});
app.get('/', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
afterAll(() => app.close());

describe('security headers', () => {
  it('puts the short API set on the reply, not the raw response (which sends every header through the slow path)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(rawHeadersBeforeSend).toEqual([]);
  });

  it('gives a stream the route writes itself the same set, with its own headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/stream' });
    expect(res.body).toBe('data: done\n\n');
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives pages the full policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
