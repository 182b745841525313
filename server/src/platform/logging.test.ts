import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-pretty.ts';
import { fastifyLogging, loggerOptions, redactUrl, requestLogController, serializeError } from './logging.ts';

describe('what reaches the logs', () => {
  it('withholds credentials carried in query strings', () => {
    expect(redactUrl('/idp/session/end?id_token_hint=eyJabc&post_logout_redirect_uri=http%3A%2F%2Fx')).toBe(
      '/idp/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=http%3A%2F%2Fx',
    );
    expect(redactUrl('/api/data_gov/file?token=abc.def&name=a.csv')).toBe('/api/data_gov/file?token=[redacted]&name=a.csv');
    expect(redactUrl('/auth/callback?code=xyz&state=s1&iss=http%3A%2F%2Fi')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fi',
    );
    expect(redactUrl('/api/credit')).toBe('/api/credit');
    expect(redactUrl('/ai-factory/1001/~eyJzIjo.sig/_stcore/health?x=1')).toBe('/ai-factory/1001/~[redacted]/_stcore/health?x=1');
  });

  it("keeps a failed query's SQL but not its parameters (a password hash, say)", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(new@hangar.local) already exists.',
    });
    const err = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['new@hangar.local', '$argon2id$v=19$m=19456,t=2,p=1$secret'],
      cause,
    );
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('new@hangar.local');
  });

  it('never writes a download link token in the access log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, logController: requestLogController() });
    app.get('/api/data_gov/file', async () => 'ok');
    await app.inject({ method: 'GET', url: '/api/data_gov/file?token=secret-link-token.signature' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/data_gov/file?token=[redacted]');
    expect(log).not.toContain('secret-link-token');
  });
});

function sink(isTTY = false) {
  const lines: string[] = [];
  const out = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
    { isTTY },
  );
  return { lines, out };
}

async function appLogging(level: string, format: 'auto' | 'json' | 'pretty', isTTY = false) {
  const { lines, out } = sink(isTTY);
  // As the portal builds it (app.ts): the request's logger is lazy.
  const app = Fastify(fastifyLogging(level, format, out).options);
  app.get('/api/credit', async () => ({ remaining_credit: 1 }));
  app.get('/assets/app.js', async () => 'js');
  app.get('/boom', async () => {
    throw new Error('kaput');
  });
  return { app, lines };
}

describe('one line per request', () => {
  it('writes a single structured JSON line per request in json format', async () => {
    const { app, lines } = await appLogging('info', 'json');
    await app.inject({ method: 'GET', url: '/api/credit' });
    await app.inject({ method: 'GET', url: '/api/credit' });
    await app.close();
    const requests = lines.map((l) => JSON.parse(l)).filter((e) => e.req);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/credit' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0].responseTime).toBe('number');
    expect(typeof requests[0].reqId).toBe('string');
  });

  it('keeps routine files below info, and follows LOG_LEVEL', async () => {
    const info = await appLogging('info', 'json');
    await info.app.inject({ method: 'GET', url: '/assets/app.js' });
    await info.app.close();
    expect(info.lines.filter((l) => l.includes('request completed'))).toHaveLength(0);
    const debug = await appLogging('debug', 'json');
    await debug.app.inject({ method: 'GET', url: '/assets/app.js' });
    await debug.app.close();
    expect(debug.lines.filter((l) => l.includes('request completed'))).toHaveLength(1);
    const warn = await appLogging('warn', 'json');
    await warn.app.inject({ method: 'GET', url: '/api/credit' });
    await warn.app.close();
    expect(warn.lines).toHaveLength(0);
  });

  it('writes one short human line per request on a terminal (auto) or with pretty', async () => {
    for (const [format, tty] of [
      ['auto', true],
      ['pretty', false],
    ] as const) {
      const { app, lines } = await appLogging('info', format, tty);
      await app.inject({ method: 'GET', url: '/api/credit?token=abc' });
      await app.close();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/credit\?token=\[redacted\] 200 \d+ ms$/);
    }
  });

  it('stays JSON when auto writes to a pipe or a file (production)', async () => {
    const { app, lines } = await appLogging('info', 'auto', false);
    await app.inject({ method: 'GET', url: '/api/credit' });
    await app.close();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ msg: 'request completed' });
  });

  it('shows an error with its message and stack, indented under its line', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'demo warehouse failed',
        err: { message: 'kaput', stack: 'Error: kaput\n    at x (a.ts:1)' },
      }),
    );
    expect(line.split('\n')[0]).toMatch(/ERROR demo warehouse failed$/);
    expect(line).toContain('\n    Error: kaput');
  });
});

describe("a request's logger", () => {
  /** The portal's logging at `level`, counting the pino children built for requests. */
  async function counted(level: string) {
    const { app, lines } = await appLogging(level, 'json');
    type Child = (this: unknown, ...args: unknown[]) => unknown;
    const root = app.log as unknown as { child: Child };
    const child = root.child;
    const built = { children: 0 };
    // pino's children inherit this method from the root: it counts theirs too.
    root.child = function (this: unknown, ...args: unknown[]) {
      built.children++;
      return child.apply(this, args);
    };
    app.get('/note', async (request) => {
      request.log.info('below the level');
      request.log.warn({ detail: 1 }, 'worth a line');
      request.log.child({ part: 'inner' }).error('from a child');
      return { id: request.id };
    });
    return { app, lines, built };
  }

  it('builds no logger for a request that writes nothing at the configured level', async () => {
    const { app, lines, built } = await counted('warn');
    await app.inject({ method: 'GET', url: '/api/credit' });
    await app.close();
    expect(built.children).toBe(0);
    expect(lines).toHaveLength(0);
  });

  it('writes the lines of enabled levels with the request id, through one child', async () => {
    const { app, lines, built } = await counted('warn');
    const res = await app.inject({ method: 'GET', url: '/note' });
    await app.close();
    const { id } = res.json() as { id: string };
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => e.msg)).toEqual(['worth a line', 'from a child']);
    expect(entries.every((e) => e.reqId === id)).toBe(true);
    expect(entries[0]).toMatchObject({ level: 40, detail: 1 });
    expect(entries[1]).toMatchObject({ level: 50, part: 'inner' });
    // The request's own child, built at its first line, and the one it made.
    expect(built.children).toBe(2);
  });
});
