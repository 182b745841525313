import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { apertiumInstalled } from '../../providers/translate/apertium.ts';
import { download, finished, fixture, startOffline, upload } from './test-helpers.ts';

// Who may see a translation job and what a start request must carry: other users' ids, missing
// and wrong-typed form parts, callers without the app or without a token.

const offline = apertiumInstalled() !== null;
if (!offline) console.info('Apertium is not installed: the job ownership tests need a finished offline job and are skipped.');

let t: TestApp;
let analyst: string;
let admin: string;
let viewer: string;
const call = apiCaller(() => t.url);
const session = async (token: string) => (await call('GET', '/api/translation/clear_session', token)).body.id_session as string;

beforeAll(async () => {
  t = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe.skipIf(!offline)("a translation job is its owner's only", { timeout: 90_000 }, () => {
  it("answers 404 to another user's job id on its state and its file, 400 to a malformed id, 403/401 without the app or a token", async () => {
    const id = await session(analyst);
    const started = await startOffline(t.url, analyst, id, 'deck.pptx');
    expect(started.status).toBe(202);
    const job = await finished(t.url, analyst, started.body.id);
    expect(job.state).toBe('done');
    expect((await download(t.url, analyst, job.download_url!)).status).toBe(200);

    expect((await call('GET', `/api/translation/jobs/${job.id}`, admin)).status).toBe(404);
    const theirs = await download(t.url, admin, `/api/translation/jobs/${job.id}/file`);
    expect(theirs.status).toBe(404);
    expect(theirs.bytes.toString()).not.toContain('PK');
    const malformed = await call('GET', '/api/translation/jobs/not-a-uuid', analyst);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Unknown translation/);
    expect((await call('GET', `/api/translation/jobs/${job.id}`, viewer)).status).toBe(403);
    expect((await call('GET', `/api/translation/jobs/${job.id}`)).status).toBe(401);
    // The owner still has it: nothing above touched it.
    expect((await call('GET', `/api/translation/jobs/${job.id}`, analyst)).body.state).toBe('done');
  });
});

describe('a start request missing or mistyping a part is refused with what to fix, and costs nothing', () => {
  it.each([
    ['no target language', { method: 'Offline' }, /Pick a translation language/],
    ['an unknown target language', { method: 'Offline', target_language: 'XX' }, /XX|language/],
    ['no method', { target_language: 'ES' }, /Pick a translation method: GoogleTranslate/],
    ['an unknown method', { method: 'Babel', target_language: 'ES' }, /Pick a translation method/],
  ])('%s → 400', async (_label, fields, message) => {
    const id = await session(analyst);
    const before = (await call('GET', '/api/credit', analyst)).body.remaining_credit;
    const r = await upload(
      t.url,
      '/api/translation',
      analyst,
      { id_session: id, ...fields },
      { bytes: await fixture('deck.pptx'), name: 'deck.pptx' },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect((await call('GET', '/api/credit', analyst)).body.remaining_credit).toBe(before);
    expect((await t.ctx.store.list(`translation/${id}/`)).length).toBe(0);
  });

  it('refuses a start without a session (400), with an unknown session (404), without the app (403) and without a token (401)', async () => {
    const fields = { method: 'Offline', target_language: 'ES' };
    const file = { bytes: await fixture('deck.pptx'), name: 'deck.pptx' };
    const none = await upload(t.url, '/api/translation', analyst, fields, file);
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Open the translator first/);
    const unknown = await upload(t.url, '/api/translation', analyst, { ...fields, id_session: crypto.randomUUID() }, file);
    expect(unknown.status).toBe(404);
    expect((await upload(t.url, '/api/translation', viewer, { ...fields, id_session: await session(analyst) }, file)).status).toBe(403);
    const anonymous = await fetch(`${t.url}/api/translation`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});
