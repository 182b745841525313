import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createEventBus, type EventBus } from './events.ts';
import { createJobs, type Jobs } from './jobs.ts';

// Job workers poll every 5 s on PostgreSQL; a job sent by one process is started by another within
// about half a second because the send wakes every process's workers through the event bus.

const log = { error: () => {}, warn: () => {} };

if (!process.env.TEST_DATABASE_URL) {
  console.info('Job wake-ups between processes need PostgreSQL: skipped here, run with TEST_DATABASE_URL.');
}
describe.skipIf(!process.env.TEST_DATABASE_URL)('job queue across two processes on one PostgreSQL', () => {
  let t: TestApp;
  let sender: { jobs: Jobs; events: EventBus };
  let worker: { jobs: Jobs; events: EventBus };
  const ran: { n: number; at: number }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    // Two more job queues with their own listening connections: two processes as far as jobs go.
    const process = () => {
      const events = createEventBus(t.ctx.database, log);
      return { events, jobs: createJobs(t.ctx.database, log, events) };
    };
    worker = process();
    worker.jobs.define<{ n: number }>('wake-probe', async ({ n }) => {
      ran.push({ n, at: Date.now() });
    });
    await worker.jobs.start();
    sender = process();
    await sender.jobs.start();
    // The listening connections are ready once a signal makes the round trip.
    for (let heard = false; !heard; ) {
      const off = worker.events.subscribe('ready-probe', () => {
        heard = true;
      });
      await sender.events.publish('ready-probe', 'x');
      await new Promise((resolve) => setTimeout(resolve, 200));
      off();
    }
  });
  afterAll(async () => {
    for (const p of [sender, worker]) {
      await p?.jobs.stop();
      await p?.events.close();
    }
    await t?.close();
  });

  it('starts a job sent by another process within about a second, well before the 5 s poll', async () => {
    for (let n = 0; n < 3; n++) {
      const sent = Date.now();
      await sender.jobs.send('wake-probe', { n });
      await expect.poll(() => ran.find((r) => r.n === n), { timeout: 8000, interval: 50 }).toBeTruthy();
      expect(ran.find((r) => r.n === n)!.at - sent).toBeLessThan(2000);
    }
  });
});
