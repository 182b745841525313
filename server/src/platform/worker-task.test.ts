import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { workerTask } from './worker-task.ts';

const task = workerTask<typeof import('../../test/workers/slow-task.ts')>(new URL('../../test/workers/slow-task.ts', import.meta.url), {
  heapMb: 32,
  timeoutMs: 10_000,
  idleMs: 60_000,
  describe: 'Reading this file',
});
afterAll(() => task.close());

describe('workerTask', { timeout: 30_000 }, () => {
  it('runs a function in a worker, transfers bytes back, and keeps the worker for the next call', async () => {
    const out = await task.run('double', [new Uint8Array([1, 2, 3])]);
    expect([...out]).toEqual([2, 4, 6]);
    expect([...(await task.run('double', [new Uint8Array([5])]))]).toEqual([10]);
  });

  it('turns a 400 thrown in the worker into the same clear 400', async () => {
    const err = await task.run('refuse', ['This file is damaged.']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, message: 'This file is damaged.' });
  });

  it('terminates a worker that runs too long or out of memory, and the next call works', async () => {
    await expect(task.run('spin', [])).rejects.toThrow(/took too long/);
    await expect(task.run('hoard', [])).rejects.toThrow(/more memory than the portal allows/);
    expect([...(await task.run('double', [new Uint8Array([7])]))]).toEqual([14]);
  }, 60_000);
});
