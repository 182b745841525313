import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { ServiceStatus, ServicesResponse } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, freePort, startTestApp, type TestApp } from '../../../test/harness.ts';
import { SERVICE_CHECK_TIMEOUT_MS } from './service-checks.ts';

// Issue 33 item 6: the Services section of tab 74 lists every engine, configured or not, whether it
// answers (loopback stubs: one answering 401, one closed port, one that never answers), and the keys
// to set; only administrators read it, and never a key's value.

let t: TestApp;
let admin: string;
let analyst: string;
const servers: Server[] = [];
const call = apiCaller(() => t.url);

async function stub(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  const openai = await stub((req, res) => {
    // The check sends no key: a real API answers 401, which still proves it is there.
    res.writeHead(req.headers.authorization ? 200 : 401, { 'content-type': 'application/json' }).end('{"error":"no key"}');
  });
  const silent = await stub(() => {}); // accepts, never answers
  const stt = await stub((_req, res) => res.writeHead(405).end());
  const closed = `http://127.0.0.1:${await freePort()}`;
  t = await startTestApp({
    OPENAI_API_KEY: 'sk-secret-value-1',
    OPENAI_BASE_URL: `${openai}/v1`,
    MISTRAL_API_KEY: 'mistral-secret-value-2',
    MISTRAL_BASE_URL: `${closed}/v1`,
    GOOGLE_GENERATIVE_AI_API_KEY: 'gemini-secret-value-3',
    GOOGLE_GENERATIVE_AI_BASE_URL: `${silent}/v1beta`,
    STT_BASE_URL: stt,
  });
  [admin = '', analyst = ''] = await Promise.all(
    ['admin@hangar.local', 'analyst@hangar.local'].map(async (e) => (await signIn(t.url, e, DEMO_PASSWORD)).accessToken),
  );
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await t?.close();
});

const byId = (body: ServicesResponse, id: string) => body.services.find((s) => s.id === id) as ServiceStatus;

describe('GET /api/admin/services', () => {
  it('lists every engine with configured, reachable and what to set, within a few seconds, without any secret', async () => {
    const started = Date.now();
    const res = await call('GET', '/api/admin/services', admin);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    const body = res.body as ServicesResponse;
    // The slowest check (the service that never answers) bounds the page.
    expect(took).toBeLessThan(SERVICE_CHECK_TIMEOUT_MS + 2_000);

    expect(new Set(body.services.map((s) => s.group))).toEqual(
      new Set(['Chat models', 'Translation', 'Speech to text', 'OCR and documents', 'Sentiment analysis', 'Dashboards', 'AI Factory']),
    );
    expect(byId(body, 'llm:openai')).toMatchObject({ configured: true, reachable: 'yes' });
    expect(byId(body, 'llm:openai').detail).toMatch(/HTTP 401/);
    expect(byId(body, 'llm:openai').usedBy).toContain('GPT 4o');
    expect(byId(body, 'llm:mistral')).toMatchObject({ configured: true, reachable: 'no' });
    expect(byId(body, 'llm:google')).toMatchObject({ configured: true, reachable: 'no' });
    expect(byId(body, 'llm:google').detail).toMatch(/did not answer within/);
    expect(byId(body, 'llm:azure')).toMatchObject({ configured: false, reachable: 'unknown' });
    expect(byId(body, 'llm:azure').detail).toBe('Set AZURE_OPENAI_API_KEY and AZURE_OPENAI_BASE_URL.');
    expect(byId(body, 'llm:offline')).toMatchObject({ configured: true, reachable: 'yes' });

    // Not configured: what to set, checked nowhere.
    const google = byId(body, 'translation:GoogleTranslate');
    expect(google).toMatchObject({ configured: false, reachable: 'unknown' });
    expect(google.settings).toEqual([
      { key: 'GOOGLE_TRANSLATE_PROJECT', required: true, set: false },
      { key: 'GOOGLE_TRANSLATE_API_KEY', required: true, set: false },
      { key: 'GOOGLE_TRANSLATE_BASE_URL', required: false, set: false },
    ]);
    expect(byId(body, 'translation:TranslationHub').detail).toBe('Set DEEPL_API_KEY.');
    // The Standard method follows its model's provider (OpenAI here), checked once.
    expect(byId(body, 'translation:ChatGPT')).toMatchObject({ configured: true, reachable: 'yes' });
    expect(byId(body, 'translation:Offline').install).toContain('apertium');
    expect(byId(body, 'stt:service')).toMatchObject({ configured: true, reachable: 'yes' });
    expect(byId(body, 'stt:service').settings.find((s) => s.key === 'STT_BASE_URL')).toEqual({
      key: 'STT_BASE_URL',
      required: true,
      set: true,
    });
    expect(byId(body, 'ocr:tesseract').install).toContain('tesseract-ocr');
    expect(byId(body, 'sentiment:offline')).toMatchObject({ configured: true, reachable: 'yes' });
    expect(byId(body, 'dashboards:powerbi')).toMatchObject({ configured: false, reachable: 'unknown' });
    // The AI Factory answers for itself: the demo registers no upstream, so every app is "not deployed".
    const factory = body.services.filter((s) => s.group === 'AI Factory');
    expect(factory.length).toBeGreaterThan(0);
    for (const app of factory) expect(app).toMatchObject({ configured: false, reachable: 'unknown' });

    for (const secret of ['sk-secret-value-1', 'mistral-secret-value-2', 'gemini-secret-value-3']) {
      expect(JSON.stringify(body)).not.toContain(secret);
    }
  });

  it('names only keys documented in the README configuration table', async () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    const body = (await call('GET', '/api/admin/services', admin)).body as ServicesResponse;
    const keys = new Set(body.services.flatMap((s) => s.settings.map((x) => x.key)));
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) expect(readme, key).toContain(`\`${key}\``);
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/admin/services', analyst)).status).toBe(403);
    expect((await call('GET', '/api/admin/services')).status).toBe(401);
  });

  it('refuses a malformed query with what to send', async () => {
    const res = await call('GET', '/api/admin/services?fresh=maybe', admin);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/fresh/);
  });
});

describe('what employees read instead', () => {
  it('a model or a method that is not set up is a plain sentence, without configuration keys', async () => {
    const KEY = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
    const models = (await call('GET', '/api/secured_gpt/models', analyst)).body.models as {
      id: string;
      unavailableReason: string | null;
    }[];
    for (const m of models) expect(m.unavailableReason ?? '', m.id).not.toMatch(KEY);
    const session = (await call('GET', '/api/translation/clear_session', analyst)).body.id_session;
    const methods = (await call('GET', `/api/translation/config/${session}`, analyst)).body.methods as {
      method: string;
      why: string | null;
    }[];
    expect(methods.find((m) => m.method === 'TranslationHub')?.why).toBe(
      'The premium translation service is not set up on this portal (ask your administrator).',
    );
    for (const m of methods) expect(m.why ?? '', m.method).not.toMatch(KEY);
    const engines = (await call('GET', '/api/sentiment/engines', analyst)).body as { id: string; reason: string | null }[];
    for (const e of engines) expect(e.reason ?? '', e.id).not.toMatch(KEY);
  });
});
