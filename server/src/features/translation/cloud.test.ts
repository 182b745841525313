import { TRANSLATION_ERROR_TEXT } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { startStubDeepL, startStubGoogle } from '../../../test/stub-translation.ts';
import { officeText, readOffice } from '../../platform/office/package.ts';
import { download, finished, fixture, upload } from './test-helpers.ts';

// The cloud and LLM methods against local servers speaking their wire formats.
let t: TestApp;
let analyst: string;
let google: Awaited<ReturnType<typeof startStubGoogle>>;
let deepl: Awaited<ReturnType<typeof startStubDeepL>>;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
const call = apiCaller(() => t.url);
const session = async () => (await call('GET', '/api/translation/clear_session', analyst)).body.id_session as string;
const credit = async () => (await call('GET', '/api/credit', analyst)).body.remaining_credit as number;

beforeAll(async () => {
  google = await startStubGoogle({ apiKey: 'g-key', project: 'hangar-test' });
  deepl = await startStubDeepL({ apiKey: 'd-key:fx', polls: 3 });
  openai = await startStubOpenAI();
  t = await startTestApp({
    GOOGLE_TRANSLATE_PROJECT: 'hangar-test',
    GOOGLE_TRANSLATE_API_KEY: 'g-key',
    GOOGLE_TRANSLATE_BASE_URL: google.baseUrl,
    DEEPL_API_KEY: 'd-key:fx',
    DEEPL_BASE_URL: deepl.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseUrl,
    TRANSLATION_PRICES: '{"GoogleTranslate":3,"TranslationHub":20,"ChatGPT":4}',
  });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([google?.close(), deepl?.close(), openai?.close()]);
});

describe('GoogleTranslate (Cloud Translation v3)', () => {
  it('sends html segments with the key header, the source and target, and writes the answers back; credits held then settled', async () => {
    const id = await session();
    const before = await credit();
    google.delay(600);
    const started = await upload(
      t.url,
      '/api/translation',
      analyst,
      { method: 'GoogleTranslate', id_session: id, target_language: 'FR', source_language: 'EN' },
      { bytes: await fixture('deck.pptx'), name: 'deck.pptx' },
    );
    expect(started.status).toBe(202);
    expect(await credit()).toBe(before - 6); // 2 slides × 3, held while it runs
    const job = await finished(t.url, analyst, started.body.id);
    google.delay(0);
    expect(job.state).toBe('done');
    expect(await credit()).toBe(before - 6);
    const request = google.requests.at(-1)!;
    expect(request.url).toBe('/v3/projects/hangar-test/locations/global:translateText');
    expect(request.headers['x-goog-api-key']).toBe('g-key');
    const body = JSON.parse(request.body.toString());
    expect(body).toMatchObject({ mimeType: 'text/html', targetLanguageCode: 'fr', sourceLanguageCode: 'en' });
    expect(body.contents).toContain('The meeting has been postponed because several team members are traveling.');
    expect(body.contents.some((c: string) => c.includes('<span data-r="1">increased</span>'))).toBe(true);
    const parts = officeText(await readOffice((await download(t.url, analyst, job.download_url!)).bytes, 'pptx'));
    expect(parts['notesSlides/notesSlide1']!.join(' ')).toContain('[fr] THE MEETING HAS BEEN POSTPONED');
  });

  it('an error status fails the job with the spec text and gives the credits back', async () => {
    const id = await session();
    const before = await credit();
    google.fail(500);
    try {
      const started = await upload(
        t.url,
        '/api/translation',
        analyst,
        { method: 'GoogleTranslate', id_session: id, target_language: 'ES' },
        { bytes: await fixture('report.docx'), name: 'report.docx' },
      );
      const job = await finished(t.url, analyst, started.body.id);
      expect(job).toMatchObject({ state: 'failed', error: TRANSLATION_ERROR_TEXT });
    } finally {
      google.fail(null);
    }
    expect(await credit()).toBe(before);
    expect((await t.ctx.store.list(`translation/${id}/`)).length).toBe(0);
    expect(JSON.parse(google.requests.at(-1)!.body.toString())).not.toHaveProperty('sourceLanguageCode');
  });
});

