import { Worker } from 'node:worker_threads';
import { badRequest } from './errors.ts';

/**
 * Runs the exported functions of one module in worker threads, with a heap cap and a time limit per
 * call (ARCHITECTURE.md: parsers of untrusted files run in a worker with memory and time caps).
 * A call that runs too long, or a worker that runs out of memory, terminates that worker; the caller
 * gets a clear error and the next call starts a fresh one. An idle worker is kept for `idleMs` so a
 * document's next step (count, then read, then write) finds its modules loaded (loading pdfjs cold
 * costs more than reading 20 pages), and is terminated after, which gives its memory back.
 * Byte arrays in arguments and results are transferred, not copied, when `transfer` says so.
 */
export interface WorkerTaskOptions {
  heapMb: number;
  timeoutMs: number;
  idleMs: number;
  /** Shown when the worker runs out of memory or time. */
  describe: string;
}

type Fn = (...args: never[]) => unknown;
type Exports = Record<string, unknown>;
type Callable<M extends Exports> = { [K in keyof M]: M[K] extends Fn ? K : never }[keyof M];

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; status?: number };
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
  settle?: (reply: Reply | Error) => void;
}

const ENTRY = new URL('./worker-entry.ts', import.meta.url);
let nextId = 1;

export function workerTask<M extends Exports>(moduleUrl: URL, options: WorkerTaskOptions) {
  const slots = new Set<Slot>();

  const retire = (slot: Slot) => {
    slots.delete(slot);
    clearTimeout(slot.idle);
    void slot.worker.terminate();
  };

  const spawn = (): Slot => {
    const worker = new Worker(ENTRY, {
      workerData: { module: moduleUrl.href },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    const slot: Slot = { worker, busy: false };
    worker.unref();
    worker.on('message', (reply: Reply) => slot.settle?.(reply));
    worker.on('error', (err: Error & { code?: string }) => {
      retire(slot);
      slot.settle?.(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(`${options.describe} needs more memory than the portal allows.`) : err,
      );
    });
    worker.on('exit', () => {
      slots.delete(slot);
      slot.settle?.(new Error(`The ${options.describe.toLowerCase()} worker stopped`));
    });
    slots.add(slot);
    return slot;
  };

  async function run<K extends Callable<M>>(
    fn: K,
    args: M[K] extends Fn ? Parameters<M[K]> : never,
    transfer: ArrayBuffer[] = [],
  ): Promise<M[K] extends Fn ? Awaited<ReturnType<M[K]>> : never> {
    const slot = [...slots].find((s) => !s.busy) ?? spawn();
    slot.busy = true;
    clearTimeout(slot.idle);
    const id = nextId++;
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        const timer = setTimeout(() => {
          retire(slot);
          reject(badRequest(`${options.describe} took too long (over ${Math.round(options.timeoutMs / 1000)} s).`));
        }, options.timeoutMs);
        slot.settle = (r) => {
          clearTimeout(timer);
          slot.settle = undefined;
          if (r instanceof Error) reject(r);
          else if (r.id === id) resolve(r);
        };
        slot.worker.postMessage({ id, fn, args }, transfer);
      });
      if (reply.error) {
        throw reply.error.status === 400 ? badRequest(reply.error.message) : new Error(reply.error.message);
      }
      return reply.result as never;
    } finally {
      slot.busy = false;
      if (slots.has(slot)) slot.idle = setTimeout(() => retire(slot), options.idleMs).unref();
    }
  }

  /** Terminates every worker (tests, shutdown). */
  async function close(): Promise<void> {
    const all = [...slots];
    for (const s of all) retire(s);
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  return { run, close };
}
