import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCanonicalHost } from './canonical-host.ts';

function appWith(publicUrl: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerCanonicalHost(app, publicUrl);
  app.get('/*', async () => 'web app');
  app.get('/api/credit', async () => ({ remaining_credit: 1 }));
  app.get('/auth/token', async () => 'sign-in start');
  return { app, lines };
}

describe('the web app on another local address than PUBLIC_URL', () => {
  it('sends a browser on 127.0.0.1 to PUBLIC_URL with the same path and query, and says why once per host', async () => {
    const { app, lines } = appWith('http://localhost:8080');
    const first = await app.inject({ method: 'GET', url: '/?tab=75&x=a%20b', headers: { host: '127.0.0.1:8080' } });
    expect(first.statusCode).toBe(307);
    expect(first.headers.location).toBe('http://localhost:8080/?tab=75&x=a%20b');
    const page = await app.inject({ method: 'GET', url: '/download?uri=a/b.docx', headers: { host: '127.0.0.1:8080' } });
    expect(page.headers.location).toBe('http://localhost:8080/download?uri=a/b.docx');
    const signIn = await app.inject({ method: 'GET', url: '/auth/token', headers: { host: '[::1]:8080' } });
    expect(signIn.headers.location).toBe('http://localhost:8080/auth/token');
    const reasons = lines.filter((l) => l.includes('but PUBLIC_URL is http://localhost:8080'));
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toContain('Browser opened 127.0.0.1:8080');
    expect(reasons[1]).toContain('Browser opened [::1]:8080');
    await app.close();
  });

  it('leaves API calls, the canonical host and other methods alone', async () => {
    const { app } = appWith('http://localhost:8080');
    const api = await app.inject({ method: 'GET', url: '/api/credit', headers: { host: '127.0.0.1:8080' } });
    expect(api.statusCode).toBe(200);
    const bearer = await app.inject({
      method: 'GET',
      url: '/download?uri=x',
      headers: { host: '127.0.0.1:8080', authorization: 'Bearer t' },
    });
    expect(bearer.statusCode).toBe(200);
    const same = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } });
    expect(same.body).toBe('web app');
    await app.close();
  });

  it("does not send another machine's browser to localhost, but warns that sign-in will not complete there", async () => {
    const { app, lines } = appWith('http://localhost:8080');
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: '192.168.1.20:8080' } });
    expect(res.body).toBe('web app');
    expect(lines.join('')).toContain('sign-in will not complete on this address');
    await app.close();
  });

  it('changes nothing when PUBLIC_URL is a real host name', async () => {
    const { app } = appWith('https://hangar.example.com');
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:8080' } });
    expect(res.body).toBe('web app');
    await app.close();
  });
});
