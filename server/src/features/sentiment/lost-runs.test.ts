import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sentimentAnalyses, users } from '../../platform/db/schema.ts';
import { failLostRuns, LOST_MESSAGE, QUEUED_LOST_AFTER_MS, RUNNING_LOST_AFTER_MS } from './lost-runs.ts';
import { runSentimentJob } from './run.ts';
import { FEEDBACK_ROWS, uploadSheet, xlsxOf } from './test-helpers.ts';

// A run whose process died (a kill, a crash, a restart) must not stay "running" with its credits held.
let t: TestApp;
let analyst: string;
let analystId: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  t = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@hangar.local'));
  analystId = u!.id;
}, 180_000);
afterAll(async () => t?.close());

const remaining = async () => (await call('GET', '/api/credit', analyst)).body.remaining_credit as number;

/** An uploaded analysis put in `state` with 5 credits held, as a run in a process that then died leaves it. */
async function abandoned(state: 'queued' | 'running', silentForMs: number) {
  const sheet = await xlsxOf([['Comment'], ...FEEDBACK_ROWS.map(([, , c]) => [c])]);
  const up = await uploadSheet(t.url, analyst, sheet, 'lost.xlsx');
  expect(up.status).toBe(201);
  const reservation = await t.ctx.credits.reserve(analystId, 5, 'sentiment');
  await t.ctx.db
    .update(sentimentAnalyses)
    .set({
      state,
      textColumn: 'Comment',
      progress: 0.4,
      credits: 5,
      reservationId: reservation.id,
      updatedAt: new Date(Date.now() - silentForMs),
    })
    .where(eq(sentimentAnalyses.id, up.body.id));
  return up.body.id as string;
}

describe('lost sentiment runs', () => {
  it('a running analysis silent for two minutes is failed on the next read, with its held credits given back', async () => {
    const before = await remaining();
    const id = await abandoned('running', RUNNING_LOST_AFTER_MS + 5_000);
    expect(await remaining()).toBe(before - 5);
    const read = await call('GET', `/api/sentiment/analyses/${id}`, analyst);
    expect(read.body).toMatchObject({ state: 'failed', error: LOST_MESSAGE, credits: 0 });
    expect(await remaining()).toBe(before);
    // A second read releases nothing more, and the late job finds nothing to do.
    await call('GET', '/api/sentiment/analyses', analyst);
    await runSentimentJob(t.ctx, id);
    expect(await remaining()).toBe(before);
    expect((await call('GET', `/api/sentiment/analyses/${id}`, analyst)).body.state).toBe('failed');
  });

  it('a live run (written within the heartbeat) is left alone by readers and by the sweep', async () => {
    const before = await remaining();
    const id = await abandoned('running', 10_000);
    expect((await call('GET', `/api/sentiment/analyses/${id}`, analyst)).body).toMatchObject({ state: 'running', credits: 5 });
    expect(await failLostRuns(t.ctx)).toBe(0);
    expect(await remaining()).toBe(before - 5);
    await t.ctx.db.update(sentimentAnalyses).set({ state: 'failed' }).where(eq(sentimentAnalyses.id, id));
  });

  it('the sweep fails a lost run nobody looks at, and a queued one the queue lost after an hour', async () => {
    const before = await remaining();
    const running = await abandoned('running', RUNNING_LOST_AFTER_MS + 1_000);
    const queued = await abandoned('queued', QUEUED_LOST_AFTER_MS + 1_000);
    const waiting = await abandoned('queued', 60_000);
    expect(await failLostRuns(t.ctx)).toBe(2);
    const states = await t.ctx.db.select({ id: sentimentAnalyses.id, state: sentimentAnalyses.state }).from(sentimentAnalyses);
    const stateOf = (id: string) => states.find((s) => s.id === id)?.state;
    expect([stateOf(running), stateOf(queued), stateOf(waiting)]).toEqual(['failed', 'failed', 'queued']);
    expect(await remaining()).toBe(before - 5);
    // A failed analysis can be run again.
    const again = await call('POST', `/api/sentiment/analyses/${running}/run`, analyst, { text_column: 'Comment', engine: 'offline' });
    expect(again.status).toBe(202);
  });
});