describe('TranslationHub (DeepL document API)', { timeout: 60_000 }, () => {
  it('uploads the file with the auth header, polls until done and downloads the result', async () => {
    const id = await session();
    const from = deepl.requests.length;
    const bytes = await fixture('report.docx');
    const est = await upload(
      t.url,
      '/api/translation/document',
      analyst,
      { method: 'TranslationHub', id_session: id },
      { bytes, name: 'report.docx' },
    );
    expect(est.body).toMatchObject({ pages: 1, usage: 20, page_limit: 20 });
    const started = await upload(
      t.url,
      '/api/translation',
      analyst,
      { method: 'TranslationHub', id_session: id, target_language: 'PT' },
      { bytes, name: 'report.docx' },
    );
    const job = await finished(t.url, analyst, started.body.id);
    expect(job.state).toBe('done');
    const calls = deepl.requests.slice(from);
    expect(calls.every((c) => c.headers.authorization === 'DeepL-Auth-Key d-key:fx')).toBe(true);
    expect(calls[0]!.url).toBe('/v2/document');
    expect(calls[0]!.body.toString('latin1')).toMatch(/name="target_lang"\r\n\r\nPT-PT/);
    expect(calls.filter((c) => /^\/v2\/document\/[A-Z0-9]+$/.test(c.url)).length).toBe(3);
    expect(calls.at(-1)!.url).toMatch(/\/result$/);
    expect((await download(t.url, analyst, job.download_url!)).bytes.equals(bytes)).toBe(true);
  });

  it('refuses more than 20 pages before any work', async () => {
    const id = await session();
    const from = deepl.requests.length;
    const r = await upload(
      t.url,
      '/api/translation',
      analyst,
      { method: 'TranslationHub', id_session: id, target_language: 'ES' },
      { bytes: await fixture('long.pdf'), name: 'long.pdf' },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Too much pages/);
    expect(deepl.requests.length).toBe(from);
  });

  it.each([
    ['an error status', () => deepl.fail(456)],
    ['an error state while polling', () => deepl.errorState(true)],
  ])('%s fails the job and releases the credits', async (_, breakIt) => {
    const id = await session();
    const before = await credit();
    breakIt();
    try {
      const started = await upload(
        t.url,
        '/api/translation',
        analyst,
        { method: 'TranslationHub', id_session: id, target_language: 'ES' },
        { bytes: await fixture('deck.pptx'), name: 'deck.pptx' },
      );
      expect((await finished(t.url, analyst, started.body.id)).state).toBe('failed');
    } finally {
      deepl.fail(null);
      deepl.errorState(false);
    }
    expect(await credit()).toBe(before);
  });
});

describe('ChatGPT (the chat model through its provider)', () => {
  it('sends segment batches with the markers and writes the JSON answer back', async () => {
    const id = await session();
    const bytes = await fixture('deck.pptx');
    const doc = await readOffice(bytes, 'pptx');
    const count = Object.values(officeText(doc)).flat().length;
    openai.set({
      chunks: [JSON.stringify(Array.from({ length: count }, (_, i) => `texto ${i}`))],
      usage: { prompt_tokens: 50, completion_tokens: 20 },
    });
    const started = await upload(
      t.url,
      '/api/translation',
      analyst,
      { method: 'ChatGPT', id_session: id, target_language: 'ES' },
      { bytes, name: 'deck.pptx' },
    );
    const job = await finished(t.url, analyst, started.body.id);
    expect(job.state).toBe('done');
    const request = openai.requests.at(-1)!;
    expect(request.body.stream).not.toBe(true);
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]!.content).toMatch(/span data-r/);
    expect(JSON.parse(messages.at(-1)!.content)).toContain('The meeting has been postponed because several team members are traveling.');
    const parts = officeText(await readOffice((await download(t.url, analyst, job.download_url!)).bytes, 'pptx'));
    expect(JSON.stringify(parts)).toMatch(/texto \d/);
    expect(JSON.stringify(parts)).not.toMatch(/meeting|quarterly/);
  });

  it('an answer of the wrong shape fails the job', async () => {
    const id = await session();
    openai.set({ chunks: ['Sorry, I cannot.'] });
    const started = await upload(
      t.url,
      '/api/translation',
      analyst,
      { method: 'ChatGPT', id_session: id, target_language: 'ES' },
      { bytes: await fixture('deck.pptx'), name: 'deck.pptx' },
    );
    expect((await finished(t.url, analyst, started.body.id)).state).toBe('failed');
  });
});
