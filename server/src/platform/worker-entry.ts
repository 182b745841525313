// The worker side of worker-task.ts: loads one module and runs its exported functions on request.
// Byte arrays in a result go back transferred (a translated pdf is not copied between threads).
import { parentPort, workerData } from 'node:worker_threads';

const mod = (await import(workerData.module as string)) as Record<string, (...args: unknown[]) => unknown>;

function transferables(value: unknown): ArrayBuffer[] {
  if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) {
    return value.buffer instanceof ArrayBuffer ? [value.buffer] : [];
  }
  return [];
}

parentPort!.on('message', async ({ id, fn, args }: { id: number; fn: string; args: unknown[] }) => {
  try {
    const f = mod[fn];
    if (typeof f !== 'function') throw new Error(`No function ${fn} in ${workerData.module}`);
    let result = await f(...args);
    // A Buffer from Node's pool shares its memory: copied into its own so it can be transferred.
    if (result instanceof Uint8Array && result.byteLength !== result.buffer.byteLength) result = new Uint8Array(result);
    parentPort!.postMessage({ id, result }, transferables(result));
  } catch (err) {
    const e = err as Error & { status?: number };
    parentPort!.postMessage({ id, error: { message: e.message, status: e.status } });
  }
});
