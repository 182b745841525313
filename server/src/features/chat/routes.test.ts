import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let analyst: string;
let viewer: string;
let finance: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  t = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
  finance = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t?.close());

describe('chat configuration and settings', () => {
  it('answers the defaults with the suggested prompts of every category', async () => {
    const res = await call('GET', '/api/secured_gpt/config', analyst);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'EN', context: '', conv: {} });
    expect(Object.keys(res.body.suggested_prompts)).toEqual([
      'Communication',
      'Day to day',
      'Finance',
      'Human ressources',
      'IT/Software Developpment',
      'Procurement',
      'Training',
    ]);
    const first = res.body.suggested_prompts.Finance[0];
    expect(first.name && first.definition && first.prompt_template).toBeTruthy();
  });

  it('changes the language to one of EN, ES, FR, PT, JA only', async () => {
    expect((await call('GET', '/api/secured_gpt/change/config/FR', analyst)).body.language).toBe('FR');
    expect((await call('GET', '/api/secured_gpt/config', analyst)).body.language).toBe('FR');
    const bad = await call('GET', '/api/secured_gpt/change/config/DE', analyst);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/EN, ES, FR, PT, JA/);
  });

  it('saves the context, and refuses one that is too long', async () => {
    expect((await call('POST', '/api/secured_gpt/context', analyst, { context: 'I work in SSA finance.' })).body).toEqual({
      context: 'I work in SSA finance.',
    });
    expect((await call('GET', '/api/secured_gpt/config', analyst)).body.context).toBe('I work in SSA finance.');
    expect((await call('POST', '/api/secured_gpt/context', analyst, { context: 'x'.repeat(4001) })).status).toBe(400);
    expect((await call('POST', '/api/secured_gpt/context', analyst, { context: 42 })).status).toBe(400);
  });

  it('is for holders of the chat only', async () => {
    expect((await call('GET', '/api/secured_gpt/config', finance)).status).toBe(403);
  });
});

describe('conversations', () => {
  it('stores info lines, lists, renames, searches and deletes; another user sees nothing', async () => {
    expect(
      (
        await call('POST', '/api/secured_gpt/info', analyst, {
          id: 'chat-abc123',
          message: 'You have now left GPT 4o. You are now using Mistral.',
        })
      ).status,
    ).toBe(204);
    const session = await call('GET', '/api/secured_gpt/sessions/chat-abc123', analyst);
    expect(session.body).toMatchObject({ session_id: 'chat-abc123', title: 'New chat...', data_type: 'text' });
    expect(session.body.conversation[0]).toMatchObject({
      info: 'You have now left GPT 4o. You are now using Mistral.',
      data_type: 'text_switch',
    });
    expect(session.body.conversation[0].timestamp).toMatch(/\+00:00$/);
    expect(session.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT.*\+00:00$/);

    // Only a model-switch line so far: not listed until it holds a question.
    expect((await call('GET', '/api/secured_gpt/history', analyst)).body.chats).toEqual([]);
    expect((await call('PATCH', '/api/secured_gpt/sessions/chat-abc123', analyst, { title: 'Model comparison' })).status).toBe(204);
    expect((await call('GET', '/api/secured_gpt/sessions/chat-abc123', analyst)).body.title).toBe('Model comparison');

    const found = await call('GET', '/api/secured_gpt/search?q=MISTRAL', analyst);
    expect(found.body.results).toEqual([
      expect.objectContaining({ session_id: 'chat-abc123', excerpt: expect.stringContaining('Mistral') }),
    ]);
    expect((await call('GET', '/api/secured_gpt/search?q=x', analyst)).status).toBe(400);

    // Someone else's id: 404, never its content; and their own lists stay empty.
    const other = await call('GET', '/api/secured_gpt/sessions/chat-abc123', viewer);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Mistral');
    expect((await call('PATCH', '/api/secured_gpt/sessions/chat-abc123', viewer, { title: 'mine now' })).status).toBe(404);
    expect((await call('DELETE', '/api/secured_gpt/sessions/chat-abc123', viewer)).status).toBe(404);
    expect((await call('GET', '/api/secured_gpt/search?q=mistral', viewer)).body.results).toEqual([]);

    expect((await call('DELETE', '/api/secured_gpt/sessions/chat-abc123', analyst)).status).toBe(204);
    expect((await call('GET', '/api/secured_gpt/sessions/chat-abc123', analyst)).status).toBe(404);
    expect((await call('GET', '/api/secured_gpt/history', analyst)).body.chats).toEqual([]);
  });

  it('rejects malformed ids and titles', async () => {
    expect((await call('GET', '/api/secured_gpt/sessions/..%2F..%2Fetc', analyst)).status).toBe(400);
    expect((await call('POST', '/api/secured_gpt/info', analyst, { id: 'x', message: 'hi' })).status).toBe(400);
    expect((await call('PATCH', '/api/secured_gpt/sessions/chat-abc999', analyst, { title: '   ' })).status).toBe(400);
  });
});
